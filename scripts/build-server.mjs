#!/usr/bin/env node
// Compiles the server into one JavaScript file, apps/server/dist/main.js, which production runs
// with plain node (`npm run start:prod`). The workspace packages (@gemstore/db, @gemstore/contracts),
// written in TypeScript, are bundled in; every installed package stays an import from node_modules,
// so packages that load files of their own at run time (PGlite's wasm and data, sharp's native
// binding, pino's workers) find them where npm installed them.
import { build } from 'esbuild';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** @type {import('esbuild').Plugin} */
const installedPackagesExternal = {
  name: 'installed-packages-external',
  setup(pluginBuild) {
    // A bare specifier (not ./, ../ or /) names a package; only the workspace's own are compiled in.
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@gemstore/') ? undefined : { path: args.path, external: true }));
  },
};

const started = performance.now();
await build({
  absWorkingDir: ROOT,
  entryPoints: ['apps/server/src/main.ts'],
  outfile: 'apps/server/dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  plugins: [installedPackagesExternal],
  logLevel: 'warning',
});
console.log(`server: apps/server/dist/main.js built in ${Math.round(performance.now() - started)} ms`);
