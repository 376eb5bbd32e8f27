import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outboxMessages, stores } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { caller, createShop, createShopper, createStone, insertAddress, payWithSandbox, placeOrder, type Shop } from './checkout-fixtures.ts';

/*
 * A shop that shows dollars charges rupees: the order keeps the rate its customer saw, and its page
 * and emails show the dollars first with the rupees charged and the rate beside them.
 */

let t: TestApp;
let shop: Shop;
beforeAll(async () => {
  t = await buildTestApp();
  shop = await createShop(t.db, 'usd-');
  await t.db.update(stores).set({ currency: 'USD', usdRate: 0.012, isFromIndia: false }).where(eq(stores.id, shop.store.id));
});
afterAll(() => t?.close());

async function mail(to: string, purpose: string) {
  const [row] = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.to, to), eq(outboxMessages.purpose, purpose)));
  return row!;
}

describe('a dollar shop', () => {
  it('keeps the rate the order was shown at; the order and its emails show dollars with the rupees charged and the rate', async () => {
    const who = await createShopper(t.db, shop.store.id);
    const addressId = (await insertAddress(t.db, shop.store.id, who.id)).id;
    const stone = await createStone(t.db, shop, { pricePaise: 2_500_000 });
    const placed = await placeOrder(t, shop, who, [stone.id], addressId);
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId } = placed.json();

    // The rate changes later: the order keeps the one its customer saw.
    await t.db.update(stores).set({ usdRate: 0.02 }).where(eq(stores.id, shop.store.id));
    const { order } = (await caller(t, shop.domain)('/api/order', who, { orderId })).json();
    expect(order.total_amount).toBe(25000);
    expect(order.shown_in_usd).toEqual({ usd_rate: 0.012, total: 300 });

    expect((await mail(who.email, 'order-placed')).text).toContain('of 1 stone, $300.00 (charged as Rs. 25,000.00, at Rs. 1 = $0.012) in all');
    expect((await payWithSandbox(t, shop, who, orderId)).statusCode).toBeLessThan(400);
    expect((await mail(who.email, 'order-paid')).text).toContain('We received $300.00 (charged as Rs. 25,000.00, at Rs. 1 = $0.012)');
  });

  it('shows a rupee shop\'s orders in rupees only', async () => {
    const rupeeShop = await createShop(t.db, 'inr-');
    const who = await createShopper(t.db, rupeeShop.store.id);
    const addressId = (await insertAddress(t.db, rupeeShop.store.id, who.id)).id;
    const stone = await createStone(t.db, rupeeShop, { pricePaise: 2_500_000 });
    const { orderId } = (await placeOrder(t, rupeeShop, who, [stone.id], addressId)).json();
    const { order } = (await caller(t, rupeeShop.domain)('/api/order', who, { orderId })).json();
    expect(order.shown_in_usd).toBeNull();
    expect((await mail(who.email, 'order-placed')).text).toContain('of 1 stone, Rs. 25,000.00 in all');
  });
});
