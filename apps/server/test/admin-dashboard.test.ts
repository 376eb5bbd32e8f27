import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@gemstore/contracts/constants';
import { type AddressSnapshot, orderDispatches, orderLines, orders, payments, refunds, returnLines, returnRequests } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { createItem } from './factories.ts';
import { createShopper } from './checkout-fixtures.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';

let t: TestApp;
let cast: Awaited<ReturnType<typeof backOfficeStores>>;

const address: AddressSnapshot = {
  id: 1, name: 'Asha Rao', phone: '9812345678', address: '12 Gem Lane', locality: 'Johari Bazaar', landmark: '', pincode: '302003',
  label: 'Home', country: 'India', state: 'Rajasthan', city: 'Jaipur',
};
const DAY = 86_400_000;

/** Store A's order numbers for the orders written straight to the table. */
let lastNumber = 0;

/** An order of store A written straight to the table, with one line per price. */
async function order(customerId: number, input: { status: 'pending' | 'paid' | 'expired' | 'cancelled'; daysAgo: number; prices: number[]; dispatched?: boolean; refundFlagged?: boolean }) {
  const placedOn = new Date(Date.now() - input.daysAgo * DAY);
  const [row] = await t.db.insert(orders).values({
    storeId: cast.a.id, number: ++lastNumber, customerId, status: input.status, totalQty: input.prices.length, totalPaise: input.prices.reduce((s, p) => s + p, 0),
    shippingAddress: address, billingAddress: address, paymentMethodId: 1001, reservedUntil: placedOn, placedOn,
    refundFlaggedAt: input.refundFlagged ? placedOn : null,
  }).returning();
  const stones = await Promise.all(input.prices.map((p) => createItem(t.db, cast.a.id, { catalog: cast.catA, pricePaise: p, status: 'sold' })));
  const lines = await t.db.insert(orderLines).values(stones.map((s, i) => ({ storeId: cast.a.id, orderId: row!.id, itemId: s.id, itemName: s.name, pricePaise: input.prices[i]! }))).returning();
  if (input.dispatched) await t.db.insert(orderDispatches).values({ storeId: cast.a.id, orderId: row!.id, courierPartner: 'Fedex', trackingNumber: `T${row!.id}` });
  return { order: row!, lines };
}

beforeAll(async () => {
  t = await buildTestApp();
  cast = await backOfficeStores(t, 'b-');
});
afterAll(() => t?.close());

