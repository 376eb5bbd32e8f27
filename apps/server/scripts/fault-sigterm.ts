/**
 * npm run fault:sigterm [-- --workers 32 --before 3 --postgres | --database-url postgres://… --web-concurrency 2 --max-exit-seconds 15]
 *
 * SIGTERM under keep-alive load. Starts the real server with the demo data on PGlite in a fresh
 * folder, or on PostgreSQL: a throwaway cluster (--postgres, as fault:outage makes) or the database
 * --database-url names. Drives keep-alive load over the demo store's calls, sends SIGTERM mid-load
 * and keeps the load on. Counts connection resets and 5xx answers among the requests written before
 * the signal and those that reached an open connection after it (the targets are zero: a keep-alive
 * client gets `Connection: close` on its last answer); checks that a new connection is refused once
 * the server is draining, and that the process exits by itself, with code 0, in bounded time.
 * With --web-concurrency N (PostgreSQL only) the server runs N worker processes (WEB_CONCURRENCY) and
 * the signal goes to their primary, which passes it on; the targets are the same. A list (`1,2`) runs
 * each case in turn on the same database, the server started afresh each time (the first start
 * migrates and seeds it, the later ones find it ready).
 * Prints the figures of each case; exits 1 when a target is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEMO_DOMAIN, type RequestSpec, cleanUpOnInterrupt, countBy, outcome, report, runLoad, send, sleep, startServer, type ServerProcess,
} from './fault-support.ts';
import { type Cluster, createCluster } from './throwaway-postgres.ts';

const { values: args } = parseArgs({
  options: {
    workers: { type: 'string', default: '32' },
    before: { type: 'string', default: '3' },
    'database-url': { type: 'string' },
    postgres: { type: 'boolean', default: false },
    'max-exit-seconds': { type: 'string', default: '15' },
    'web-concurrency': { type: 'string', default: '1' },
  },
});
const concurrencies = args['web-concurrency'].split(',').map(Number);
if (concurrencies.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error('--web-concurrency takes a number of workers, or a list of them (1,2).');
  process.exit(2);
}
if (concurrencies.some((n) => n > 1) && !args.postgres && !args['database-url']) {
  console.error('--web-concurrency above 1 needs --postgres or --database-url: the embedded database belongs to one process.');
  process.exit(2);
}
const workers = Number(args.workers);
const beforeMs = Number(args.before) * 1000;
const maxExitMs = Number(args['max-exit-seconds']) * 1000;
/** A start migrates and seeds, or loads the app in each worker: on a busy 2-core machine that takes minutes. */
const START_TIMEOUT_MS = 180_000;

const dataDir = mkdtempSync(join(tmpdir(), 'gemstore-sigterm-'));
cleanUpOnInterrupt(async () => rmSync(dataDir, { recursive: true, force: true }));
const servers: ServerProcess[] = [];
let cluster: Cluster | undefined;
try {
  if (args.postgres) {
    cluster = await createCluster();
    await cluster.start();
  }
  const databaseUrl = cluster?.url ?? args['database-url'];
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  for (const webConcurrency of concurrencies) await sigtermUnderLoad(webConcurrency, databaseUrl, database);
} finally {
  for (const server of servers) await server.stop();
  await cluster?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}

