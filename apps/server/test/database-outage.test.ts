/**
 * The database going away and coming back, on PostgreSQL: the app connects through a TCP proxy that
 * the test cuts (every connection reset, new ones refused) and restores. GET /api/health runs on
 * both databases.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { databaseFailureOf, items, orders, stores } from '@gemstore/db';
import { buildTestApp, testDatabaseKind, type TestApp } from './helper.ts';
import { CuttableProxy } from './cuttable-proxy.ts';
import { caller, createShop, createShopper, createStone, insertAddress, placeOrder } from './checkout-fixtures.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(); });
  afterAll(() => t?.close());

  it('answers 200 without a store while the database answers, and is never cached', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('live answers while the process runs; ready answers 503 draining once the process is told to stop, and live still 200', async () => {
    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', replica: { state: 'none', lagSeconds: null } });
    expect(ready.headers['cache-control']).toBe('no-store');

    t.app.services.health.drain();
    const draining = await t.app.inject({ url: '/api/health/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ message: expect.stringContaining('shutting down'), code: 'draining' });
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    // Requests are still served while the balancer takes the process out.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')('PostgreSQL out of reach', () => {
  const proxy = new CuttableProxy();
  let t: TestApp;

  beforeAll(async () => {
    await proxy.open();
    t = await buildTestApp({}, { connectVia: (url) => proxy.via(url) });
  });
  afterAll(async () => {
    await proxy.open().catch(() => {});
    await t?.close();
    await proxy.cut().catch(() => {});
  });

  /** Asks until the call answers 200, for at most 5 s (the server is meant to be back well within 2 s). */
  async function until200(ask: () => Promise<{ statusCode: number }>) {
    let last = 0;
    for (let i = 0; i < 50; i++) {
      last = (await ask()).statusCode;
      if (last === 200) return last;
      await new Promise((r) => setTimeout(r, 100));
    }
    return last;
  }

  it('answers 503 database_unavailable with a retry-after while it is away, writes nothing, and serves again once it is back', async () => {
    const shop = await createShop(t.db);
    const shopper = await createShopper(t.db, shop.store.id);
    const address = await insertAddress(t.db, shop.store.id, shopper.id);
    const stone = await createStone(t.db, shop);
    const call = caller(t, shop.domain);
    expect((await call('/api/store-profile', null, undefined, 'GET')).statusCode).toBe(200);

    await proxy.cut();
    for (const res of [
      await call('/api/store-profile', null, undefined, 'GET'),
      await placeOrder(t, shop, shopper, [stone.id], address.id),
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/health/ready' }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: expect.stringContaining('database'), code: 'database_unavailable' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The process itself is fine: an orchestrator must not restart every process over the database's outage.
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);

    await proxy.open();
    expect(await until200(() => call('/api/store-profile', null, undefined, 'GET'))).toBe(200);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    expect(await t.db.select().from(orders).where(eq(orders.storeId, shop.store.id))).toEqual([]);
    const [row] = await t.db.select({ status: items.status }).from(items).where(eq(items.id, stone.id));
    expect(row!.status).toBe('available');
    expect((await placeOrder(t, shop, shopper, [stone.id], address.id)).statusCode).toBe(200);
  });

  it('a transaction whose connection closes midway fails as the database\'s failure, is rolled back, and the process carries on', async () => {
    const shop = await createShop(t.db);
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const transaction = t.db.transaction(async (tx) => {
      await tx.update(stores).set({ name: 'Renamed in a lost transaction' }).where(eq(stores.id, shop.store.id));
      await tx.execute(sql`select pg_sleep(3) as lost_transaction_sleep`);
    }).then(() => undefined, (error: unknown) => error);
    // The connection closes while the database works on the transaction's statement.
    for (let i = 0; i < 200; i++) {
      const [running] = await admin`select count(*)::int as n from pg_stat_activity where query like '%lost_transaction_sleep%' and pid <> pg_backend_pid()`;
      if (running!.n > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await admin.end();
    await proxy.cut();
    expect(databaseFailureOf(await transaction)).toMatchObject({ kind: 'lost' });
    // Unguarded, the driver now writes ROLLBACK to the closed connection from a timer, and the process ends.
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));

    await proxy.open();
    expect(await until200(() => t.app.inject({ url: '/api/health' }))).toBe(200);
    const [row] = await t.db.select({ name: stores.name }).from(stores).where(eq(stores.id, shop.store.id));
    expect(row!.name).toBe(shop.store.name);
  });
});