describe('the dashboard', () => {
  it('adds up sales, queues and stones from the database, for this store only', async () => {
    const c = await createShopper(t.db, cast.a.id);
    // Paid today (a few minutes ago), 3 and 20 days ago; 45 days ago is outside the 30 days.
    const today = await order(c.id, { status: 'paid', daysAgo: 0.001, prices: [1_000_000, 250_050] });
    const threeDays = await order(c.id, { status: 'paid', daysAgo: 3, prices: [500_000], dispatched: true });
    const returned = await order(c.id, { status: 'paid', daysAgo: 20, prices: [2_000_000, 300_000], dispatched: true });
    const old = await order(c.id, { status: 'paid', daysAgo: 45, prices: [9_900_000] });
    // Not sales: unpaid, expired and cancelled orders; an expired one flagged for a refund.
    await order(c.id, { status: 'pending', daysAgo: 0.001, prices: [700_000] });
    const expired = await order(c.id, { status: 'expired', daysAgo: 1, prices: [800_000], refundFlagged: true });
    await order(c.id, { status: 'cancelled', daysAgo: 2, prices: [900_000] });
    // Refunds of stones count on the day they were made (processed), whatever the order's day: Rs. 5,000
    // today (an order of 3 days ago, asked for yesterday), Rs. 20,000 10 days ago; 40 days ago is outside
    // the 30 days. A failed refund, one still on its way, and money sent back for a payment that bought
    // nothing (the expired order's) are not counted.
    const refund = async (o: Awaited<ReturnType<typeof order>>, amountPaise: number, daysAgo: number, kind = 'lines', status: 'processed' | 'pending' | 'failed' = 'processed') => {
      const at = new Date(Date.now() - daysAgo * DAY);
      const [p] = await t.db.insert(payments).values({
        storeId: cast.a.id, orderId: o.order.id, provider: 'sandbox', providerPaymentId: `pay_${o.order.id}_${amountPaise}_${daysAgo}`, amountPaise: o.order.totalPaise, status: 'captured', createdAt: at,
      }).returning();
      await t.db.insert(refunds).values({
        storeId: cast.a.id, orderId: o.order.id, paymentId: p!.id, kind, amountPaise, status, provider: 'sandbox', idempotencyKey: `k-${o.order.id}-${amountPaise}-${daysAgo}`, createdAt: new Date(at.getTime() - DAY), updatedAt: at,
      });
    };
    await refund(threeDays, 500_000, 0.001);
    await refund(returned, 2_000_000, 10);
    await refund(returned, 300_000, 0.001, 'lines', 'failed');
    await refund(today, 250_050, 0.001, 'lines', 'pending');
    await refund(old, 9_900_000, 40);
    await refund(expired, 800_000, 0.001, 'payment');
    // Returns: one requested (waiting for a decision), one received (its refund owed: Rs. 3,000.00), one refunded.
    const [requested] = await t.db.insert(returnRequests).values({ storeId: cast.a.id, orderId: returned.order.id, customerId: c.id, reason: 'defective', status: 'requested' }).returning();
    const [received] = await t.db.insert(returnRequests).values({ storeId: cast.a.id, orderId: returned.order.id, customerId: c.id, reason: 'wrong', status: 'received' }).returning();
    await t.db.insert(returnLines).values([{ storeId: cast.a.id, returnId: received!.id, orderLineId: returned.lines[1]!.id }]);
    await t.db.insert(returnRequests).values({ storeId: cast.a.id, orderId: returned.order.id, customerId: c.id, reason: 'wrong', status: 'refunded' });
    expect(requested).toBeDefined();
    // Available stones: 3 of the first gem type, 1 of the other (the sold ones above do not count).
    for (let i = 0; i < 3; i++) await createItem(t.db, cast.a.id, { catalog: cast.catA });
    await createItem(t.db, cast.a.id, { catalog: cast.catA, productId: cast.catA.otherProduct.id });
    await createItem(t.db, cast.a.id, { catalog: cast.catA, status: 'reserved' });
    // Store B's paid order counts nowhere in A.
    const bc = await createShopper(t.db, cast.b.id);
    await t.db.insert(orders).values({
      storeId: cast.b.id, number: 1, customerId: bc.id, status: 'paid', totalQty: 1, totalPaise: 123_400, shippingAddress: address, billingAddress: address,
      paymentMethodId: 1001, reservedUntil: new Date(), placedOn: new Date(),
    });

    t.queries.count = 0;
    t.queries.recent.length = 0;
    const res = await admin(t, 'a.test', '/dashboard', { token: cast.tokens.assistant });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Gross: paid orders placed in the period; refunds: stones refunded in the period; net: gross less refunds.
    expect(body.sales).toEqual({
      today: { orders: 1, amount: 12_500.5, refunds: 5_000, refund_count: 1, net: 7_500.5 },
      days7: { orders: 2, amount: 17_500.5, refunds: 5_000, refund_count: 1, net: 12_500.5 },
      days30: { orders: 3, amount: 40_500.5, refunds: 25_000, refund_count: 2, net: 15_500.5 },
    });
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1)).toMatchObject({ day: body.today, orders: 1, amount: 12_500.5, refunds: 5_000, net: 7_500.5 });
    expect(body.daily.at(-11)).toMatchObject({ refunds: 20_000, refund_count: 1 });
    expect(body.daily.reduce((s: number, d: { orders: number }) => s + d.orders, 0)).toBe(3);
    expect(body.awaiting_dispatch).toBe(2);
    expect(body.returns_awaiting_decision).toBe(1);
    expect(body.refunds_owed).toEqual({ orders: 1, returns: 1, amount: 8_000 + 3_000 });
    expect(body.stones).toEqual([
      { product_id: cast.catA.product.id, name: cast.catA.product.name, available: 3 },
      { product_id: cast.catA.otherProduct.id, name: cast.catA.otherProduct.name, available: 1 },
    ]);
    // One statement per figure: sales per day, refunds per day, the order queues, the return queues, the stones.
    const data = t.queries.recent.filter((q) => /\b(orders|return_requests|items)\b/.test(q) && !/staff_tokens|store_domains/.test(q));
    expect(data.length).toBeLessThanOrEqual(4);

    const b = await admin(t, 'b.test', '/dashboard', { token: cast.bOwnerToken });
    expect(b.json()).toMatchObject({ sales: { days30: { orders: 1, amount: 1_234 } }, awaiting_dispatch: 1, returns_awaiting_decision: 0, refunds_owed: { orders: 0, returns: 0, amount: 0 } });
  });

  it('opens to every role and to nobody else', async () => {
    for (const role of STAFF_ROLES) expect((await admin(t, 'a.test', '/dashboard', { token: cast.tokens[role] })).statusCode, role).toBe(200);
    expect((await admin(t, 'a.test', '/dashboard', { token: cast.customerToken })).statusCode).toBe(401);
    expect((await admin(t, 'a.test', '/dashboard')).statusCode).toBe(401);
    expect((await admin(t, 'b.test', '/dashboard', { token: cast.tokens.owner })).statusCode).toBe(401);
  });
});
