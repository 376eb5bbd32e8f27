import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort, ROOT } from '../../apps/server/scripts/fault-support.ts';

export { ROOT };

export interface RunningServer {
  port: number;
  /** Everything the server wrote to standard output and error so far. */
  output(): string;
  /** SIGTERM (SIGKILL after 10 s), then the data directory is removed; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** The compiled server `npm run build` writes (scripts/build-server.mjs). */
export const SERVER_BUNDLE = join(ROOT, 'apps/server/dist/main.js');

/** A fresh, empty data directory: the server seeds the demo on its first start there. */
export function makeDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'gemstore-e2e-'));
}

/**
 * The real server as a child process on its own embedded database (the demo seed runs at first
 * start), serving the built web app. Resolves once the API answers for the demo store. It runs with
 * NODE_ENV=test: the built app as in production, but with the dev outbox (GET /api/dev/outbox),
 * where the browser tests read the one-time codes the outbox sender stored.
 */
export async function startServer({
  timeoutMs = 150_000, env: extraEnv = {}, dataDir: givenDataDir, port: givenPort, bundle = false, readyPath = '/api/store-profile',
}: {
  timeoutMs?: number;
  /** Settings added for this server (the sandbox payment provider, the reservation sweep). */
  env?: Record<string, string>;
  /**
   * The caller's data directory, kept when the server stops so a server started again on it finds
   * the same database, media and uploads. Without it: a fresh one, removed on stop.
   */
  dataDir?: string;
  /** Listen on this port (a restarted server keeps the origin, and so the browser's sign-in). */
  port?: number;
  /** Run the compiled server with plain node, from its data directory, instead of the sources through tsx. */
  bundle?: boolean;
  /** Answers 200 (asked for the demo store) once the server is ready; a server without the demo seed needs another path. */
  readyPath?: string;
} = {}): Promise<RunningServer> {
  const port = givenPort ?? await freePort();
  const dataDir = givenDataDir ?? makeDataDir();
  // The embedded database: a DATABASE_URL meant for the server suite is not for this run.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const [command, args] = bundle ? [process.execPath, [SERVER_BUNDLE]] : ['npx', ['tsx', 'apps/server/src/main.ts']];
  const child: ChildProcess = spawn(command, args, {
    cwd: bundle ? dataDir : ROOT,
    // Every journey signs shoppers up and in from this one address: the per-address limit on codes
    // (30 an hour, a production guard the server suite tests) would refuse the later journeys.
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', OTP_LIMIT_PER_IP: '1000', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() ends npx, tsx and node together.
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { output += d.toString(); });
  let exited = false;
  let exitCode: number | null = null;
  child.on('exit', (code) => { exited = true; exitCode = code; });

  const group = child.pid;
  /** Whether any process of the server's group (npx, tsx, node) is still running. */
  const groupAlive = () => {
    try {
      process.kill(-group!, 0);
      return true;
    } catch {
      return false;
    }
  };
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-group!, signal);
    } catch {
      // already gone
    }
  };
  // Waits for the whole group, not just npx: node may still be closing the database after npx has
  // gone, and a data directory reused or removed then would be written by two processes.
  const stop = async () => {
    if (group) {
      signalGroup('SIGTERM');
      const deadline = Date.now() + 15_000;
      while (groupAlive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      if (groupAlive()) {
        signalGroup('SIGKILL');
        const killed = Date.now() + 5_000;
        while (groupAlive() && Date.now() < killed) await new Promise((r) => setTimeout(r, 100));
      }
    }
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
    return exitCode;
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) {
      await stop();
      throw new Error(`The server exited before answering:\n${output}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}${readyPath}`, { headers: { domain: 'localhost' } });
      if (res.ok) return { port, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`The server did not answer within ${timeoutMs} ms:\n${output}`);
}
