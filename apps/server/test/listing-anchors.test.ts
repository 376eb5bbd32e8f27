import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Item, ListingFilterInput } from '@gemstore/contracts';
import { catalogVersions, items, stores } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { type Catalog, createCatalog, createItem, createStore } from './factories.ts';

// Deep pages read on from where an earlier page ended (docs/decisions/0011-listing-page-anchors.md).
// Whatever was read before, every page must be exactly the stones that the current list puts there.

let t: TestApp;
let storeId: number;
let domain: string;
let cat: Catalog;
let otherStoreId: number;
const STONES = 70;

beforeAll(async () => {
  t = await buildTestApp();
  const store = await createStore(t.db, { domain: 'anchors.test' });
  storeId = store.id;
  domain = store.domain;
  cat = await createCatalog(t.db, storeId);
  for (let i = 0; i < STONES; i++) {
    await createItem(t.db, storeId, { catalog: cat, url: `anchor-${i}`, pricePaise: 100_000 + (i % 7) * 10_000, weightMg: 300 + (i % 5) * 10 });
  }
  const other = await createStore(t.db, { domain: 'anchors-other.test' });
  otherStoreId = other.id;
  await createItem(t.db, otherStoreId, { catalog: await createCatalog(t.db, otherStoreId, 'o-') });
});
afterAll(() => t?.close());

async function page(n: number, body: ListingFilterInput = { filter: { product: cat.product.id } }): Promise<number[]> {
  const res = await t.app.inject({ method: 'POST', url: `/api/product-items?page=${n}`, headers: { domain }, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Item[] }>().data.map((i) => i.id);
}

/** The listing as the database has it now, newest first, in pages of 20. */
async function expectedPage(n: number, order: 'newest' | 'price_asc' = 'newest'): Promise<number[]> {
  const rows = await t.db.select({ id: items.id }).from(items)
    .where(and(eq(items.storeId, storeId), eq(items.productId, cat.product.id), eq(items.status, 'available')))
    .orderBy(...(order === 'newest' ? [desc(items.id)] : [items.pricePaise, desc(items.id)]));
  return rows.slice((n - 1) * 20, n * 20).map((r) => r.id);
}

async function versionOf(id: number): Promise<number> {
  const [row] = await t.db.select({ version: catalogVersions.version }).from(catalogVersions).where(eq(catalogVersions.storeId, id));
  return row?.version ?? 0;
}

describe('listing pages read on from remembered starts', () => {
  it('answers a deep page the same on the first visit and on later ones, in one statement each', async () => {
    const first = await page(3);
    expect(first).toEqual(await expectedPage(3));
    t.queries.count = 0;
    expect(await page(3)).toEqual(first);
    const again = t.queries.count;
    t.queries.count = 0;
    await page(1);
    // With the caches off every call also reads the store and its masters; the stones are one statement either way.
    expect(again).toBe(t.queries.count);
    expect(await page(4)).toEqual(await expectedPage(4));
    expect(await page(5)).toEqual([]);
  });

  it('follows a sale made after the pages were read: page 2 starts one stone later', async () => {
    const before = [await page(1), await page(2), await page(3)];
    const soldId = before[0]![0]!;
    await t.db.update(items).set({ status: 'sold' }).where(eq(items.id, soldId));
    expect(await page(2)).toEqual(await expectedPage(2));
    expect((await page(2))[0]).toBe(before[1]![1]);
    expect(await page(3)).toEqual(await expectedPage(3));
    await t.db.update(items).set({ status: 'available' }).where(eq(items.id, soldId));
    expect(await page(2)).toEqual(before[1]);
  });

  it('follows a new stone: the newest-first pages all move one place down', async () => {
    const before = await page(2);
    const added = await createItem(t.db, storeId, { catalog: cat, url: 'anchor-new' });
    expect(await page(2)).toEqual(await expectedPage(2));
    expect((await page(2)).slice(1)).toEqual(before.slice(0, 19));
    await t.db.delete(items).where(eq(items.id, added.id));
    expect(await page(2)).toEqual(before);
  });

  it('follows a price change under the price order, ties broken by id', async () => {
    const body: ListingFilterInput = { filter: { product: cat.product.id }, sort: 'price_asc' };
    for (const n of [1, 2, 3, 4]) expect(await page(n, body)).toEqual(await expectedPage(n, 'price_asc'));
    const [cheapest] = await expectedPage(1, 'price_asc');
    await t.db.update(items).set({ pricePaise: 999_999_00 }).where(eq(items.id, cheapest!));
    for (const n of [2, 3, 4]) expect(await page(n, body)).toEqual(await expectedPage(n, 'price_asc'));
    expect((await page(4, body)).at(-1)).toBe(cheapest);
  });

  it('keeps filters apart: the same page of another filter is its own list', async () => {
    const grade = { filter: { product: cat.product.id, grades: [cat.grades[0]!.id] } };
    const all = await page(2);
    expect(await page(2, grade)).toEqual(all); // every stone here has the first grade
    await t.db.update(items).set({ gradeId: cat.grades[1]!.id }).where(eq(items.id, all[0]!));
    expect(await page(2, grade)).toEqual(all.slice(1).concat((await expectedPage(3))[0]!));
    expect(await page(2)).toEqual(all);
    await t.db.update(items).set({ gradeId: cat.grades[0]!.id }).where(eq(items.id, all[0]!));
  });
});

describe('catalogue versions', () => {
  it('move on with every statement that adds, changes or removes a store\'s stones, and only that store\'s', async () => {
    const other = await versionOf(otherStoreId);
    let v = await versionOf(storeId);
    const stone = await createItem(t.db, storeId, { catalog: cat, url: 'versioned' });
    expect(await versionOf(storeId)).toBe(v + 1);
    v += 1;
    await t.db.update(items).set({ pricePaise: 5_000_00 }).where(eq(items.storeId, storeId));
    expect(await versionOf(storeId)).toBe(v + 1); // one statement over many stones: one step
    v += 1;
    await t.db.delete(items).where(eq(items.id, stone.id));
    expect(await versionOf(storeId)).toBe(v + 1);
    await t.db.update(items).set({ status: 'sold' }).where(sql`false`);
    expect(await versionOf(storeId)).toBe(v + 1); // a statement that changed no stone changes nothing
    expect(await versionOf(otherStoreId)).toBe(other);
  });

  it('let a store with stones be deleted (its stones go with it)', async () => {
    const gone = await createStore(t.db, { domain: 'anchors-gone.test' });
    await createItem(t.db, gone.id, { catalog: await createCatalog(t.db, gone.id, 'g-') });
    expect(await versionOf(gone.id)).toBe(1);
    await t.db.delete(stores).where(eq(stores.id, gone.id));
    expect(await versionOf(gone.id)).toBe(0);
    expect(await t.db.$count(items, eq(items.storeId, gone.id))).toBe(0);
  });
});
