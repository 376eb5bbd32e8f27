import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { items, orders } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { caller, createShop, createShopper, createStone, insertAddress, placeOrder } from './checkout-fixtures.ts';

// In production mode the built-in pretend provider must never sell a stone.
let t: TestApp;
beforeAll(async () => { t = await buildTestApp({ SANDBOX_PAYMENTS: 'false' }); });
afterAll(() => t?.close());

describe('sandbox payments switched off', () => {
  it('refuses to open a sandbox payment and keeps the stone unsold', async () => {
    const shop = await createShop(t.db);
    const who = await createShopper(t.db, shop.store.id);
    const address = await insertAddress(t.db, shop.store.id, who.id);
    const stone = await createStone(t.db, shop);
    const placed = await placeOrder(t, shop, who, [stone.id], address.id);
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().orderId as number;

    const pay = await caller(t, shop.domain)('/api/retry-pay', who, { orderId });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().code).toBe('payments_unavailable');

    const page = await t.app.inject({ url: `/pay/sandbox/${orderId}?token=x` });
    expect(page.statusCode).toBe(404);

    // A hand-made callback cannot pay either.
    const callback = await t.app.inject({
      method: 'POST', url: `/pay/callback/${orderId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ razorpay_payment_id: 'sbx_pay_x', razorpay_order_id: 'sbx_order_x', razorpay_signature: 'f'.repeat(64) }).toString(),
    });
    expect(callback.statusCode).not.toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('pending');
    const [row] = await t.db.select().from(items).where(eq(items.id, stone.id));
    expect(row!.status).toBe('reserved');
  });
});
