/**
 * The read replica (DATABASE_READ_URL): which reads go there, the marker that keeps a caller who
 * just wrote on the primary, and the routing's own rules (lag, fences after a change, a replica that
 * fails). A second connection to the test's database stands in for the replica, its statements
 * counted apart; a real streaming standby is exercised by `npm run test:cluster`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@gemstore/db';
import { replicaRouting, WalHistory, lsnValue, type ReadRouting } from '../src/lib/read-replica.ts';
import { buildTestApp, testDatabaseKind, type TestApp } from './helper.ts';
import { caller, createShop, createShopper, createStone, type Shop, type Shopper } from './checkout-fixtures.ts';
import { createPost } from './factories.ts';
import { admin, createStaff, staffSignIn } from './staff-fixtures.ts';
import { CuttableProxy } from './cuttable-proxy.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

/** Statements among `recent` that read this table (the replica's lag checks name none). */
function touching(recent: string[], table: string): number {
  return recent.filter((q) => q.includes(`"${table}"`)).length;
}

describe('public reads on the read replica', () => {
  let t: TestApp;
  let shop: Shop;
  let stone: Awaited<ReturnType<typeof createStone>>;
  let shopper: Shopper;
  let staffToken: string;
  let postUrl: string;

  beforeAll(async () => {
    t = await buildTestApp({}, { replica: true });
    shop = await createShop(t.db);
    stone = await createStone(t.db, shop);
    shopper = await createShopper(t.db, shop.store.id);
    postUrl = (await createPost(t.db, shop.store.id)).url;
    await createStaff(t.db, shop.store.id, 'owner', 'owner@replica.test');
    staffToken = await staffSignIn(t, shop.domain, 'owner@replica.test');
    await until('the replica has been checked', () => t.app.readRouting.status().state === 'ready');
  });
  afterAll(() => t?.close());

  /** Runs a call with both statement logs emptied first; answers the call and what each database read. */
  async function observed<R>(call: () => Promise<R>) {
    t.queries.recent.length = 0;
    t.replicaQueries.recent.length = 0;
    const res = await call();
    return { res, primary: [...t.queries.recent], replica: [...t.replicaQueries.recent] };
  }

  it("a guest's stone, listing and post are read from the replica; the primary only says which store the domain is", async () => {
    const call = caller(t, shop.domain);
    const details = await observed(() => call(`/api/item-details/${stone.id}`, null, undefined, 'GET'));
    expect(details.res.statusCode).toBe(200);
    expect(touching(details.replica, 'items')).toBeGreaterThan(0);
    expect(touching(details.primary, 'items')).toBe(0);
    expect(touching(details.primary, 'stores')).toBeGreaterThan(0);

    const listing = await observed(() => call('/api/product-items?page=1', null, { filter: { product: shop.catalog.product.url } }));
    expect(listing.res.statusCode).toBe(200);
    expect(listing.res.json().data.map((s: { id: number }) => s.id)).toEqual([stone.id]);
    expect(touching(listing.replica, 'items')).toBeGreaterThan(0);
    expect(touching(listing.primary, 'items')).toBe(0);
    // A POST that only reads marks no write.
    expect(listing.res.headers['set-cookie']).toBeUndefined();

    const post = await observed(() => call(`/api/post/${postUrl}`, null, undefined, 'GET'));
    expect(post.res.statusCode).toBe(200);
    expect(touching(post.replica, 'posts')).toBeGreaterThan(0);
    expect(touching(post.primary, 'posts')).toBe(0);
  });

  it('staff read the primary', async () => {
    const res = await observed(() => admin(t, shop.domain, `/stones/${stone.id}`, { token: staffToken }));
    expect(res.res.statusCode).toBe(200);
    expect(touching(res.primary, 'items')).toBeGreaterThan(0);
    expect(touching(res.replica, 'items')).toBe(0);
  });

  it("a customer's cart is read from the primary, and after a write the caller's public reads stay there until the marker runs out", async () => {
    const call = caller(t, shop.domain);
    const saved = await call('/api/cart-save', shopper, { itemId: stone.id });
    expect(saved.statusCode).toBe(200);
    // Five seconds of lag allowed by default, and one check.
    const cookie = String(saved.headers['set-cookie']);
    expect(cookie).toMatch(/^gs_wrote=\d+; Max-Age=6; Path=\/; HttpOnly; SameSite=Lax$/);
    const marker = cookie.split(';')[0]!;
    expect(Number(marker.split('=')[1]) * 1000).toBeGreaterThan(Date.now());

    const cart = await observed(() => call('/api/cart-all', shopper));
    expect(cart.res.statusCode).toBe(200);
    expect(cart.res.json().cart.map((line: { item: { id: number } }) => line.item.id)).toEqual([stone.id]);
    expect(touching(cart.primary, 'cart_lines')).toBeGreaterThan(0);
    expect(touching(cart.replica, 'cart_lines')).toBe(0);
    expect(cart.res.headers['set-cookie']).toBeUndefined();

    const details = (cookieHeader: string) => observed(() => t.app.inject({
      url: `/api/item-details/${stone.id}`, headers: { domain: shop.domain, authorization: `Bearer ${shopper.token}`, cookie: `theme=dark; ${cookieHeader}` },
    }));
    const justWrote = await details(marker);
    expect(justWrote.res.statusCode).toBe(200);
    expect(touching(justWrote.primary, 'items')).toBeGreaterThan(0);
    expect(touching(justWrote.replica, 'items')).toBe(0);

    const runOut = await details(`gs_wrote=${Math.floor(Date.now() / 1000) - 1}`);
    expect(touching(runOut.replica, 'items')).toBeGreaterThan(0);
    expect(touching(runOut.primary, 'items')).toBe(0);
  });

  it("a refused write marks nothing", async () => {
    const res = await caller(t, shop.domain)('/api/cart-save', shopper, { itemId: 999_999_999 });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('without a read replica', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(); });
  afterAll(() => t?.close());

  it('a write sets no marker and the routing reports none', async () => {
    const shop = await createShop(t.db);
    const stone = await createStone(t.db, shop);
    const shopper = await createShopper(t.db, shop.store.id);
    const res = await caller(t, shop.domain)('/api/cart-save', shopper, { itemId: stone.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(t.app.readRouting.status()).toEqual({ state: 'none', lagSeconds: null });
  });
});

describe('WAL positions and lag', () => {
  it('reads a position as bytes', () => {
    expect(lsnValue('0/16EF9D0')).toBe(0x16EF9D0n);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xB374D848n);
  });

  it('a replica is at most as far behind as the newest primary position it has passed', () => {
    const history = new WalHistory(60_000);
    history.record(0, 10n);
    history.record(1000, 20n);
    history.record(2000, 30n);
    expect(history.lagSeconds(2005, 30n)).toBeCloseTo(0.005);
    expect(history.lagSeconds(2005, 35n)).toBeCloseTo(0.005);
    expect(history.lagSeconds(2005, 25n)).toBeCloseTo(1.005);
    expect(history.lagSeconds(2005, 10n)).toBeCloseTo(2.005);
    expect(history.lagSeconds(2005, 5n)).toBe(Infinity);
  });
});

describe('the routing', () => {
  // Stand-ins: the routing only hands one or the other to the read.
  const primary = { name: 'primary' } as unknown as Database;
  const replicaDb = { name: 'replica' } as unknown as Database;
  const at = { primary: 100n, replica: 100n as bigint | null, replicaFails: false, pingFails: false };
  let renewed = 0;
  let routing: ReadRouting;
  const where = (scope: { replicaReads?: boolean } = { replicaReads: true }) => routing.read(scope, async (q) => (q === replicaDb ? 'replica' : q === primary ? 'primary' : 'other'));
  const refused = () => Object.assign(new Error('connection refused'), { name: 'PostgresError', code: '57P01' });

  beforeAll(() => {
    routing = replicaRouting({
      primary, maxLagSeconds: 0.3, checkMs: 40,
      replica: { db: replicaDb, ping: async () => { if (at.pingFails) throw refused(); }, renewConnections: () => { renewed++; } },
      positions: {
        primary: async () => at.primary,
        replica: async () => { if (at.replicaFails) throw refused(); return at.replica; },
      },
    });
    routing.start({ warn() {} } as never);
  });
  afterAll(() => routing.stop());

  it('reads the primary until the first check, then the replica for requests that may read it', async () => {
    await until('the first check', () => routing.status().state === 'ready');
    expect(await where()).toBe('replica');
    expect(await where({ replicaReads: false })).toBe('primary');
    expect(await where({})).toBe('primary');
    const tx = { name: 'tx' } as never;
    expect(await routing.read({ tx, replicaReads: true }, async (q) => q)).toBe(tx);
  });

  it('a replica more than the allowed lag behind is left until it catches up', async () => {
    at.primary = 200n;
    await until('the lag is seen', () => routing.status().state === 'lagging');
    expect(routing.status().lagSeconds).toBeGreaterThan(0.3);
    expect(await where()).toBe('primary');
    at.replica = 200n;
    await until('it caught up', () => routing.status().state === 'ready');
    expect(await where()).toBe('replica');
  });

  it('after a change is heard, reads stay on the primary until the replica has replayed past it', async () => {
    at.primary = 300n;
    routing.fence();
    expect(routing.status().state).toBe('fenced');
    expect(await where()).toBe('primary');
    await sleep(150);
    expect(await where()).toBe('primary');
    at.replica = 300n;
    await until('the fence is passed', () => routing.status().state === 'ready', 2000);
    expect(await where()).toBe('replica');
  });

  it('a read the replica fails runs again on the primary; the replica is left until it answers again, on new connections', async () => {
    let tries = 0;
    const answer = await routing.read({ replicaReads: true }, async (q) => {
      tries++;
      if (q === replicaDb) throw refused();
      return 'from the primary';
    });
    expect(answer).toBe('from the primary');
    expect(tries).toBe(2);
    expect(routing.status().state).toBe('down');
    at.replicaFails = true;
    at.pingFails = true;
    await sleep(150);
    expect(routing.status().state).toBe('down');
    expect(await where()).toBe('primary');
    const renewedBefore = renewed;
    at.replicaFails = false;
    at.pingFails = false;
    await until('the replica is back', () => routing.status().state === 'ready');
    expect(renewed).toBeGreaterThan(renewedBefore);
    expect(await where()).toBe('replica');
  });

  it("a statement's own error is not the replica's: it is not run again", async () => {
    let tries = 0;
    const bad = routing.read({ replicaReads: true }, async () => {
      tries++;
      throw Object.assign(new Error('invalid input syntax'), { name: 'PostgresError', code: '22P02' });
    });
    await expect(bad).rejects.toThrow('invalid input syntax');
    expect(tries).toBe(1);
    expect(routing.status().state).toBe('ready');
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')('the replica going away under load (PostgreSQL)', () => {
  const proxy = new CuttableProxy();
  let t: TestApp;

  beforeAll(async () => {
    await proxy.open();
    t = await buildTestApp({}, { replica: true, replicaVia: (url) => proxy.via(url) });
  });
  afterAll(async () => {
    await t?.close();
    await proxy.cut().catch(() => {});
  });

  it('every read answers 200 from the primary while it is away, and reads go back to it once it answers', async () => {
    const shop = await createShop(t.db);
    const stone = await createStone(t.db, shop);
    const call = caller(t, shop.domain);
    await until('the replica has been checked', () => t.app.readRouting.status().state === 'ready');

    let stopping = false;
    const statuses: number[] = [];
    const load = Promise.all(Array.from({ length: 8 }, async () => {
      while (!stopping) statuses.push((await call(`/api/item-details/${stone.id}`, null, undefined, 'GET')).statusCode);
    }));
    await sleep(300);
    const servedByReplica = t.replicaQueries.count;
    expect(servedByReplica).toBeGreaterThan(0);
    await proxy.cut();
    await until('the replica is seen to be down', () => t.app.readRouting.status().state === 'down');
    const whileDown = statuses.length;
    await sleep(500);
    expect(statuses.length).toBeGreaterThan(whileDown);
    await proxy.open();
    await until('the replica answers again', () => t.app.readRouting.status().state === 'ready', 15_000);
    t.replicaQueries.recent.length = 0;
    await sleep(200);
    stopping = true;
    await load;

    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(touching(t.replicaQueries.recent, 'items')).toBeGreaterThan(0);
  });
});
