import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * The real web build, for tests of the server-rendered pages: `npm test` builds it before the
 * server suite; a server test run on its own builds it when its sources changed since the last
 * build (the same check `npm start` makes, so an unchanged build costs a hash of the sources).
 */
export function webBuild(): string {
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-web.mjs'), '--if-changed'], { cwd: ROOT, stdio: 'ignore' });
  return join(ROOT, 'apps/web/build');
}
