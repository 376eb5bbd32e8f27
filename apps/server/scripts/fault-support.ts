/**
 * What the fault scripts share: the real server as a child process, and a keep-alive load whose
 * every request is recorded (when it was written, when and how it ended).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => res(port));
    });
  });
}

/** The demo's Indian store (seeded by main.ts with SEED_DEMO=true). */
export const DEMO_DOMAIN = 'localhost';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const cleanups: (() => Promise<void>)[] = [];
/**
 * Runs `cleanup` also when the script is interrupted (SIGINT, SIGTERM): a throwaway cluster runs
 * detached from the script and would outlive it.
 */
export function cleanUpOnInterrupt(cleanup: () => Promise<void>): void {
  if (cleanups.length === 0) {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        void Promise.allSettled(cleanups.map((c) => c())).then(() => process.exit(130));
      });
    }
  }
  cleanups.push(cleanup);
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  exitCode(): number | string | undefined;
  output(): string;
  /** SIGTERM, then SIGKILL after the grace: for clean-up, not for measuring. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts apps/server/src/main.ts in its own Node process (tsx as a loader, so signals reach the
 * server itself and not a wrapper) and waits until the demo store answers.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 120_000, fixedPort?: number): Promise<ServerProcess> {
  const port = fixedPort ?? await freePort();
  const { DATABASE_URL: _fromCaller, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => { output = (output + d.toString()).slice(-200_000); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let code: number | string | undefined;
  const exited = new Promise<number | string>((res) => child.once('exit', (c, signal) => { code = c ?? signal ?? 'unknown'; res(code); }));
  const server: ServerProcess = {
    child, port, base: `http://127.0.0.1:${port}`, exited,
    exitCode: () => code,
    output: () => output,
    async stop(graceMs = 15_000) {
      if (code !== undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  cleanUpOnInterrupt(() => server.stop(5_000));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (code !== undefined) throw new Error(`the server exited (${code}) before it answered:\n${output}`);
    try {
      const res = await fetch(`${server.base}/api/store-profile`, { headers: { domain: DEMO_DOMAIN } });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await server.stop();
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output}`);
}

export interface RequestSpec {
  /** A short label for the figures ("listing", "place-order"). */
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface Sample {
  kind: string;
  /** performance.now() when the request was handed to the agent. */
  start: number;
  /** When the whole request had been written to a socket (undefined if it never was). */
  written?: number;
  end: number;
  status?: number;
  /** The `code` of a JSON error answer. */
  code?: string;
  retryAfter?: string;
  /** The answer said `Connection: close`. */
  connectionClose?: boolean;
  /** Sent on a keep-alive connection that had served an earlier request. */
  reusedConnection?: boolean;
  /** The balancer's name of the process that answered (its X-Served-By header). */
  servedBy?: string;
  /** Node's error code when no answer came (ECONNRESET, ECONNREFUSED, CLIENT_TIMEOUT, …). */
  error?: string;
  json?: unknown;
}

/** Sends one request on the agent's keep-alive sockets and records what happened; never throws. */
export function send(agent: Agent, base: string, spec: RequestSpec, timeoutMs: number): Promise<Sample> {
  const sample: Sample = { kind: spec.kind, start: performance.now(), end: 0 };
  const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  return new Promise((done) => {
    let finished = false;
    const finish = () => { if (!finished) { finished = true; sample.end = performance.now(); done(sample); } };
    const req = httpRequest(new URL(spec.path, base), {
      method: spec.method, agent,
      headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...spec.headers },
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('no answer in time'), { code: 'CLIENT_TIMEOUT' })));
    req.on('finish', () => { sample.written = performance.now(); });
    req.on('socket', () => { sample.reusedConnection = req.reusedSocket; });
    req.on('error', (err: NodeJS.ErrnoException) => { sample.error = err.code ?? err.message; finish(); });
    req.on('response', (res) => {
      sample.status = res.statusCode;
      sample.connectionClose = /close/i.test(String(res.headers.connection ?? ''));
      sample.retryAfter = res.headers['retry-after'] as string | undefined;
      sample.servedBy = res.headers['x-served-by'] as string | undefined;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (err: NodeJS.ErrnoException) => { sample.error = err.code ?? err.message; finish(); });
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        if (/json/.test(String(res.headers['content-type'] ?? '')) && text) {
          try {
            sample.json = JSON.parse(text);
            const code = (sample.json as { code?: unknown }).code;
            if (typeof code === 'string') sample.code = code;
          } catch {
            // not JSON after all: the status says enough
          }
        }
        finish();
      });
    });
    req.end(payload);
  });
}

export interface Load {
  samples: Sample[];
  /** Stops issuing requests and resolves once every worker's last request has ended. */
  stop(): Promise<void>;
}

/**
 * `workers` loops over one keep-alive agent (one socket each), each asking `next(worker)` what to
 * send. A worker whose request is refused a connection pauses briefly before the next one.
 */
export function runLoad(base: string, workers: number, next: (worker: number) => RequestSpec | null, options: {
  timeoutMs?: number;
  /** Called with each finished sample; answers a pause in ms before the worker's next request, or false to end the worker. */
  after?: (sample: Sample, worker: number) => number | false | void;
} = {}): Load {
  const agent = new Agent({ keepAlive: true, maxSockets: workers, maxFreeSockets: workers });
  const samples: Sample[] = [];
  let stopping = false;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    while (!stopping) {
      const spec = next(worker);
      if (!spec) { await sleep(20); continue; }
      const sample = await send(agent, base, spec, options.timeoutMs ?? 10_000);
      samples.push(sample);
      const pause = options.after?.(sample, worker);
      if (pause === false) return;
      if (typeof pause === 'number' && pause > 0) await sleep(pause);
      else if (sample.error === 'ECONNREFUSED') await sleep(50);
    }
  });
  return {
    samples,
    async stop() {
      stopping = true;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

/** The p-th percentile (0..100) of the values, 0 for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) { const k = key(item); out[k] = (out[k] ?? 0) + 1; }
  return out;
}

/** "200", "503 database_unavailable", "ECONNRESET": what one sample came to. */
export function outcome(s: Sample): string {
  if (s.error) return s.error;
  return s.code && (s.status ?? 0) >= 400 ? `${s.status} ${s.code}` : String(s.status);
}

/** Prints the figures and the targets, and sets the exit code when one is missed. */
export function report(title: string, figures: Record<string, unknown>, misses: string[]): void {
  console.log(`\n${title}`);
  for (const [name, value] of Object.entries(figures)) {
    console.log(`  ${name}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
  if (misses.length) {
    console.log(`\nTARGETS MISSED:\n${misses.map((m) => `  - ${m}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('\nall targets met');
  }
}