/** One case: the server with this many workers, SIGTERM under keep-alive load, the figures and the targets. */
async function sigtermUnderLoad(webConcurrency: number, databaseUrl: string | undefined, database: string): Promise<void> {
  const startedAt = performance.now();
  console.log(`starting the server on ${database}${webConcurrency > 1 ? ` with ${webConcurrency} workers` : ''} with the demo data…`);
  const server = await startServer({
    DATA_DIR: dataDir, NODE_ENV: 'test', SEED_DEMO: 'true', WEB_CONCURRENCY: String(webConcurrency),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }, START_TIMEOUT_MS);
  servers.push(server);
  console.log(`server ready after ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  const base = server.base;
  const api = { domain: DEMO_DOMAIN };
  const probe = new Agent({ keepAlive: false });
  const listing = await send(probe, base, {
    kind: 'listing', method: 'POST', path: '/api/product-items?page=1', headers: api, body: { filter: { product: 'blue-sapphire' } },
  }, 10_000);
  const firstStone = (listing.json as { data?: { url: { url: string }[] }[] } | undefined)?.data?.[0]?.url[0]?.url;
  const calls: RequestSpec[] = [
    { kind: 'store-profile', method: 'GET', path: '/api/store-profile', headers: api },
    { kind: 'listing', method: 'POST', path: '/api/product-items?page=1', headers: api, body: { filter: { product: 'blue-sapphire' } } },
    { kind: 'listing', method: 'POST', path: '/api/product-items?page=3', headers: api, body: { filter: { product: 'ruby' } } },
    ...(firstStone ? [{ kind: 'item-details', method: 'GET', path: `/api/item-details/${firstStone}`, headers: api } as RequestSpec] : []),
  ];
  let turn = 0;
  let signalAt = Infinity;
  const load = runLoad(base, workers, () => calls[turn++ % calls.length]!, {
    // After the signal a worker ends once its connection is gone: a refused or reset connection means the server stopped taking it.
    after: (sample) => (sample.start >= signalAt && (sample.error || sample.connectionClose) ? false : undefined),
  });

  await sleep(beforeMs);
  signalAt = performance.now();
  server.child.kill('SIGTERM');
  // The server has taken the signal in once an answer says Connection: close; a connection opened after that must be refused.
  const drainSeen = async () => {
    for (let i = 0; i < 500 && server.exitCode() === undefined; i++) {
      if (load.samples.some((s) => s.end >= signalAt && s.connectionClose)) return true;
      await sleep(10);
    }
    return false;
  };
  const newConnection = (await drainSeen())
    ? await send(probe, base, { kind: 'new connection', method: 'GET', path: '/api/store-profile', headers: api }, 5_000)
    : undefined;
  let exitTimer: NodeJS.Timeout | undefined;
  const exit = await Promise.race([server.exited, new Promise<'still running'>((r) => { exitTimer = setTimeout(() => r('still running'), maxExitMs); })]);
  clearTimeout(exitTimer);
  const exitMs = performance.now() - signalAt;
  await load.stop();

  const samples = load.samples;
  const beforeSignal = samples.filter((s) => s.written !== undefined && s.written < signalAt);
  const afterSignal = samples.filter((s) => !(s.written !== undefined && s.written < signalAt));
  const inFlightAtSignal = beforeSignal.filter((s) => s.end >= signalAt);
  // A refused connection is the server no longer accepting; any other failure to answer is a reset of an accepted one.
  const resets = samples.filter((s) => s.error && s.error !== 'ECONNREFUSED');
  const fiveHundreds = samples.filter((s) => (s.status ?? 0) >= 500);
  const figures = {
    'requests': samples.length,
    'written before the signal': countBy(beforeSignal, outcome),
    'of those, in flight at the signal': countBy(inFlightAtSignal, outcome),
    'written after the signal, on open keep-alive connections': countBy(afterSignal.filter((s) => s.reusedConnection), outcome),
    'written after the signal, on new connections': countBy(afterSignal.filter((s) => !s.reusedConnection), outcome),
    'answers after the signal with Connection: close': samples.filter((s) => s.end >= signalAt && s.connectionClose).length,
    'connection resets': resets.length,
    '5xx answers': fiveHundreds.length,
    'a new connection once the server is draining': newConnection ? outcome(newConnection) : 'no sign of draining',
    'exit': exit === 'still running' ? `still running after ${maxExitMs / 1000} s` : `code ${exit} after ${(exitMs / 1000).toFixed(2)} s`,
  };
  const misses: string[] = [];
  if (beforeSignal.filter((s) => s.status === 200).length < workers) misses.push('the load was running when the signal came');
  if (resets.length) misses.push('no connection resets: a keep-alive client gets Connection: close on its last answer');
  if (fiveHundreds.length) misses.push('no 5xx answers');
  if (beforeSignal.some((s) => s.status !== 200)) misses.push('every request written before the signal answered 200');
  if (afterSignal.some((s) => s.reusedConnection && s.status !== 200)) misses.push('requests that reach an open connection after the signal are served');
  if (newConnection?.error !== 'ECONNREFUSED') misses.push('new connections are refused once the server is draining');
  if (exit !== 0) misses.push(`the process exits by itself with code 0 within ${maxExitMs / 1000} s`);
  if (misses.length) console.log(`\nserver output (tail):\n${server.output().slice(-4000)}`);
  const processes = webConcurrency > 1 ? `, ${webConcurrency} server workers` : '';
  report(`SIGTERM under load (${database}${processes}, ${workers} keep-alive connections, signal after ${beforeMs / 1000} s)`, figures, misses);
}
