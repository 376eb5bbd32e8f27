import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { items } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { caller, createShopper, createStone, type Shop, type Shopper, createCheckoutWorld } from './checkout-fixtures.ts';

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

describe('cart-merge', () => {
  type Line = { id: number; item: { id: number; status: string } };
  const states = (cart: Line[]) => cart.map((c) => [c.item.id, c.item.status]);

  it('needs a signed-in customer and a list of stones', async () => {
    expect((await call('/api/cart-merge', null, { itemIds: [1] })).statusCode).toBe(401);
    expect((await call('/api/cart-merge', asha, { itemIds: [] })).json().errors.itemIds).toBeDefined();
    expect((await call('/api/cart-merge', asha, {})).json().errors.itemIds).toBeDefined();
    expect((await call('/api/cart-merge', asha, { itemIds: ['abc'] })).statusCode).toBe(422);
    expect((await call('/api/cart-merge', asha, { itemIds: Array.from({ length: 51 }, (_, i) => i + 1) })).statusCode).toBe(422);
  });

  it('adds the guest\'s stones in one call, in the browser\'s order, skipping those already in the cart', async () => {
    const shopper = await createShopper(t.db, shop.store.id);
    const kept = await createStone(t.db, shop, { pricePaise: 100_000 });
    const a = await createStone(t.db, shop, { pricePaise: 250_000 });
    const b = await createStone(t.db, shop, { pricePaise: 300_050 });
    const keptLine = (await call('/api/cart-save', shopper, { itemId: kept.id })).json().cart.id;

    // The browser keeps its stones newest first: b was added last.
    const res = await call('/api/cart-merge', shopper, { itemIds: [b.id, kept.id, a.id, b.id] });
    expect(res.statusCode).toBe(200);
    const merged = res.json();
    expect(merged).toMatchObject({ added: 2, message: 'The 2 stones you chose before signing in were added to your cart.', totalAmount: 6500.5, availableCount: 3 });
    expect(merged.cart.map((c: Line) => c.item.id)).toEqual([b.id, a.id, kept.id]);
    // The stone already in the cart keeps its line.
    expect(merged.cart.find((c: Line) => c.item.id === kept.id).id).toBe(keptLine);
    // The cart reads the same afterwards; merging again adds nothing.
    const all = (await call('/api/cart-all', shopper)).json();
    expect(all).toEqual({ cart: merged.cart, totalAmount: 6500.5, availableCount: 3 });
    const again = (await call('/api/cart-merge', shopper, { itemIds: [a.id] })).json();
    expect(again).toMatchObject({ added: 0, message: 'Your cart already held the stones you chose before signing in.', totalAmount: 6500.5 });
    expect(again.cart).toHaveLength(3);
  });

  it('keeps sold, reserved and withdrawn stones, shown as such and outside the total; ignores ids of no stone of this shop', async () => {
    const shopper = await createShopper(t.db, shop.store.id);
    const available = await createStone(t.db, shop, { pricePaise: 120_000 });
    const sold = await createStone(t.db, shop, { pricePaise: 900_000, status: 'sold' });
    const reserved = await createStone(t.db, shop, { pricePaise: 800_000, status: 'reserved' });
    const withdrawn = await createStone(t.db, shop, { pricePaise: 600_000 });
    await t.db.update(items).set({ status: 'hidden' }).where(eq(items.id, withdrawn.id));
    const foreign = await createStone(t.db, otherShop, { pricePaise: 700_000 });
    const res = (await call('/api/cart-merge', shopper, { itemIds: [sold.id, foreign.id, 999_999, reserved.id, withdrawn.id, available.id] })).json();
    expect(res).toMatchObject({ added: 4, message: 'The 4 stones you chose before signing in were added to your cart.', totalAmount: 1200, availableCount: 1 });
    expect(states(res.cart)).toEqual([[sold.id, 'sold'], [reserved.id, 'reserved'], [withdrawn.id, 'unavailable'], [available.id, 'available']]);

    // A sold line can be removed like any other.
    const soldLine = res.cart.find((c: Line) => c.item.id === sold.id).id;
    expect((await call('/api/cart-delete', shopper, { cartId: soldLine })).statusCode).toBe(200);
    expect(states((await call('/api/cart-all', shopper)).json().cart)).toEqual([[reserved.id, 'reserved'], [withdrawn.id, 'unavailable'], [available.id, 'available']]);
    // Another shop's stone never joins this shop's cart.
    expect((await call('/api/cart-merge', shopper, { itemIds: [foreign.id] })).json()).toMatchObject({ added: 0 });
  });

  it('adds each stone once when two tabs merge at the same moment', async () => {
    const shopper = await createShopper(t.db, shop.store.id);
    const stones = await Promise.all([1, 2, 3].map(() => createStone(t.db, shop, { pricePaise: 100_000 })));
    const itemIds = stones.map((s) => s.id);
    const results = await Promise.all([call('/api/cart-merge', shopper, { itemIds }), call('/api/cart-merge', shopper, { itemIds })]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.reduce((sum, r) => sum + r.json().added, 0)).toBe(3);
    const all = (await call('/api/cart-all', shopper)).json();
    expect(all.cart.map((c: Line) => c.item.id).sort()).toEqual([...itemIds].sort());
    expect(all).toMatchObject({ totalAmount: 3000, availableCount: 3 });
  });

  it('shows a stone that sold after the merge as sold', async () => {
    const shopper = await createShopper(t.db, shop.store.id);
    const a = await createStone(t.db, shop, { pricePaise: 100_000 });
    const b = await createStone(t.db, shop, { pricePaise: 200_000 });
    await call('/api/cart-merge', shopper, { itemIds: [a.id, b.id] });
    await t.db.update(items).set({ status: 'sold' }).where(eq(items.id, b.id));
    const all = (await call('/api/cart-all', shopper)).json();
    expect(states(all.cart)).toEqual([[a.id, 'available'], [b.id, 'sold']]);
    expect(all).toMatchObject({ totalAmount: 1000, availableCount: 1 });
  });
});

describe('items-by-ids for a guest\'s cart', () => {
  it('tells a guest which stones sold meanwhile, without counting them', async () => {
    const a = await createStone(t.db, shop, { pricePaise: 150_000 });
    const b = await createStone(t.db, shop, { pricePaise: 275_025 });
    const before = (await call('/api/items-by-ids', null, { itemIds: [b.id, a.id] })).json();
    expect(before.totalAmount).toBe(4250.25);
    await t.db.update(items).set({ status: 'sold' }).where(eq(items.id, b.id));
    const after = (await call('/api/items-by-ids', null, { itemIds: [b.id, a.id] })).json();
    expect(after.items.map((i: { id: number; status: string }) => [i.id, i.status])).toEqual([[b.id, 'sold'], [a.id, 'available']]);
    expect(after.totalAmount).toBe(1500);
  });
});
