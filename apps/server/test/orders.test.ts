import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { items, orderLines, orders, stores } from '@gemstore/db';
import { type CustomerContext, within } from '../src/lib/context.ts';
import { rowsOf } from '../src/lib/db.ts';
import { toSnapshot } from '../src/modules/addresses/addresses.service.ts';
import { buildTestApp, systemContext, testDatabaseKind, type TestApp } from './helper.ts';
import {
  caller, createShop, createShopper, createShoppers, createStone, insertAddress, payWithSandbox, placeOrder, type Shop, type Shopper,
  createCheckoutWorld, dispatchOrder,
} from './checkout-fixtures.ts';

let t: TestApp;
let shop: Shop;
let otherShop: Shop;
let asha: Shopper;
let ben: Shopper;
let ashaAddress: number;
let benAddress: number;
let call: ReturnType<typeof caller>;

async function itemStatus(id: number) {
  const [row] = await t.db.select({ status: items.status }).from(items).where(eq(items.id, id));
  return row!.status;
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ shop, otherShop, asha, ben, call } = await createCheckoutWorld(t));
  ashaAddress = (await insertAddress(t.db, shop.store.id, asha.id)).id;
  benAddress = (await insertAddress(t.db, shop.store.id, ben.id)).id;
});
afterAll(() => t?.close());

describe('payment-methods', () => {
  it("answers the store's methods (1001, paying online), named by the provider the store uses", async () => {
    expect((await call('/api/payment-methods', null)).statusCode).toBe(401);
    const s = await createShop(t.db, 'pp-');
    const c = await createShopper(t.db, s.store.id);
    await t.db.update(stores).set({ paymentProvider: 'sandbox' }).where(eq(stores.id, s.store.id));
    expect((await caller(t, s.domain)('/api/payment-methods', c)).json().paymentMethods).toEqual([{ id: 1001, name: 'Sandbox (test payments, no money moves)' }]);
    await t.db.update(stores).set({ paymentProvider: 'razorpay' }).where(eq(stores.id, s.store.id));
    expect((await caller(t, s.domain)('/api/payment-methods', c)).json().paymentMethods).toEqual([{ id: 1001, name: 'Razorpay (cards, UPI, netbanking, wallets)' }]);
  });
  it('leaves out methods the store has not enabled or that do not exist', async () => {
    const s = await createShop(t.db, 'pm-');
    const c = await createShopper(t.db, s.store.id);
    await t.db.update(stores).set({ paymentMethodIds: [] }).where(eq(stores.id, s.store.id));
    expect((await caller(t, s.domain)('/api/payment-methods', c)).json().paymentMethods).toEqual([]);
    await t.db.update(stores).set({ paymentMethodIds: [4242, 1001] }).where(eq(stores.id, s.store.id));
    expect((await caller(t, s.domain)('/api/payment-methods', c)).json().paymentMethods.map((m: { id: number }) => m.id)).toEqual([1001]);
  });
});

