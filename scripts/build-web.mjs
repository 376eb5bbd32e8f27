#!/usr/bin/env node
// Builds the browser apps: the storefront (apps/web/build) and the back office (apps/admin/build).
// With --if-changed it first compares, for each app, a hash of everything its build reads (the
// app's sources and config, the shared contracts, the lockfile) with the hash stored by its last
// build, and skips that build when they match: `npm start` then starts at once.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
/** Files every build reads besides its app's folder. */
const SHARED_DIRS = ['packages/contracts'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED_DIRS = new Set(['node_modules', 'build', '.react-router', 'test']);

/** Each app: its workspace, what it reads, and the files without which a build is no build. */
const APPS = [
  { name: 'web app', workspace: 'apps/web', builtFiles: ['server/index.js', 'client'] },
  { name: 'back office', workspace: 'apps/admin', builtFiles: ['index.html', 'assets'] },
];

function filesUnder(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...filesUnder(path));
    } else if (entry.isFile()) {
      found.push(path);
    }
  }
  return found;
}

/** sha256 over each input's path and content, in a fixed order: the same sources give the same hash on any machine. */
function inputsHash(appDir) {
  const files = [
    ...[appDir, ...SHARED_DIRS].flatMap((dir) => filesUnder(join(ROOT, dir))),
    ...INPUT_FILES.map((file) => join(ROOT, file)).filter((file) => existsSync(file)),
  ].map((file) => relative(ROOT, file).split(sep).join('/')).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function lastBuildHash(buildDir, builtFiles, stamp) {
  // A build without its entry files is no build, whatever its stamp says.
  if (!builtFiles.every((file) => existsSync(join(buildDir, file)))) return null;
  return existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
}

const ifChanged = process.argv.includes('--if-changed');
for (const target of APPS) {
  const buildDir = join(ROOT, target.workspace, 'build');
  const stamp = join(buildDir, '.inputs-sha256');
  const hash = inputsHash(target.workspace);
  if (ifChanged && lastBuildHash(buildDir, target.builtFiles, stamp) === hash) {
    console.log(`${target.name}: sources unchanged since the last build, not rebuilt (npm run build rebuilds it)`);
    continue;
  }
  console.log(ifChanged && existsSync(stamp) ? `${target.name}: sources changed, building…` : `${target.name}: building…`);
  rmSync(stamp, { force: true });
  const started = performance.now();
  // On `npm start` the bundler's page of file sizes is kept back, one line says it is done; a failed build shows it all.
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
    cwd: ROOT, stdio: ifChanged ? ['ignore', 'pipe', 'pipe'] : 'inherit', encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    if (ifChanged) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    process.exit(result.status ?? 1);
  }
  if (ifChanged) console.log(`${target.name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // The hash of the sources as they were when the build started: a file edited during the build makes the next start build again.
  writeFileSync(stamp, `${hash}\n`);
}
