/**
 * npm run fault:transactions [-- --seconds 6 --connections 50 | --database-url postgres://…]
 *
 * Transactions begun while requests keep every PostgreSQL connection busy. Starts the real server
 * with the demo data on a throwaway PostgreSQL cluster (or the database --database-url names), with
 * its import runner looking for work every 50 ms (each look is a transaction), and keeps 50
 * connections asking for a stone. postgres.js fails a transaction whose BEGIN went out behind other
 * statements on a busy connection (UNSAFE_TRANSACTION, porsager/postgres#823); the server keeps
 * transactions on connections of their own (packages/db/src/postgres-pool.ts). The target: no
 * transaction fails. Prints the figures; exits 1 when a target is missed.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_DOMAIN, cleanUpOnInterrupt, report, startServer } from './fault-support.ts';
import { type Cluster, createCluster } from './throwaway-postgres.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '50' },
    'database-url': { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const RUNNER_SECONDS = 0.05;

const dataDir = mkdtempSync(join(tmpdir(), 'gemstore-transactions-'));
cleanUpOnInterrupt(async () => rmSync(dataDir, { recursive: true, force: true }));
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let cluster: Cluster | undefined;
try {
  if (!args['database-url']) {
    cluster = await createCluster();
    await cluster.start();
  }
  const databaseUrl = cluster?.url ?? args['database-url']!;
  console.log('starting the server on PostgreSQL with the demo data…');
  server = await startServer({ DATA_DIR: dataDir, NODE_ENV: 'test', SEED_DEMO: 'true', DATABASE_URL: databaseUrl, IMPORT_RUNNER_SECONDS: String(RUNNER_SECONDS) });
  const listing = await (await fetch(`${server.base}/api/product-items?page=1`, {
    method: 'POST', headers: { domain: DEMO_DOMAIN, 'content-type': 'application/json' }, body: JSON.stringify({ filter: { product: 'blue-sapphire' } }),
  })).json() as { data: { url: { url: string }[] }[] };
  const stone = listing.data[0]!.url[0]!.url;
  const logBefore = server.output().length;
  const load = await autocannon({ url: `${server.base}/api/item-details/${stone}`, connections, duration: seconds, headers: { domain: DEMO_DOMAIN } });
  const log = server.output().slice(logBefore);
  const unsafe = log.split('\n').filter((line) => line.includes('UNSAFE_TRANSACTION')).length;
  const figures = {
    'requests served': load.requests.total,
    'non-2xx answers': load.non2xx,
    'transactions begun by the import runner (about)': Math.round(seconds / RUNNER_SECONDS),
    'transactions failed with UNSAFE_TRANSACTION': unsafe,
  };
  const misses: string[] = [];
  if (unsafe > 0) misses.push('no transaction fails while the connections are busy');
  if (load.non2xx > 0 || load.errors > 0) misses.push('every request answers 200');
  if (misses.length) console.log(`\nserver output (tail):\n${log.slice(-3000)}`);
  report(`Transactions under load (PostgreSQL, ${connections} connections, ${seconds} s)`, figures, misses);
} finally {
  await server?.stop();
  await cluster?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
