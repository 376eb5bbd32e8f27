import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { caller, insertAddress } from './checkout-fixtures.ts';
import { refusal } from './client.ts';
import { type Buyer, shopWorld, type ShopWorld } from './world.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const indiaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** A first order: the customer reaches Review Order before having any address. */
describe("the checkout's quote before an address is chosen", () => {
  let t: TestApp;
  let world: ShopWorld;
  let asha: Awaited<ReturnType<ShopWorld['newcomer']>>;
  let ben: Buyer;

  beforeAll(async () => {
    t = await buildTestApp({ DISCOUNT_GUESSES_PER_CUSTOMER: '3' });
    world = await shopWorld(t);
    const { owner } = world.staff;
    await owner.adminShippingSettingsUpdate({ body: { home: { amount: 150, free_from: 10_000 }, abroad: { amount: 2_500, free_from: null } } });
    await owner.adminDiscountCreate({
      body: { code: 'FIRST10', kind: 'percent', value: 10, min_order: 0, starts_on: indiaToday(), ends_on: null, max_uses: null, max_uses_per_customer: 1, product_ids: [] },
    });
    asha = await world.newcomer();
    ben = await world.shopper();
  });
  afterAll(() => t?.close());

  it('quotes the stones and the code, and leaves shipping, the total and its GST to the address', async () => {
    const stone = await world.stone({ pricePaise: 500_000 });
    expect(await asha.api.checkoutQuote({ body: { itemIds: [stone.id], code: 'first10' } })).toEqual({
      lines: [{ item_id: stone.id, name: stone.name, amount: 5_000, discount: 500 }],
      stones_amount: 5_000,
      promotion: { code: 'FIRST10', amount: 500, label: expect.any(String) },
      promotion_error: null,
      shipping_amount: null, zone: null, free_shipping_from: null, total_amount: null, tax_included: null,
    });
    // A code that does not apply says why, without an address too.
    const unknown = await asha.api.checkoutQuote({ body: { itemIds: [stone.id], code: 'NOPE' } });
    expect(unknown).toMatchObject({ promotion: null, promotion_error: { code: 'discount_unknown' }, total_amount: null });
  });

  it("refuses another customer's address as before, and the order itself still needs one", async () => {
    const stone = await world.stone({ pricePaise: 500_000 });
    const foreign = await refusal(asha.api.checkoutQuote({ body: { itemIds: [stone.id], shippingAddressId: ben.addressId } }));
    expect(foreign.status).toBe(422);
    expect(foreign.errors).toHaveProperty('shippingAddressId');
    // An order without an address: a request the typed client cannot make.
    const order = await caller(t, 'a.test')('/api/place-order', asha, { itemIds: [stone.id], paymentMethodId: 1001, origin: 'http://shop.test' });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors).toHaveProperty('shippingAddressId');
  });

  it('answers the whole quote once the customer has an address, as the order charges it', async () => {
    const stone = await world.stone({ pricePaise: 500_000 });
    const jaipur = (await insertAddress(t.db, world.shop.store.id, asha.id)).id;
    const quote = await asha.api.checkoutQuote({ body: { itemIds: [stone.id], shippingAddressId: jaipur, code: 'FIRST10' } });
    expect(quote).toMatchObject({ stones_amount: 5_000, promotion: { amount: 500 }, shipping_amount: 150, zone: 'home', free_shipping_from: 10_000, total_amount: 4_650 });
    const placed = await world.placeOrder({ ...asha, addressId: jaipur }, [stone], 'FIRST10');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.totalPaise).toBe(465_000);
  });

  it('stops a customer who tries codes the shop does not have, whether the next one is right or not, and counts those tried at the order too', async () => {
    const stone = await world.stone({ pricePaise: 500_000 });
    const guesser = await world.shopper();
    const quote = (code?: string, shippingAddressId?: number) => guesser.api.checkoutQuote({ body: { itemIds: [stone.id], code, shippingAddressId } });
    for (const guess of ['SAVE10', 'SAVE20']) {
      expect((await quote(guess)).promotion_error?.code).toBe('discount_unknown');
    }
    // A real code tried meanwhile is not counted.
    expect((await quote('FIRST10')).promotion).toMatchObject({ code: 'FIRST10' });
    // Placing an order with a code the shop does not have is refused, nothing is ordered, and it counts as the third try.
    const order = await refusal(world.placeOrder(guesser, [stone], 'SAVE30'));
    expect(order.status, order.message).toBe(409);
    expect(order.code).toBe('discount_unknown');
    // Now every code is refused until the window refills, the real one too (else the limit would tell it apart).
    for (const c of ['SAVE40', 'FIRST10']) {
      const err = await refusal(quote(c));
      expect(err.status, err.message).toBe(429);
      expect(err.code).toBe('rate_limited');
      expect(Number(guesser.api.last.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await refusal(world.placeOrder(guesser, [stone], 'FIRST10'))).status).toBe(429);
    // Without a code the customer still gets the figures and can order; another customer is not held back.
    await quote(undefined, guesser.addressId);
    const other = await world.newcomer();
    expect((await other.api.checkoutQuote({ body: { itemIds: [stone.id], code: 'FIRST10' } })).promotion).toMatchObject({ code: 'FIRST10' });
  });
});
