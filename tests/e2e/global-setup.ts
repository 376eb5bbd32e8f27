import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, SERVER_BUNDLE, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePort: number;
  }
}

/**
 * One real server for the whole browser suite (the seed takes a while). `npm test` builds the web
 * app and the server bundle before this runs; a bare `vitest run --project e2e` builds what is
 * missing here.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(ROOT, 'apps/web/build/server/index.js'))) {
    execSync('npm run build:web', { cwd: ROOT, stdio: 'inherit' });
  }
  if (!existsSync(SERVER_BUNDLE)) execSync('npm run build:server', { cwd: ROOT, stdio: 'inherit' });
  const server = await startServer();
  project.provide('e2ePort', server.port);
  return async () => {
    await server.stop();
  };
}
