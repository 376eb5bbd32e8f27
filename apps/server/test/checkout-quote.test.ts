import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { caller, createShopper, createStone, insertAddress, placeOrder, type Shop, type Shopper } from './checkout-fixtures.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const indiaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** A first order: the customer reaches Review Order before having any address. */
describe("the checkout's quote before an address is chosen", () => {
  let t: TestApp;
  let cast: Awaited<ReturnType<typeof backOfficeStores>>;
  let shop: Shop;
  let asha: Shopper;
  let ben: Shopper;
  let benAddress: number;
  const quote = (who: Shopper, body: object) => caller(t, 'a.test')('/api/checkout-quote', who, body);

  beforeAll(async () => {
    t = await buildTestApp({ DISCOUNT_GUESSES_PER_CUSTOMER: '3' });
    cast = await backOfficeStores(t, 'b-');
    shop = { store: cast.a, catalog: cast.catA, domain: 'a.test' };
    const rates = await admin(t, 'a.test', '/settings/shipping', { method: 'PUT', token: cast.tokens.owner, body: { home: { amount: 150, free_from: 10_000 }, abroad: { amount: 2_500, free_from: null } } });
    expect(rates.statusCode, rates.body).toBe(200);
    const made = await admin(t, 'a.test', '/discounts', {
      token: cast.tokens.owner,
      body: { code: 'FIRST10', kind: 'percent', value: 10, min_order: 0, starts_on: indiaToday(), ends_on: null, max_uses: null, max_uses_per_customer: 1, product_ids: [] },
    });
    expect(made.statusCode, made.body).toBe(200);
    asha = await createShopper(t.db, cast.a.id);
    ben = await createShopper(t.db, cast.a.id);
    benAddress = (await insertAddress(t.db, cast.a.id, ben.id)).id;
  });
  afterAll(() => t?.close());

  it('quotes the stones and the code, and leaves shipping, the total and its GST to the address', async () => {
    const stone = await createStone(t.db, shop, { pricePaise: 500_000 });
    const res = await quote(asha, { itemIds: [stone.id], code: 'first10' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      lines: [{ item_id: stone.id, name: stone.name, amount: 5_000, discount: 500 }],
      stones_amount: 5_000,
      promotion: { code: 'FIRST10', amount: 500, label: expect.any(String) },
      promotion_error: null,
      shipping_amount: null, zone: null, free_shipping_from: null, total_amount: null, tax_included: null,
    });
    // A code that does not apply says why, without an address too.
    const unknown = await quote(asha, { itemIds: [stone.id], code: 'NOPE' });
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json()).toMatchObject({ promotion: null, promotion_error: { code: 'discount_unknown' }, total_amount: null });
  });

  it("refuses another customer's address as before, and the order itself still needs one", async () => {
    const stone = await createStone(t.db, shop, { pricePaise: 500_000 });
    const foreign = await quote(asha, { itemIds: [stone.id], shippingAddressId: benAddress });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toHaveProperty('shippingAddressId');
    const order = await caller(t, 'a.test')('/api/place-order', asha, { itemIds: [stone.id], paymentMethodId: 1001, origin: 'http://shop.test' });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors).toHaveProperty('shippingAddressId');
  });

  it('answers the whole quote once the customer has an address, as the order charges it', async () => {
    const stone = await createStone(t.db, shop, { pricePaise: 500_000 });
    const jaipur = (await insertAddress(t.db, cast.a.id, asha.id)).id;
    const res = await quote(asha, { itemIds: [stone.id], shippingAddressId: jaipur, code: 'FIRST10' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stones_amount: 5_000, promotion: { amount: 500 }, shipping_amount: 150, zone: 'home', free_shipping_from: 10_000, total_amount: 4_650 });
    const placed = await placeOrder(t, shop, asha, [stone.id], jaipur, { discountCode: 'FIRST10' });
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.json().orderId as number));
    expect(order!.totalPaise).toBe(465_000);
  });

  it('stops a customer who tries codes the shop does not have, whether the next one is right or not, and counts those tried at the order too', async () => {
    const stone = await createStone(t.db, shop, { pricePaise: 500_000 });
    const guesser = await createShopper(t.db, cast.a.id);
    const home = (await insertAddress(t.db, cast.a.id, guesser.id)).id;
    for (const guess of ['SAVE10', 'SAVE20']) {
      const res = await quote(guesser, { itemIds: [stone.id], code: guess });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().promotion_error.code).toBe('discount_unknown');
    }
    // A real code tried meanwhile is not counted.
    expect((await quote(guesser, { itemIds: [stone.id], code: 'FIRST10' })).json().promotion).toMatchObject({ code: 'FIRST10' });
    // Placing an order with a code the shop does not have is refused, nothing is ordered, and it counts as the third try.
    const order = await placeOrder(t, shop, guesser, [stone.id], home, { discountCode: 'SAVE30' });
    expect(order.statusCode, order.body).toBe(409);
    expect(order.json().code).toBe('discount_unknown');
    // Now every code is refused until the window refills, the real one too (else the limit would tell it apart).
    for (const c of ['SAVE40', 'FIRST10']) {
      const res = await quote(guesser, { itemIds: [stone.id], code: c });
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json().code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const refusedOrder = await placeOrder(t, shop, guesser, [stone.id], home, { discountCode: 'FIRST10' });
    expect(refusedOrder.statusCode).toBe(429);
    // Without a code the customer still gets the figures and can order; another customer is not held back.
    expect((await quote(guesser, { itemIds: [stone.id], shippingAddressId: home })).statusCode).toBe(200);
    const other = await createShopper(t.db, cast.a.id);
    expect((await quote(other, { itemIds: [stone.id], code: 'FIRST10' })).json().promotion).toMatchObject({ code: 'FIRST10' });
  });
});
