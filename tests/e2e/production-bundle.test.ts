import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_SECRETS } from '../../apps/server/test/helper.ts';
import { ROOT, SERVER_BUNDLE, startServer, type RunningServer } from './server.ts';

/*
 * Production runs the compiled server (`npm run start:prod`): plain node, no TypeScript loader,
 * started here from its data directory so that nothing resolves against the working directory.
 * `npm test` builds the bundle before the browser suite; this file builds nothing.
 */

let server: RunningServer;
const base = () => `http://127.0.0.1:${server.port}`;

beforeAll(async () => {
  expect(existsSync(SERVER_BUNDLE), `${SERVER_BUNDLE} is missing: run "npm run build"`).toBe(true);
  server = await startServer({
    bundle: true,
    // Without the demo seed: the first start is the migrations alone.
    env: { NODE_ENV: 'production', ...PRODUCTION_SECRETS, SEED_DEMO: 'false', LOG_LEVEL: 'info' },
    readyPath: '/api/health',
    timeoutMs: 90_000,
  });
});
afterAll(async () => {
  await server?.stop();
});

describe('the compiled server in production', () => {
  it('migrates PGlite from the migrations folder and answers its health check', async () => {
    const res = await fetch(`${base()}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });

    // The log is JSON lines, and the start said what it did.
    const journal = JSON.parse(readFileSync(join(ROOT, 'packages/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const count = journal.entries.length;
    const messages = server.output().split('\n').filter((line) => line.startsWith('{')).map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContainEqual(expect.stringMatching(new RegExp(`^migrations: ${count} of ${count} applied in \\d+ ms$`)));
  });

  it('serves the web build, and no development-only route', async () => {
    const asset = readdirSync(join(ROOT, 'apps/web/build/client/assets')).find((name) => name.endsWith('.js'));
    expect(asset).toBeDefined();
    const res = await fetch(`${base()}/assets/${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${base()}/api/dev/outbox?to=x`, { headers: { domain: 'localhost' } })).status).toBe(404);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    expect(await server.stop()).toBe(0);
  });
});
