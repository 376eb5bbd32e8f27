import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { items } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { caller, createStone, type Shop, type Shopper, createCheckoutWorld } from './checkout-fixtures.ts';

let t: TestApp;
let shop: Shop;
let otherShop: Shop;
let asha: Shopper;
let ben: Shopper;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  ({ shop, otherShop, asha, ben, call } = await createCheckoutWorld(t));
});
afterAll(() => t?.close());

describe('cart', () => {
  it('needs a signed-in customer', async () => {
    expect((await call('/api/cart-all', null)).statusCode).toBe(401);
    expect((await call('/api/cart-save', null, { itemId: 1 })).statusCode).toBe(401);
    expect((await call('/api/cart-delete', null, { cartId: 1 })).statusCode).toBe(401);
  });

  it('adds a stone once, lists it with the total, and removes it', async () => {
    const stone = await createStone(t.db, shop, { pricePaise: 1_500_050 });
    const saved = await call('/api/cart-save', asha, { itemId: stone.id });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().cart.item).toMatchObject({ id: stone.id, amounts: { mrpAmount: 15000.5 }, status: 'available' });
    const again = await call('/api/cart-save', asha, { itemId: String(stone.id) });
    expect(again.statusCode).toBe(200);
    expect(again.json().cart.id).toBe(saved.json().cart.id);

    const all = (await call('/api/cart-all', asha)).json();
    expect(all.cart).toHaveLength(1);
    expect(all.cart[0]).toMatchObject({ id: saved.json().cart.id, item: { id: stone.id } });
    expect(all).toMatchObject({ totalAmount: 15000.5, availableCount: 1 });

    expect((await call('/api/cart-delete', asha, { cartId: saved.json().cart.id })).statusCode).toBe(200);
    expect((await call('/api/cart-all', asha)).json()).toEqual({ cart: [], totalAmount: 0, availableCount: 0 });
    expect((await call('/api/cart-delete', asha, { cartId: saved.json().cart.id })).statusCode).toBe(404);
  });

  it('refuses sold and reserved stones with 409 stone_unavailable', async () => {
    for (const status of ['sold', 'reserved'] as const) {
      const stone = await createStone(t.db, shop, { status, name: `A ${status} stone` });
      const res = await call('/api/cart-save', asha, { itemId: stone.id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'stone_unavailable' });
      expect(res.json().message).toContain(`A ${status} stone`);
    }
  });

  it('shows a stone that became unavailable in the cart, outside the total', async () => {
    const a = await createStone(t.db, shop, { pricePaise: 100_000 });
    const b = await createStone(t.db, shop, { pricePaise: 200_000 });
    await call('/api/cart-save', ben, { itemId: a.id });
    await call('/api/cart-save', ben, { itemId: b.id });
    await t.db.update(items).set({ status: 'sold' }).where(eq(items.id, a.id));
    const all = (await call('/api/cart-all', ben)).json();
    expect(all.cart.map((c: { item: { id: number; status: string } }) => [c.item.id, c.item.status])).toEqual([[b.id, 'available'], [a.id, 'sold']]);
    expect(all).toMatchObject({ totalAmount: 2000, availableCount: 1 });
  });

  it('answers 404 for an unknown stone, another store\'s stone and another customer\'s cart line', async () => {
    expect((await call('/api/cart-save', asha, { itemId: 999999 })).statusCode).toBe(404);
    const foreignStone = await createStone(t.db, otherShop);
    expect((await call('/api/cart-save', asha, { itemId: foreignStone.id })).statusCode).toBe(404);
    const stone = await createStone(t.db, shop);
    const line = (await call('/api/cart-save', asha, { itemId: stone.id })).json().cart.id;
    expect((await call('/api/cart-delete', ben, { cartId: line })).statusCode).toBe(404);
    expect((await call('/api/cart-all', asha)).json().cart.some((c: { id: number }) => c.id === line)).toBe(true);
  });

  it('validates its input', async () => {
    expect((await call('/api/cart-save', asha, { itemId: 'abc' })).json().errors.itemId).toBeDefined();
    expect((await call('/api/cart-delete', asha, {})).json().errors.cartId).toBeDefined();
  });
});

describe('items-by-ids', () => {
  it('answers the stones asked for, in order, with the total of those still available', async () => {
    const a = await createStone(t.db, shop, { pricePaise: 1_000_00 });
    const b = await createStone(t.db, shop, { pricePaise: 2_500_00 });
    const sold = await createStone(t.db, shop, { pricePaise: 9_999_00, status: 'sold' });
    const foreign = await createStone(t.db, otherShop);
    const res = await call('/api/items-by-ids', null, { itemIds: [b.id, a.id, sold.id, foreign.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { id: number }) => i.id)).toEqual([b.id, a.id, sold.id]);
    expect(res.json().totalAmount).toBe(3500);
    // The checkout query carries the list as a JSON string.
    expect((await call('/api/items-by-ids', asha, { itemIds: JSON.stringify([a.id]) })).json().totalAmount).toBe(1000);
  });
  it('validates the list', async () => {
    expect((await call('/api/items-by-ids', null, { itemIds: [] })).statusCode).toBe(422);
    expect((await call('/api/items-by-ids', null, { itemIds: Array.from({ length: 51 }, (_, i) => i + 1) })).statusCode).toBe(422);
    expect((await call('/api/items-by-ids', null, {})).json().errors.itemIds).toBeDefined();
  });
});