describe('place-order', () => {
  it('reserves the stones and answers the Pay page url; amounts come from the database', async () => {
    const a = await createStone(t.db, shop, { pricePaise: 1_000_000 });
    const b = await createStone(t.db, shop, { pricePaise: 2_345_67 });
    const res = await placeOrder(t, shop, asha, [a.id, b.id], ashaAddress, { totalAmount: 1, amount: 1, price: 1, total_amount: 1 });
    expect(res.statusCode).toBe(200);
    const { url, orderId } = res.json();
    expect(url).toBe(`/pay?orderId=${orderId}`);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'pending', totalQty: 2, totalPaise: 1_234_567, customerId: asha.id, storeId: shop.store.id, origin: 'http://shop.test' });
    const minutes = (order!.reservedUntil.getTime() - order!.placedOn.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThan(15.1);
    expect(await itemStatus(a.id)).toBe('reserved');
    expect(await itemStatus(b.id)).toBe('reserved');
  });

  it('refuses a stone that is in a live order, names it, and writes nothing', async () => {
    const taken = await createStone(t.db, shop, { name: 'Kashmir Sapphire 4.1ct' });
    const free = await createStone(t.db, shop);
    expect((await placeOrder(t, shop, asha, [taken.id], ashaAddress)).statusCode).toBe(200);
    const before = await t.db.select().from(orders);
    const res = await placeOrder(t, shop, ben, [free.id, taken.id], benAddress);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'stone_unavailable' });
    expect(res.json().message).toContain('Kashmir Sapphire 4.1ct');
    // The stone that was free in the same request is not left reserved.
    expect(await itemStatus(free.id)).toBe('available');
    expect(await t.db.select().from(orders)).toHaveLength(before.length);
    // Nor can the same customer order it twice.
    expect((await placeOrder(t, shop, asha, [taken.id], ashaAddress)).statusCode).toBe(409);
  });

  it('refuses a sold stone', async () => {
    const sold = await createStone(t.db, shop, { status: 'sold' });
    const res = await placeOrder(t, shop, asha, [sold.id], ashaAddress);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/sold/);
  });

  it('answers field errors for addresses, payment method and stones', async () => {
    const stone = await createStone(t.db, shop);
    const noAddress = await call('/api/place-order', asha, { itemIds: [stone.id], paymentMethodId: 1001, origin: '' });
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().errors.shippingAddressId).toEqual(['Select Or Create Address']);
    // Another customer's address is not one of yours.
    expect((await placeOrder(t, shop, asha, [stone.id], benAddress)).json().errors.shippingAddressId).toBeDefined();
    expect((await placeOrder(t, shop, asha, [stone.id], ashaAddress, { billingAddressId: benAddress })).json().errors.billingAddressId).toBeDefined();
    expect((await placeOrder(t, shop, asha, [stone.id], ashaAddress, { paymentMethodId: 7 })).json().errors.paymentMethodId).toBeDefined();
    expect((await placeOrder(t, shop, asha, [], ashaAddress)).json().errors.itemIds).toBeDefined();
    const foreign = await createStone(t.db, otherShop);
    const res = await placeOrder(t, shop, asha, [stone.id, foreign.id], ashaAddress);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.itemIds).toBeDefined();
    expect(await itemStatus(stone.id)).toBe('available');
    expect((await call('/api/place-order', null, { itemIds: [stone.id], shippingAddressId: ashaAddress })).statusCode).toBe(401);
  });

  it('billing defaults to the shipping address', async () => {
    const stone = await createStone(t.db, shop);
    const res = await call('/api/place-order', asha, { itemIds: [stone.id], shippingAddressId: ashaAddress, paymentMethodId: 1001, origin: 'x' });
    expect(res.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order!.billingAddress).toEqual(order!.shippingAddress);
  });

  it(`gives exactly one of 50 concurrent orders for one stone to one customer (${testDatabaseKind})`, async () => {
    const stone = await createStone(t.db, shop, { name: 'The one and only ruby' });
    const buyers = await createShoppers(t.db, shop.store.id, 50);
    const addressIds = await Promise.all(buyers.map(async (b) => (await insertAddress(t.db, shop.store.id, b.id)).id));
    const results = await Promise.all(buyers.map((b, i) => placeOrder(t, shop, b, [stone.id], addressIds[i]!)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'stone_unavailable')).toBe(true);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.itemId, stone.id));
    expect(lines).toHaveLength(1);
    expect(await itemStatus(stone.id)).toBe('reserved');
  });

  // PGlite has one connection, so only PostgreSQL can hold one order's transaction open while another is placed.
  it.runIf(testDatabaseKind === 'postgres')('numbers an order placed while another of the same store is being written next, once that one commits; another store\'s goes straight through', async () => {
    const [held, other] = [await createStone(t.db, shop), await createStone(t.db, shop)];
    const ctx: CustomerContext = { ...(await systemContext(t, shop.store.id)), actor: { kind: 'customer', customerId: asha.id } };
    const address = (await t.app.services.addresses.findOwnAddress(ctx, ashaAddress))!;
    let holding!: (n: number) => void;
    let release!: () => void;
    const isHolding = new Promise<number>((r) => { holding = r; });
    const released = new Promise<void>((r) => { release = r; });
    // The first order takes its stone and writes its rows, as place-order does, then waits with its transaction open.
    const first = t.db.transaction(async (tx) => {
      const c = within(ctx, tx);
      const [stone] = await t.app.services.catalog.reserve(c, [held.id]);
      const row = await t.app.services.orders.create(c, {
        totalQty: 1, totalPaise: stone!.pricePaise, shippingAddress: toSnapshot(address), billingAddress: toSnapshot(address),
        paymentMethodId: 1001, origin: 'x', reservedUntil: new Date(Date.now() + 60_000), placedOn: new Date(),
      }, [{ itemId: held.id, itemName: stone!.name, pricePaise: stone!.pricePaise }]);
      holding(row.number);
      await released;
    });
    const heldNumber = await isHolding;
    let second: Promise<{ statusCode: number; json(): { orderNumber: string } }> | undefined;
    try {
      // Another shop's order never waits on this one.
      const foreignBuyer = await createShopper(t.db, otherShop.store.id);
      const foreignAddress = (await insertAddress(t.db, otherShop.store.id, foreignBuyer.id)).id;
      expect((await placeOrder(t, otherShop, foreignBuyer, [(await createStone(t.db, otherShop)).id], foreignAddress)).statusCode).toBe(200);
      // The same shop's next order waits on the shop's number series until the first commits (seen as a lock wait in PostgreSQL).
      second = placeOrder(t, shop, ben, [other.id], benAddress);
      await expect.poll(async () => rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike '%order_number_series%'`))[0]?.n, { timeout: 60_000 }).toBe(1);
    } finally {
      release();
      await first;
    }
    const res = await second!;
    expect(res.statusCode).toBe(200);
    // Consecutive: the second took the number after the first's.
    expect(res.json().orderNumber).toBe(`#${heldNumber + 1}`);
    expect(await itemStatus(held.id)).toBe('reserved');
  });
});

