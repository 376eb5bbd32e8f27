/**
 * npm run fault:transactions [-- --seconds 6 --connections 50 | --database-url postgres://…]
 *
 * Transactions begun while requests keep every PostgreSQL connection busy. Starts the real server
 * with the demo data on a throwaway PostgreSQL cluster (or the database --database-url names), keeps
 * 50 connections asking for a stone, and meanwhile uploads a one-row stone import as the demo owner
 * every 50 ms (the upload, the runner's claim and its batch are each a transaction). postgres.js fails a transaction whose BEGIN went out behind other
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
import { DEMO_OWNER } from '../src/modules/staff/demo-staff.ts';
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
const UPLOAD_EVERY_MS = 50;
const IMPORT_CSV = 'sku,product,weight_mg,width_mm,length_mm,depth_mm,grade,color,clarity,shape,origin,price\n'
  + 'FT-1,Blue Sapphire,1100,8,10,4.5,AAA,Royal Blue,VVS,Oval,Sri Lanka,45000\n';

/** Uploads a one-row import every UPLOAD_EVERY_MS until `done` resolves; answers the statuses of the uploads. */
async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST', headers: { domain: DEMO_DOMAIN, 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_OWNER.email, password: DEMO_OWNER.password }),
  });
  return (await login.json() as { token: string }).token;
}

async function uploadImports(base: string, token: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.then(() => { finished = true; });
  const statuses: number[] = [];
  while (!finished) {
    const form = new FormData();
    form.set('file', new Blob([IMPORT_CSV], { type: 'text/csv' }), 'stones.csv');
    const res = await fetch(`${base}/api/admin/imports`, { method: 'POST', headers: { domain: DEMO_DOMAIN, authorization: `Bearer ${token}` }, body: form });
    statuses.push(res.status);
    const body = await res.text();
    if (res.status !== 200 && statuses.filter((x) => x !== 200).length === 1) console.log(`an upload answered ${res.status}: ${body.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, UPLOAD_EVERY_MS));
  }
  return statuses;
}

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
  server = await startServer({ DATA_DIR: dataDir, NODE_ENV: 'test', SEED_DEMO: 'true', DATABASE_URL: databaseUrl, JOBS_POLL_SECONDS: '0.5' });
  const listing = await (await fetch(`${server.base}/api/product-items?page=1`, {
    method: 'POST', headers: { domain: DEMO_DOMAIN, 'content-type': 'application/json' }, body: JSON.stringify({ filter: { product: 'blue-sapphire' } }),
  })).json() as { data: { url: { url: string }[] }[] };
  const stone = listing.data[0]!.url[0]!.url;
  const logBefore = server.output().length;
  const token = await signIn(server.base);
  const loading = autocannon({ url: `${server.base}/api/item-details/${stone}`, connections, duration: seconds, headers: { domain: DEMO_DOMAIN } });
  const uploads = await uploadImports(server.base, token, loading);
  const load = await loading;
  const log = server.output().slice(logBefore);
  const unsafe = log.split('\n').filter((line) => line.includes('UNSAFE_TRANSACTION')).length;
  const figures = {
    'requests served': load.requests.total,
    'non-2xx answers': load.non2xx,
    'imports uploaded (each at least 3 transactions)': uploads.length,
    'uploads not answered 200': uploads.filter((s) => s !== 200).length,
    'transactions failed with UNSAFE_TRANSACTION': unsafe,
  };
  const misses: string[] = [];
  if (unsafe > 0) misses.push('no transaction fails while the connections are busy');
  if (load.non2xx > 0 || load.errors > 0 || uploads.some((s) => s !== 200)) misses.push('every request answers 200');
  if (uploads.length < 3) misses.push('imports were uploaded throughout the load');
  if (misses.length) console.log(`\nserver output (tail):\n${log.slice(-3000)}`);
  report(`Transactions under load (PostgreSQL, ${connections} connections, ${seconds} s)`, figures, misses);
} finally {
  await server?.stop();
  await cluster?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
