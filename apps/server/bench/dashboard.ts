/**
 * npx tsx apps/server/bench/dashboard.ts [-- --stones 100000 --orders 10000 --runs 50]
 *
 * The back office's dashboard on PostgreSQL (BENCH_DATABASE_URL, a fresh database
 * gemstore_bench_dashboard): a store with `--stones` stones (npm run seed:large) and `--orders`
 * generated orders over the last 60 days (most paid and dispatched, some expired, cancelled,
 * pending or flagged for a refund; a few hundred returns). Times each of the dashboard's four
 * statements and the whole call in-process (`--runs` runs after a warm-up: median and 95th
 * percentile), and writes them into the dashboard section of docs/benchmarks.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { pino } from 'pino';
import { openDatabase } from '@gemstore/db';
import { loadConfig } from '../src/config.ts';
import type { StaffContext } from '../src/lib/context.ts';
import { createServices } from '../src/services.ts';
import { createFlows } from '../src/flows/index.ts';
import { createJobs } from '../src/lib/jobs.ts';
import { root, tsx } from './processes.ts';

const { values: args } = parseArgs({
  options: {
    stones: { type: 'string', default: '100000' },
    orders: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '50' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    out: { type: 'string', default: join(root, 'docs/benchmarks.md') },
  },
});
const orderCount = Number(args.orders);
const runs = Number(args.runs);
const DOMAIN = 'bench.localhost';

const admin = postgres(args['pg-url'], { max: 1, onnotice: () => {} });
await admin.unsafe('drop database if exists gemstore_bench_dashboard with (force)');
await admin.unsafe('create database gemstore_bench_dashboard');
await admin.end();
const url = new URL(args['pg-url']);
url.pathname = '/gemstore_bench_dashboard';
const databaseUrl = url.toString();
console.log(`seeding ${args.stones} stones…`);
execFileSync(tsx, ['packages/db/src/seed/large.ts', '--stones', args.stones, '--domain', DOMAIN], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'inherit' });

// Orders, set-based: customers, then one order per sold stone over 60 days, with dispatches, flags and returns.
console.log(`generating ${orderCount} orders…`);
const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
const storeId = (await sql<{ id: number }[]>`select store_id as id from store_domains where domain = ${DOMAIN}`)[0]!.id;
await sql`insert into customers (store_id, name, email, phone, password_hash, email_verified_at)
  select ${storeId}, 'Bench buyer ' || g, 'buyer' || g || '@bench.test', '97' || lpad(g::text, 8, '0'), 'x', now() from generate_series(1, 2000) g`;
await sql`create temp table bench_orders as
  select row_number() over (order by i.id) as n, i.id as item_id, i.price_paise, i.name from items i where i.store_id = ${storeId} order by i.id limit ${orderCount}`;
const address = { id: 1, name: 'Bench buyer', phone: '9800000000', address: '1 Bench Road', locality: 'Test', landmark: '', pincode: '302001', label: 'Home', country: 'India', state: 'Rajasthan', city: 'Jaipur' };
const lastNumber = (await sql<{ n: number }[]>`select coalesce(max(number), 0)::int as n from orders where store_id = ${storeId}`)[0]!.n;
await sql`insert into orders (store_id, number, customer_id, status, total_qty, total_paise, shipping_address, billing_address, payment_method_id, reserved_until, placed_on, refund_flagged_at)
  select ${storeId}, ${lastNumber} + b.n::int, (select min(id) from customers where store_id = ${storeId}) + (b.n % 2000)::int,
    (case when b.n % 20 < 17 then 'paid' when b.n % 20 < 19 then 'expired' when b.n % 40 = 19 then 'cancelled' else 'pending' end)::order_status,
    1, b.price_paise, ${sql.json(address)}, ${sql.json(address)}, 1001,
    now() - (b.n % 60) * interval '1 day' - (b.n % 1440) * interval '1 minute',
    now() - (b.n % 60) * interval '1 day' - (b.n % 1440) * interval '1 minute',
    case when b.n % 100 = 18 then now() - (b.n % 60) * interval '1 day' end
  from bench_orders b order by b.n`;
await sql`insert into order_number_series (store_id, last_number) select ${storeId}, ${lastNumber} + count(*)::int from bench_orders
  on conflict (store_id) do update set last_number = excluded.last_number`;
await sql`create temp table bench_order_ids as select o.id, row_number() over (order by o.id) as n, o.status, o.placed_on from orders o where o.store_id = ${storeId}`;
await sql`insert into order_lines (store_id, order_id, item_id, item_name, price_paise)
  select ${storeId}, i.id, b.item_id, b.name, b.price_paise from bench_order_ids i join bench_orders b on b.n = i.n`;
await sql`update items set status = 'sold' where id in (select b.item_id from bench_orders b join bench_order_ids i on i.n = b.n where i.status = 'paid')`;
await sql`insert into order_dispatches (store_id, order_id, courier_partner, tracking_number, dispatched_at)
  select ${storeId}, id, 'Delhivery', 'DL' || id, placed_on + interval '1 day' from bench_order_ids where status = 'paid' and placed_on < now() - interval '2 days'`;
await sql`insert into return_requests (store_id, order_id, customer_id, reason, status, placed_on)
  select ${storeId}, o.id, o.customer_id, 'defective', (case when (i.n / 30) % 3 = 0 then 'requested' when (i.n / 30) % 3 = 1 then 'received' else 'refunded' end)::return_status, o.placed_on + interval '5 days'
  from bench_order_ids i join orders o on o.id = i.id where i.status = 'paid' and i.n % 30 = 0`;
await sql`insert into return_lines (store_id, return_id, order_line_id)
  select r.store_id, r.id, l.id from return_requests r join order_lines l on l.order_id = r.order_id where r.store_id = ${storeId}`;
await sql`vacuum analyze`;
const { paid, stones } = (await sql<{ paid: number; stones: number }[]>`select
  (select count(*)::int from orders where store_id = ${storeId} and status = 'paid') as paid,
  (select count(*)::int from items where store_id = ${storeId}) as stones`)[0]!;
const { version } = (await sql<{ version: string }[]>`select version()`)[0]!;
await sql.end();

// In-process: the services and flows the server builds, on one connection.
const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', STORE_CACHE_SECONDS: '0' });
const handle = await openDatabase({ databaseUrl, poolSize: 4 });
const jobs = createJobs({ db: handle.db, log: pino({ level: 'silent' }), pollSeconds: 0 });
const services = createServices({ db: handle.db, config, jobs });
const flows = createFlows(handle.db, services, config, jobs);
const store = (await services.stores.findByDomain(DOMAIN))!;
const ctx: StaffContext = { store, actor: { kind: 'staff', staffId: 0, role: 'owner', twoFactor: false, sessionId: null, firstFactor: 'password', secondFactor: null }, ip: '127.0.0.1', log: pino({ level: 'silent' }) };

async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const row = { label, median: ms[Math.floor(ms.length / 2)]!, p95: ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.95) - 1)]! };
  console.log(`${label}: median ${row.median.toFixed(2)} ms, p95 ${row.p95.toFixed(2)} ms`);
  return row;
}
const now = new Date();
const rows = [
  await time('sales per day, 30 days (today, 7 and 30 days and the chart)', () => services.orders.dailySales(ctx, 'Asia/Kolkata', 30, now)),
  await time('orders to dispatch and refund-flagged orders', () => services.orders.queues(ctx)),
  await time('returns to decide and received returns owed', () => services.returns.queues(ctx)),
  await time('available stones per gem type', () => services.catalog.availableByProduct(ctx)),
  await time('the whole dashboard (the four at once)', () => flows.dashboard.numbers(ctx, now)),
];
const figures = await flows.dashboard.numbers(ctx, now);
await handle.close();

const day = new Date().toISOString().slice(0, 10);
const section = [
  '<!-- dashboard:start -->',
  '## The back office\'s dashboard',
  '',
  `Measured by \`npx tsx apps/server/bench/dashboard.ts -- --stones ${args.stones} --orders ${orderCount} --runs ${runs}\` on ${day}.`,
  `Machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${version.split(',')[0]}.`,
  `One store with ${stones.toLocaleString('en')} stones and ${orderCount.toLocaleString('en')} orders over 60 days (${paid.toLocaleString('en')} paid, most dispatched; a few hundred returns).`,
  'Each statement timed in-process through its service on a pool of 4 connections, after 5 warm-up runs: median and 95th percentile of',
  `${runs} runs. The whole dashboard runs its four statements at once.`,
  `Figures: ${figures.sales.days30.orders} paid orders in 30 days, ${figures.awaiting_dispatch} to dispatch, ${figures.returns_awaiting_decision} returns to decide, ${figures.refunds_owed.orders + figures.refunds_owed.returns} refunds owed.`,
  '',
  '| statement | median ms | p95 ms |',
  '|---|---|---|',
  ...rows.map((r) => `| ${r.label} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} |`),
  '<!-- dashboard:end -->',
].join('\n');
const existing = existsSync(args.out) ? readFileSync(args.out, 'utf8') : '# Benchmarks\n';
const replaced = /<!-- dashboard:start -->[\s\S]*<!-- dashboard:end -->/.test(existing)
  ? existing.replace(/<!-- dashboard:start -->[\s\S]*<!-- dashboard:end -->/, section)
  : `${existing.trimEnd()}\n\n${section}\n`;
writeFileSync(args.out, replaced);
console.log(`written to ${args.out}`);