describe('orders and order', () => {
  it('lists the customer\'s orders with the fields of the storefront API, newest first', async () => {
    const c = await createShopper(t.db, shop.store.id);
    const address = (await insertAddress(t.db, shop.store.id, c.id)).id;
    const s1 = await createStone(t.db, shop, { pricePaise: 500_000, name: 'Ruby 2ct' });
    const s2 = await createStone(t.db, shop, { pricePaise: 700_000 });
    const first = (await placeOrder(t, shop, c, [s1.id], address)).json().orderId;
    const second = (await placeOrder(t, shop, c, [s2.id], address)).json().orderId;
    const list = (await call('/api/orders', c)).json().orders;
    expect(list.map((o: { id: number }) => o.id)).toEqual([second, first]);

    const res = await call('/api/order', c, { orderId: first });
    expect(res.statusCode).toBe(200);
    const { order } = res.json();
    expect(order).toMatchObject({
      id: first, status: 'pending', total_qty: 1, total_amount: 5000, payment: null, order_dispatch: null, returns: [],
      can_retry_payment: true, refund_pending: false,
      shipping_address2: { name: 'Asha Rao', city: { name: 'Jaipur' }, state: { name: 'Rajasthan' }, country: { name: 'India' } },
      billing_address2: { id: address },
    });
    expect(new Date(order.placed_on).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(order.details).toHaveLength(1);
    expect(order.details[0]).toMatchObject({ product_amount: 5000, total_amount: 5000, returned: false, item: { id: s1.id, iname: 'Ruby 2ct', sku: expect.any(String) } });
  });

  it('answers 404 for another customer\'s or another store\'s order', async () => {
    const stone = await createStone(t.db, shop);
    const orderId = (await placeOrder(t, shop, asha, [stone.id], ashaAddress)).json().orderId;
    expect((await call('/api/order', ben, { orderId })).statusCode).toBe(404);
    expect((await call('/api/retry-pay', ben, { orderId })).statusCode).toBe(404);
    expect((await call('/api/orders', ben)).json().orders.some((o: { id: number }) => o.id === orderId)).toBe(false);
    const foreign = await createShopper(t.db, otherShop.store.id);
    expect((await caller(t, otherShop.domain)('/api/order', foreign, { orderId })).statusCode).toBe(404);
    expect((await call('/api/order', null, { orderId })).statusCode).toBe(401);
    expect((await call('/api/order', asha, { orderId: 'x' })).statusCode).toBe(422);
  });
});

describe('retry-pay', () => {
  it('answers the Pay query: key, amount in paise, contact, order ids and a pass for the payment page', async () => {
    const stone = await createStone(t.db, shop, { pricePaise: 123_456 });
    const orderId = (await placeOrder(t, shop, asha, [stone.id], ashaAddress)).json().orderId;
    const res = await call('/api/retry-pay', asha, { orderId });
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q).toMatchObject({
      key: 'rzp_test_sandbox', amount: 123_456, currency: 'INR', name: shop.store.name, email: asha.email, contact: asha.phone,
      store_order_id: orderId, provider: 'sandbox', order_id: expect.stringMatching(/^sbx_order_/),
    });
    expect(q.url).toBe(`/pay/sandbox/${orderId}?token=${encodeURIComponent(q.token)}`);
    // The provider order is made once and kept.
    expect((await call('/api/retry-pay', asha, { orderId })).json().order_id).toBe(q.order_id);
  });

  it('refuses a paid order', async () => {
    const stone = await createStone(t.db, shop);
    const orderId = (await placeOrder(t, shop, asha, [stone.id], ashaAddress)).json().orderId;
    expect((await payWithSandbox(t, shop, asha, orderId)).statusCode).toBe(303);
    const res = await call('/api/retry-pay', asha, { orderId });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('order_already_paid');
  });
});

