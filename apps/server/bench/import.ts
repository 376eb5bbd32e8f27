/**
 * npm run bench:import [-- --rows 100000 --stones 20000 --duration 10]
 *
 * The CSV import on PostgreSQL (BENCH_DATABASE_URL, a fresh database gemstore_bench_import): a store
 * with `--stones` stones (npm run seed:large), a generated file of `--rows` new stones, imported by
 * the server's own job runner (NODE_ENV=production). Reports the import's time (issue: at most 60 s
 * for 100,000 rows) and the storefront's filtered-listing requests/s idle and while the import runs
 * (issue: at least half the idle figure), measured with autocannon from a separate process.
 * Writes the figures to docs/benchmarks-import.md.
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { stringify } from 'csv-stringify/sync';
import { STONE_CSV_COLUMNS } from '@gemstore/contracts';
import { openDatabase, staff, storeDomains } from '@gemstore/db';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../src/lib/password.ts';
import { productionSecrets, root, start, stop, tsx, waitFor } from './processes.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    stones: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    port: { type: 'string', default: '3993' },
    out: { type: 'string', default: join(root, 'docs/benchmarks-import.md') },
  },
});
const rows = Number(args.rows);
const duration = Number(args.duration);
const connections = Number(args.connections);
const DOMAIN = 'bench.localhost';
const EMAIL = 'owner@bench.test';
const PASSWORD = 'bench-owner-password';
const base = `http://127.0.0.1:${args.port}`;
const headers = { domain: DOMAIN };

// A fresh database, seeded with the store whose listing is measured, and an owner to import with.
const adminDb = postgres(args['pg-url'], { max: 1, onnotice: () => {} });
await adminDb.unsafe('drop database if exists gemstore_bench_import with (force)');
await adminDb.unsafe('create database gemstore_bench_import');
await adminDb.end();
const url = new URL(args['pg-url']); url.pathname = '/gemstore_bench_import';
const databaseUrl = url.toString();
console.log(`seeding ${args.stones} stones…`);
execFileSync(tsx, ['packages/db/src/seed/large.ts', '--stones', args.stones, '--domain', DOMAIN], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'inherit' });
const handle = await openDatabase({ databaseUrl, poolSize: 1 });
const [domain] = await handle.db.select({ storeId: storeDomains.storeId }).from(storeDomains).where(eq(storeDomains.domain, DOMAIN));
await handle.db.insert(staff).values({ storeId: domain!.storeId, name: 'Bench owner', email: EMAIL, role: 'owner', status: 'active', passwordHash: await hashPassword(PASSWORD) });
await handle.close();

const server = start('apps/server/src/main.ts', {
  ...productionSecrets, DATABASE_URL: databaseUrl, PORT: args.port, HOST: '127.0.0.1', NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'warn',
  JOBS_POLL_SECONDS: '0.5',
});
try {
  await waitFor(`${base}/api/store-profile`, headers);
  const login = await (await fetch(`${base}/api/admin/login`, {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  })).json() as { token: string };
  const auth = { ...headers, authorization: `Bearer ${login.token}` };

  // The file: new stones over the store's products and lists, by name as a person writes them.
  const catalog = await (await fetch(`${base}/api/admin/catalog`, { headers: auth })).json() as {
    products: { name: string; url: string }[]; attributes: Record<'grade' | 'color' | 'clarity' | 'shape' | 'origin', { value: string }[]>;
  };
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  const records = Array.from({ length: rows }, (_, i) => ({
    sku: `IMP-${String(i + 1).padStart(7, '0')}`, product: pick(catalog.products, i).name,
    weight_mg: 300 + ((i * 7919) % 3000), width_mm: 6.5, length_mm: 8.2, depth_mm: 4.1,
    grade: pick(catalog.attributes.grade, i).value, color: pick(catalog.attributes.color, i >> 1).value,
    clarity: pick(catalog.attributes.clarity, i >> 2).value, shape: pick(catalog.attributes.shape, i >> 3).value,
    origin: pick(catalog.attributes.origin, i >> 4).value, certificate_lab: 'GIA', certificate_number: `R${1_000_000 + i}`,
    price: 5000 + ((i * 104_729) % 200_000), description: `Imported stone ${i + 1}.`, status: 'available',
  }));
  const csv = stringify(records, { header: true, columns: [...STONE_CSV_COLUMNS] });
  console.log(`file: ${rows} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB`);

  const listing = {
    url: `${base}/api/product-items?page=1`, method: 'POST' as const, connections, pipelining: 1,
    headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ filter: { product: catalog.products[0]!.url } }),
  };
  await autocannon({ ...listing, duration: 2 });
  const idle = await autocannon({ ...listing, duration });
  console.log(`listing idle: ${idle.requests.average.toFixed(0)} req/s, p99 ${idle.latency.p99} ms`);

  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const t0 = performance.now();
  const started = await (await fetch(`${base}/api/admin/imports`, { method: 'POST', headers: auth, body: form })).json() as { job: { id: number } };
  type Job = { status: string; processed: number; created: number; failed: number; started_at: string | null; finished_at: string | null; message: string | null };
  const jobOf = async () => (await (await fetch(`${base}/api/admin/imports/${started.job.id}`, { headers: auth })).json() as { job: Job }).job;

  // The listing under load in windows of 5 s while the job runs.
  const during: { rps: number; p99: number }[] = [];
  let job = await jobOf();
  while (job.status === 'queued' || job.status === 'running') {
    const r = await autocannon({ ...listing, duration: 5 });
    job = await jobOf();
    during.push({ rps: r.requests.average, p99: r.latency.p99 });
    console.log(`  ${job.processed} rows, listing ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms`);
  }
  const wall = (performance.now() - t0) / 1000;
  const jobSeconds = job.started_at && job.finished_at ? (Date.parse(job.finished_at) - Date.parse(job.started_at)) / 1000 : Number.NaN;
  // Windows that ended after the job did measured partly idle time: the mean is over all, the worst window beside it.
  const meanDuring = during.reduce((s, d) => s + d.rps, 0) / Math.max(during.length, 1);
  const worstDuring = Math.min(...during.map((d) => d.rps));
  const lines = [
    `Import: ${job.status}, ${job.created} created, ${job.failed} failed${job.message ? ` (${job.message})` : ''}.`,
    `Import time: ${jobSeconds.toFixed(1)} s in the runner (claim to done), ${wall.toFixed(1)} s from the upload to the report (target: at most 60 s).`,
    `Listing (POST product-items page 1, ${connections} connections): idle ${idle.requests.average.toFixed(0)} req/s (p99 ${idle.latency.p99} ms);`
    + ` during the import ${meanDuring.toFixed(0)} req/s on average over ${during.length} windows of 5 s, ${worstDuring.toFixed(0)} in the worst`
    + ` = ${(meanDuring / idle.requests.average).toFixed(2)} x idle (target: at least 0.5).`,
  ];
  const doc = `# Import benchmark

Measured by \`npm run bench:import -- --rows ${rows} --stones ${args.stones} --duration ${duration}\` on ${new Date().toISOString().slice(0, 10)}.
Machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; PostgreSQL, server, and
autocannon share these cores. The import runs in the server's own job runner (batches of IMPORT_BATCH_ROWS, default 1,000).

${lines.map((l) => `- ${l}`).join('\n')}
`;
  writeFileSync(args.out, doc);
  console.log(`\n${lines.join('\n')}\nwritten to ${args.out}`);
} finally {
  await stop(server);
}
