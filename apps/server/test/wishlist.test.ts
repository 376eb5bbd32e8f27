import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';
import { caller, createStone, type Shop, type Shopper, createCheckoutWorld } from './checkout-fixtures.ts';

/* The wishlist: a signed-in customer's stones of one store, sold ones shown as sold. */

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

const list = async (who: Shopper) => (await call('/api/wishlist', who, undefined, 'GET')).json().items as { id: number; status: string }[];

describe('wishlist', () => {
  it('needs a signed-in customer', async () => {
    expect((await call('/api/wishlist', null, undefined, 'GET')).statusCode).toBe(401);
    expect((await call('/api/wishlist-save', null, { itemId: 1 })).statusCode).toBe(401);
    expect((await call('/api/wishlist-delete', null, { itemId: 1 })).statusCode).toBe(401);
  });

  it('keeps stones once each, newest first, and lets them go', async () => {
    const first = await createStone(t.db, shop);
    const second = await createStone(t.db, shop);
    const saved = await call('/api/wishlist-save', asha, { itemId: first.id });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ item: { id: first.id, status: 'available' }, message: expect.any(String) });
    expect((await call('/api/wishlist-save', asha, { itemId: second.id })).statusCode).toBe(200);
    expect((await call('/api/wishlist-save', asha, { itemId: first.id })).statusCode).toBe(200);
    expect((await list(asha)).map((i) => i.id)).toEqual([second.id, first.id]);
    // Another customer's wishlist is their own.
    expect(await list(ben)).toEqual([]);

    expect((await call('/api/wishlist-delete', asha, { itemId: second.id })).statusCode).toBe(200);
    expect((await list(asha)).map((i) => i.id)).toEqual([first.id]);
    // Taking off a stone that is not there changes nothing.
    expect((await call('/api/wishlist-delete', asha, { itemId: second.id })).statusCode).toBe(200);
    expect((await call('/api/wishlist-delete', asha, { itemId: first.id })).statusCode).toBe(200);
    expect(await list(asha)).toEqual([]);
  });

  it('shows a stone sold or reserved since with its status', async () => {
    const stone = await createStone(t.db, shop);
    const held = await createStone(t.db, shop, { status: 'reserved' });
    await call('/api/wishlist-save', ben, { itemId: stone.id });
    await call('/api/wishlist-save', ben, { itemId: held.id });
    await t.app.services.catalog.moveStones({ store: shop.store }, [stone.id], 'available', 'sold');
    expect(await list(ben)).toEqual([expect.objectContaining({ id: held.id, status: 'reserved' }), expect.objectContaining({ id: stone.id, status: 'sold' })]);
  });

  it("keeps to the store: another store's stone is not found, and the list is the store's own", async () => {
    const elsewhere = await createStone(t.db, otherShop);
    expect((await call('/api/wishlist-save', asha, { itemId: elsewhere.id })).statusCode).toBe(404);
    expect((await call('/api/wishlist-save', asha, { itemId: 99_999_999 })).statusCode).toBe(404);
    expect((await call('/api/wishlist-save', asha, { itemId: 'x' })).statusCode).toBe(422);
    // Asha's token is for her account in the first store: the other store does not know it.
    const other = caller(t, otherShop.domain);
    expect((await other('/api/wishlist', asha, undefined, 'GET')).statusCode).toBe(401);
  });
});
