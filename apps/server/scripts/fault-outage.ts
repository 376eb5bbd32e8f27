/**
 * npm run fault:outage [-- --outage 4 --recovery 5 --workers 16 --stop-mode fast]
 *
 * PostgreSQL goes away under load and comes back. Makes a throwaway cluster on a free port, starts
 * the real server on it with the demo data, and drives keep-alive load: store profile, listings and
 * order placement (two stones an order) by signed-in customers. Then it stops the cluster, keeps the
 * load on for the outage, starts the cluster again and keeps the load on until the server has
 * recovered. It measures how fast requests fail while the database is away (and that they fail as
 * 503 database_unavailable with a retry-after, without resets or hanging sockets), how many seconds
 * after the database is back the server answers 200 again, and finally that the database holds no
 * partial orders. Prints the figures; exits 1 when a target is missed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { hashToken } from '../src/lib/secrets.ts';
import {
  DEMO_DOMAIN, type RequestSpec, cleanUpOnInterrupt, type Sample, countBy, outcome, percentile, report, runLoad, send, sleep, startServer,
} from './fault-support.ts';
import { createCluster } from './throwaway-postgres.ts';

const { values: args } = parseArgs({
  options: {
    outage: { type: 'string', default: '4' },
    recovery: { type: 'string', default: '5' },
    warm: { type: 'string', default: '2' },
    workers: { type: 'string', default: '16' },
    'stop-mode': { type: 'string', default: 'fast' },
    'max-fail-ms': { type: 'string', default: '2000' },
    'max-recovery-ms': { type: 'string', default: '2000' },
  },
});
const outageMs = Number(args.outage) * 1000;
const recoveryMs = Number(args.recovery) * 1000;
const warmMs = Number(args.warm) * 1000;
const workers = Math.max(4, Number(args.workers));
const stopMode = args['stop-mode'] === 'immediate' ? 'immediate' : 'fast';
const maxFailMs = Number(args['max-fail-ms']);
const maxRecoveryMs = Number(args['max-recovery-ms']);
const ORDER_WORKERS = 2;
const SHOPPERS = ORDER_WORKERS;

const cluster = await createCluster();
const dataDir = mkdtempSync(join(tmpdir(), 'gemstore-outage-'));
cleanUpOnInterrupt(async () => rmSync(dataDir, { recursive: true, force: true }));
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let sqlClient: postgres.Sql | undefined;
try {
  console.log(`throwaway PostgreSQL on port ${cluster.port}; starting the server with the demo data…`);
  await cluster.start();
  server = await startServer({
    DATABASE_URL: cluster.url, DATA_DIR: dataDir, NODE_ENV: 'test', SEED_DEMO: 'true',
    // Every call reads the database, so each answer says whether the database was reached.
    STORE_CACHE_SECONDS: '0',
  });
  console.log(`server ready after ${(performance.now() / 1000).toFixed(1)} s`);
  const base = server.base;
  const sql = sqlClient = postgres(cluster.url, { max: 1, onnotice: () => {} });

  // Customers signed in by writing their token rows (the auth calls are not what is under test).
  const [store] = await sql<{ store_id: number }[]>`select store_id from store_domains where domain = ${DEMO_DOMAIN}`;
  const storeId = store!.store_id;
  const tokens: string[] = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const [customer] = await sql<{ id: number }[]>`
      insert into customers (store_id, name, email, phone, password_hash, email_verified_at, phone_verified_at)
      values (${storeId}, ${`Outage Shopper ${i}`}, ${`outage${i}@example.com`}, ${`95000000${String(i).padStart(2, '0')}`}, 'unused', now(), now())
      returning id`;
    const token = randomBytes(24).toString('base64url');
    await sql`insert into auth_tokens (store_id, customer_id, token_hash) values (${storeId}, ${customer!.id}, ${hashToken(token)})`;
    tokens.push(token);
  }
  const setupAgent = new Agent({ keepAlive: false });
  const addressIds: number[] = [];
  for (const token of tokens) {
    const res = await send(setupAgent, base, {
      kind: 'address-save', method: 'POST', path: '/api/address-save',
      headers: { domain: DEMO_DOMAIN, authorization: `Bearer ${token}` },
      body: {
        address: {
          name: 'Asha Rao', phone: '+91 98123 45678', label: 'Home', countryId: 'IN', stateId: 'IN-RJ', cityId: 'Jaipur',
          address: '12 Gem Lane', landmark: 'Near the clock tower', locality: 'Johari Bazaar', pincode: '302003',
        },
      },
    }, 10_000);
    const id = (res.json as { address?: { id?: number } } | undefined)?.address?.id;
    if (res.status !== 200 || !id) throw new Error(`address-save answered ${outcome(res)}`);
    addressIds.push(id);
  }
  const stones = (await sql<{ id: number }[]>`select id from items where store_id = ${storeId} and status = 'available' order by random()`).map((r) => r.id);
  console.log(`${stones.length} available stones; load: ${workers} keep-alive connections, ${ORDER_WORKERS} of them placing orders`);

  const api = { domain: DEMO_DOMAIN };
  const reads: RequestSpec[] = [
    { kind: 'store-profile', method: 'GET', path: '/api/store-profile', headers: api },
    { kind: 'listing', method: 'POST', path: '/api/product-items?page=1', headers: api, body: { filter: { product: 'blue-sapphire' } } },
    { kind: 'listing', method: 'POST', path: '/api/product-items?page=2', headers: api, body: { filter: { product: 'ruby' } } },
  ];
  let readTurn = 0;
  const attempts = new Map<Sample, number[]>();
  const placedOrderIds: number[] = [];
  const pending = new Map<number, number[]>();
  const load = runLoad(base, workers, (worker) => {
    if (worker < ORDER_WORKERS && stones.length >= 2) {
      const itemIds = [stones.pop()!, stones.pop()!];
      pending.set(worker, itemIds);
      return {
        kind: 'place-order', method: 'POST', path: '/api/place-order',
        headers: { ...api, authorization: `Bearer ${tokens[worker]}` },
        body: { itemIds, shippingAddressId: addressIds[worker], paymentMethodId: 1001 },
      };
    }
    return reads[readTurn++ % reads.length]!;
  }, {
    after(sample, worker) {
      if (sample.kind !== 'place-order') return;
      const itemIds = pending.get(worker)!;
      attempts.set(sample, itemIds);
      const orderId = (sample.json as { orderId?: number } | undefined)?.orderId;
      if (sample.status === 200 && orderId) placedOrderIds.push(orderId);
      // Stones of a refused attempt go back to the pool; after a 409 one of them is taken.
      else if (sample.status !== 409) stones.unshift(...itemIds);
      return 100;
    },
  });

  const t0 = performance.now();
  const at = (t: number) => ((t - t0) / 1000).toFixed(2);
  await sleep(warmMs);
  const tStopBegin = performance.now();
  await cluster.stop(stopMode);
  const tDown = performance.now();
  console.log(`${at(tDown)} s: cluster stopped (${stopMode}, pg_ctl took ${(tDown - tStopBegin).toFixed(0)} ms)`);

  await sleep(outageMs / 2);
  const healthAgent = new Agent({ keepAlive: false });
  const healthDown = await send(healthAgent, base, { kind: 'health', method: 'GET', path: '/api/health' }, 10_000);
  await sleep(outageMs / 2);

  const tStartBegin = performance.now();
  await cluster.start();
  const tUp = performance.now();
  console.log(`${at(tUp)} s: cluster accepts connections again (pg_ctl took ${(tUp - tStartBegin).toFixed(0)} ms)`);
  await sleep(recoveryMs);
  const healthUp = await send(healthAgent, base, { kind: 'health', method: 'GET', path: '/api/health' }, 10_000);
  await load.stop();
  const tEnd = performance.now();
  console.log(`${at(tEnd)} s: load stopped`);

  const samples = load.samples;
  const warm = samples.filter((s) => s.end < tStopBegin);
  const straddling = samples.filter((s) => s.start < tDown && s.end >= tStopBegin);
  const outage = samples.filter((s) => s.start >= tDown && s.end <= tStartBegin);
  const afterUp = samples.filter((s) => s.end > tUp);
  const isOk = (s: Sample) => s.status === 200 || (s.kind === 'place-order' && s.status === 409);
  const failedFast = (s: Sample) => s.status === 503 && s.code === 'database_unavailable' && !!s.retryAfter;
  const outageLatencies = outage.map((s) => s.end - s.start);
  const firstOk = afterUp.filter((s) => s.status === 200).reduce((m, s) => Math.min(m, s.end), Infinity);
  const lastFailure = afterUp.filter((s) => !isOk(s)).reduce((m, s) => Math.max(m, s.end), tUp);
  const firstOkByKind = Object.fromEntries(['store-profile', 'listing', 'place-order'].map((kind) => {
    const t = afterUp.filter((s) => s.kind === kind && s.status === 200).reduce((m, s) => Math.min(m, s.end), Infinity);
    return [kind, Number.isFinite(t) ? Number(((t - tUp) / 1000).toFixed(2)) : null];
  }));
  const noAnswer = samples.filter((s) => s.error);
  const serverErrors = samples.filter((s) => (s.status ?? 0) >= 500 && !failedFast(s));

  // What the database holds once the dust has settled.
  const checks = {
    'orders without lines': (await sql`select count(*)::int as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`)[0]!.n as number,
    'orders whose totals differ from their lines': (await sql`
      select count(*)::int as n from orders o
      join (select order_id, count(*) as qty, sum(price_paise - discount_paise) as total from order_lines group by order_id) l on l.order_id = o.id
      where o.total_qty <> l.qty or o.total_paise <> l.total + o.shipping_paise`)[0]!.n as number,
    'reserved stones without a pending order': (await sql`
      select count(*)::int as n from items i where i.status = 'reserved' and not exists (
        select 1 from order_lines l join orders o on o.id = l.order_id where l.item_id = i.id and o.status = 'pending')`)[0]!.n as number,
    'stones of pending orders not reserved': (await sql`
      select count(*)::int as n from order_lines l join orders o on o.id = l.order_id join items i on i.id = l.item_id
      where o.status = 'pending' and i.status <> 'reserved'`)[0]!.n as number,
    'stones in two live orders': (await sql`
      select count(*)::int as n from (select l.item_id from order_lines l join orders o on o.id = l.order_id
      where o.status in ('pending', 'paid') group by l.item_id having count(*) > 1) twice`)[0]!.n as number,
  };
  const stored = new Set((await sql<{ id: number }[]>`select id from orders where store_id = ${storeId}`).map((r) => r.id));
  const lostOrders = placedOrderIds.filter((id) => !stored.has(id)).length;
  // Orders written although their answer was a 503 (the commit went through, the answer did not): not partial, but worth seeing.
  const writtenDespite503 = stored.size - placedOrderIds.length;

  const round = (ms: number) => Math.round(ms);
  const figures = {
    'requests': samples.length,
    'before the stop': countBy(warm, outcome),
    'in flight at the stop': countBy(straddling, outcome),
    'during the outage': countBy(outage, outcome),
    'outage answer ms (p50 / p99 / max)': `${round(percentile(outageLatencies, 50))} / ${round(percentile(outageLatencies, 99))} / ${round(percentile(outageLatencies, 100))}`,
    'slowest during the outage': (() => {
      const slowest = outage.reduce<Sample | undefined>((m, s) => (!m || s.end - s.start > m.end - m.start ? s : m), undefined);
      return slowest ? `${slowest.kind} ${outcome(slowest)}, sent ${((slowest.start - tDown) / 1000).toFixed(2)} s into the outage` : 'none';
    })(),
    'GET /api/health while down': `${outcome(healthDown)} in ${round(healthDown.end - healthDown.start)} ms`,
    'seconds from the database back to the first 200': Number.isFinite(firstOk) ? Number(((firstOk - tUp) / 1000).toFixed(2)) : 'never',
    'seconds from the database back to the last failure': Number(((lastFailure - tUp) / 1000).toFixed(2)),
    'first 200 by call (s after the database is back)': firstOkByKind,
    'after the database is back': countBy(afterUp, outcome),
    'GET /api/health after': outcome(healthUp),
    'orders placed (200)': placedOrderIds.length,
    'orders written although answered 503': writtenDespite503,
    'orders answered 200 but missing': lostOrders,
    ...checks,
    'server still running': server.exitCode() === undefined,
  };

  const misses: string[] = [];
  if (warm.length === 0 || warm.some((s) => !isOk(s))) misses.push('every request before the stop succeeds');
  if (outage.length < workers) misses.push(`enough requests during the outage to judge it (${outage.length})`);
  if (outage.some((s) => !failedFast(s) && s.status !== 200)) misses.push('every failure during the outage is 503 database_unavailable with retry-after');
  if (percentile(outageLatencies, 100) > maxFailMs) misses.push(`requests fail within ${maxFailMs} ms during the outage (slowest ${round(percentile(outageLatencies, 100))} ms)`);
  if (straddling.some((s) => !isOk(s) && !failedFast(s))) misses.push('requests in flight at the stop end with an answer (200, 409 or 503 database_unavailable)');
  if (noAnswer.length) misses.push(`no resets or hanging sockets (${JSON.stringify(countBy(noAnswer, outcome))})`);
  if (serverErrors.length) misses.push(`no 5xx other than 503 database_unavailable (${JSON.stringify(countBy(serverErrors, outcome))})`);
  if (healthDown.status !== 503 || healthDown.end - healthDown.start > maxFailMs) misses.push('GET /api/health answers 503 quickly while the database is down');
  if (healthUp.status !== 200) misses.push('GET /api/health answers 200 once the database is back');
  if (!Number.isFinite(firstOk) || firstOk - tUp > maxRecoveryMs) misses.push(`a 200 within ${maxRecoveryMs} ms of the database's return`);
  if (lastFailure - tUp > maxRecoveryMs) misses.push(`no failures later than ${maxRecoveryMs} ms after the database's return`);
  if (Object.values(firstOkByKind).some((t) => t === null)) misses.push('every kind of call succeeds again after the outage');
  if (placedOrderIds.length === 0) misses.push('orders were placed');
  if (lostOrders) misses.push('every order answered 200 is in the database');
  for (const [name, n] of Object.entries(checks)) if (n) misses.push(`no ${name}`);
  if (server.exitCode() !== undefined) misses.push('the server survives the outage');
  if (misses.length) console.log(`\nserver output (tail):\n${server.output().slice(-4000)}`);
  report(`Database outage (${stopMode} stop, ${outageMs / 1000} s down, ${workers} keep-alive connections)`, figures, misses);
} finally {
  await sqlClient?.end({ timeout: 1 }).catch(() => {});
  await server?.stop();
  await cluster.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