describe('reservation expiry', () => {
  async function lapse(orderId: number) {
    await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 60_000) }).where(eq(orders.id, orderId));
  }

  it('frees the stones of lapsed unpaid orders, and only those', async () => {
    const lapsed = await createStone(t.db, shop);
    const live = await createStone(t.db, shop);
    const lapsedOrder = (await placeOrder(t, shop, asha, [lapsed.id], ashaAddress)).json().orderId;
    const liveOrder = (await placeOrder(t, shop, asha, [live.id], ashaAddress)).json().orderId;
    await lapse(lapsedOrder);
    expect(await t.app.flows.checkout.releaseExpiredReservations()).toBeGreaterThanOrEqual(1);
    expect(await itemStatus(lapsed.id)).toBe('available');
    expect(await itemStatus(live.id)).toBe('reserved');
    const rows = await t.db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, [lapsedOrder, liveOrder]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [lapsedOrder]: 'expired', [liveOrder]: 'pending' });
    expect(await t.app.flows.checkout.releaseExpiredReservations()).toBe(0);
    const view = (await call('/api/order', asha, { orderId: lapsedOrder })).json().order;
    expect(view).toMatchObject({ status: 'expired', can_retry_payment: true });
  });

  it('lets another customer order a freed stone; retry-pay on the lapsed order then answers 409', async () => {
    const stone = await createStone(t.db, shop, { name: 'Emerald 3ct' });
    const first = (await placeOrder(t, shop, asha, [stone.id], ashaAddress)).json().orderId;
    await lapse(first);
    await t.app.flows.checkout.releaseExpiredReservations();
    expect((await placeOrder(t, shop, ben, [stone.id], benAddress)).statusCode).toBe(200);
    const retry = await call('/api/retry-pay', asha, { orderId: first });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ code: 'stone_unavailable' });
    expect(retry.json().message).toContain('Emerald 3ct');
  });

  it('retry-pay takes the stones again when they are still free', async () => {
    const stone = await createStone(t.db, shop);
    const orderId = (await placeOrder(t, shop, asha, [stone.id], ashaAddress)).json().orderId;
    await lapse(orderId);
    await t.app.flows.checkout.releaseExpiredReservations();
    expect((await call('/api/retry-pay', asha, { orderId })).statusCode).toBe(200);
    expect(await itemStatus(stone.id)).toBe('reserved');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('pending');
    expect(order!.reservedUntil.getTime()).toBeGreaterThan(Date.now());
  });

  it('is safe to run from several processes at once', async () => {
    const stones = await Promise.all(Array.from({ length: 6 }, () => createStone(t.db, shop)));
    const ids = [];
    for (const s of stones) ids.push((await placeOrder(t, shop, asha, [s.id], ashaAddress)).json().orderId);
    await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 1000) }).where(inArray(orders.id, ids));
    const counts = await Promise.all([t.app.flows.checkout.releaseExpiredReservations(new Date(), 2), t.app.flows.checkout.releaseExpiredReservations(new Date(), 2), t.app.flows.checkout.releaseExpiredReservations(new Date(), 2)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
    for (const s of stones) expect(await itemStatus(s.id)).toBe('available');
  });
});

describe('marking an order dispatched', () => {
  it('records the dispatch of a paid order only', async () => {
    const stone = await createStone(t.db, shop);
    const orderId = (await placeOrder(t, shop, asha, [stone.id], ashaAddress)).json().orderId;
    await expect(dispatchOrder(t, shop.store.id, orderId, 'Fedex', 'FX1')).rejects.toMatchObject({ code: 'order_not_paid' });
    await payWithSandbox(t, shop, asha, orderId);
    await expect(dispatchOrder(t, otherShop.store.id, orderId, 'Fedex', 'FX1')).rejects.toMatchObject({ statusCode: 404 });
    await dispatchOrder(t, shop.store.id, orderId, 'Delhivery', 'DL123');
    const { order } = (await call('/api/order', asha, { orderId })).json();
    expect(order.order_dispatch).toMatchObject({ courier_partner: 'Delhivery', tracking_number: 'DL123' });
  });
});
