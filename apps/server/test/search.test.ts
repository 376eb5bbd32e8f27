import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingResponse, StoneCountsResponse, StoneSearchInput, SuggestionsResponse } from '@gemstore/contracts';
import { STONE_TREATMENTS } from '@gemstore/contracts/constants';
import { buildTestApp, type TestApp } from './helper.ts';
import { type Catalog, createCatalog, createItem, createPage, createStore } from './factories.ts';
import { admin, createStaff, staffSignIn } from './staff-fixtures.ts';

type Stone = Awaited<ReturnType<typeof createItem>>;

let t: TestApp;
let storeId: number;
let domain: string;
let cat: Catalog;
let blue: Stone[];
let yellow: Stone[];
let otherDomain: string;

beforeAll(async () => {
  t = await buildTestApp();
  const store = await createStore(t.db, { domain: 'search.test' });
  storeId = store.id;
  domain = store.domain;
  cat = await createCatalog(t.db, storeId);
  blue = [];
  for (let i = 0; i < 30; i++) {
    blue.push(await createItem(t.db, storeId, {
      catalog: cat, url: `blue-${i}`, gin: `BS${10000 + i}`, name: `Blue Sapphire ${i}`,
      gradeId: cat.grades[i % 3]!.id, colorId: cat.colors[i % 2]!.id, clarityId: cat.clarities[(i >> 1) % 3]!.id,
      shapeId: cat.shapes[(i >> 2) % 2]!.id, originId: cat.origins[(i >> 3) % 2]!.id, rattiId: cat.rattis[i % 4]!.id,
      weightMg: 300 + i * 40, pricePaise: 100_000 + ((i * 37) % 20) * 50_000,
      treatment: BLUE_TREATMENTS[i % BLUE_TREATMENTS.length],
    }));
  }
  yellow = [];
  for (let i = 0; i < 6; i++) {
    yellow.push(await createItem(t.db, storeId, {
      catalog: cat, productId: cat.otherProduct.id, url: `yellow-${i}`, gin: `YS${20000 + i}`, name: `Yellow Sapphire ${i}`,
      shapeId: cat.shapes[1]!.id, originId: cat.origins[1]!.id, colorId: cat.colors[i % 2]!.id,
    }));
  }
  await createItem(t.db, storeId, { catalog: cat, url: 'sold-blue', gin: 'BS99999', status: 'sold' });
  await createPage(t.db, storeId, { title: 'Ratti to Carat', url: 'ratti-to-carat', body: '<p>One ratti is 182 mg at this shop.</p>' });
  await createPage(t.db, storeId, { title: 'Shipping Policy', url: 'shipping', body: '<p>Insured delivery across India.</p>', placement: 'policy' });

  // Another store with the same words: nothing of it may show here.
  const other = await createStore(t.db, { domain: 'other-search.test' });
  otherDomain = other.domain;
  const otherCat = await createCatalog(t.db, other.id, 'o-');
  for (let i = 0; i < 3; i++) await createItem(t.db, other.id, { catalog: otherCat, url: `o-blue-${i}`, gin: `BS${10000 + i}` });
  await createPage(t.db, other.id, { title: 'Ratti to Carat elsewhere', url: 'ratti-to-carat' });
});

afterAll(async () => t?.close());

async function suggest(q: string, host = domain) {
  const res = await t.app.inject({ method: 'GET', url: `/api/search-suggestions?q=${encodeURIComponent(q)}`, headers: { domain: host } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SuggestionsResponse>();
}

async function search(body: StoneSearchInput, page = 1) {
  const res = await t.app.inject({ method: 'POST', url: `/api/search?page=${page}`, headers: { domain }, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListingResponse>();
}

/** Every stone of a search or listing, page by page. */
async function everyStone(body: StoneSearchInput): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const { data } = await search(body, page);
    ids.push(...data.map((i) => i.id));
    if (data.length < 20) return ids;
  }
}

async function counts(body: StoneSearchInput) {
  const res = await t.app.inject({ method: 'POST', url: '/api/stone-counts', headers: { domain }, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StoneCountsResponse>();
}

/** The blue stones' treatments in turn: a third heated, a sixth diffused, the rest none. */
const BLUE_TREATMENTS = ['heated', 'none', 'diffused', 'heated', 'none', 'none'] as const;

const idsOf = (stones: Stone[]) => stones.map((s) => s.id).sort((a, b) => a - b);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('search suggestions', () => {
  it('finds a gem by its name or alias, typos forgiven, with its stones newest first', async () => {
    for (const q of ['neelam', 'Nelam', 'blue saphire', 'neel']) {
      const s = await suggest(q);
      expect(s.products.map((p) => p.name), q).toEqual(['Blue Sapphire']);
      // "blue" also names the colour Royal Blue, which some yellow sapphires here have.
      if (q !== 'blue saphire') expect(s.items.map((i) => i.id), q).toEqual(blue.slice(-5).reverse().map((b) => b.id));
    }
    expect((await suggest('pukhraj')).items.map((i) => i.product.name)).toEqual(Array(5).fill('Yellow Sapphire'));
  });

  it('finds a stone by its gin, its SKU or its certificate number, and never a sold one', async () => {
    expect((await suggest('BS10007')).items.map((i) => i.id)).toEqual([blue[7]!.id]);
    // The SKU is the one the seller typed, whatever the case it is typed in.
    expect((await suggest('bs10007')).items.map((i) => [i.id, i.sku])).toEqual([[blue[7]!.id, 'BS10007']]);
    expect((await suggest(`C-${blue[3]!.certificateNumber.slice(2)}`)).items.map((i) => i.id)).toContain(blue[3]!.id);
    expect((await suggest('BS99999')).items).toEqual([]);
  });

  it('narrows by colour, origin and shape words together', async () => {
    const s = await suggest('cornflower sri lanka cushion');
    const expected = blue.filter((b) => b.colorId === cat.colors[1]!.id && b.originId === cat.origins[0]!.id && b.shapeId === cat.shapes[1]!.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(s.items.map((i) => i.id))).toEqual(idsOf(expected).slice(-5));
  });

  it("finds the store's pages by title or text, typos forgiven, and none of another store's", async () => {
    expect((await suggest('rati to carat')).pages).toEqual([expect.objectContaining({ title: 'Ratti to Carat', url: 'ratti-to-carat' })]);
    expect((await suggest('insured')).pages.map((p) => p.url)).toEqual(['shipping']);
    expect((await suggest('elsewhere')).pages).toEqual([]);
  });

  it("shows another store's stones only on that store", async () => {
    const here = await suggest('BS10001');
    const there = await suggest('BS10001', otherDomain);
    expect(here.items.map((i) => i.id)).toEqual([blue[1]!.id]);
    expect(there.items).toHaveLength(1);
    expect(there.items[0]!.id).not.toBe(blue[1]!.id);
  });

  it('answers nothing for words of one letter, and 422 for text too short or too long', async () => {
    expect(await suggest('a b')).toMatchObject({ products: [], items: [], pages: [] });
    const short = await t.app.inject({ method: 'GET', url: '/api/search-suggestions?q=a', headers: { domain } });
    expect(short.statusCode).toBe(422);
    const long = await t.app.inject({ method: 'GET', url: `/api/search-suggestions?q=${'x'.repeat(101)}`, headers: { domain } });
    expect(long.statusCode).toBe(422);
  });

  it('reads quotes, backslashes and query operators as plain text', async () => {
    for (const q of ["o'neil", 'a & b | !c', "':* \\", 'sapphire)(']) await suggest(q);
  });
});

describe('search results', () => {
  it('pages through every stone a search finds, with the filter applied', async () => {
    expect(sorted(await everyStone({ q: 'sapphire' }))).toEqual(idsOf([...blue, ...yellow]));
    expect(sorted(await everyStone({ q: 'neelam', filter: { colors: [cat.colors[0]!.id] } })))
      .toEqual(idsOf(blue.filter((b) => b.colorId === cat.colors[0]!.id)));
    expect(sorted(await everyStone({ q: 'sapphire', filter: { product: cat.otherProduct.url } }))).toEqual(idsOf(yellow));
    const cheap = await everyStone({ q: 'neelam', selectedPrice: { min: 1000, max: 3000 }, sort: 'price_asc' });
    expect(cheap).toEqual(blue.filter((b) => b.pricePaise >= 100_000 && b.pricePaise <= 300_000)
      .sort((a, b) => a.pricePaise - b.pricePaise || b.id - a.id).map((b) => b.id));
  });

  it('needs a search text or a product', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/search', headers: { domain }, payload: {} });
    expect(res.statusCode).toBe(422);
  });
});

describe('counts that follow the filters', () => {
  const groups = [
    ['grades', 'grade'], ['colors', 'colors'], ['clarities', 'clarity'], ['shapes', 'shape'], ['origins', 'origin'], ['treatments', 'treatment'],
  ] as const;
  /** A value as its group's filter names it: an attribute by id, a treatment by name. */
  const valueOf = (option: { id: number } | { value: string }) => ('id' in option ? option.id : option.value);

  /** Selections of the blue listing: none, one group, several groups, a price and a carat range, and a search. */
  const selections = (): StoneSearchInput[] => [
    { filter: { product: cat.product.url } },
    { filter: { product: cat.product.url, grades: [cat.grades[0]!.id] } },
    { filter: { product: cat.product.url, colors: [cat.colors[1]!.id], shapes: [cat.shapes[0]!.id] } },
    { filter: { product: cat.product.url, grades: [cat.grades[1]!.id, cat.grades[2]!.id], origins: [cat.origins[1]!.id] }, selectedPrice: { min: 2000 } },
    { filter: { product: cat.product.url, clarities: [cat.clarities[0]!.id] }, selectedCarat: { status: 1, min: 2, max: 6 } },
    { filter: { product: cat.product.url }, selectedRatti: { range: [5, 10] } },
    { q: 'sapphire cornflower', filter: { grades: [cat.grades[0]!.id] } },
    { filter: { product: cat.product.url, treatments: ['heated'], colors: [cat.colors[0]!.id] } },
    { q: 'sapphire', filter: { treatments: ['none', 'diffused'] } },
  ];

  it('counts above the list what the listing shows', async () => {
    for (const body of selections()) {
      expect((await counts(body)).product_stocks_count, JSON.stringify(body)).toBe((await everyStone(body)).length);
    }
  });

  it("counts beside every value the listing's total once that value is added", async () => {
    for (const body of selections()) {
      const c = await counts(body);
      for (const [key, field] of groups) {
        const chosen = (body.filter?.[key] ?? []) as (number | string)[];
        for (const option of c[field]) {
          const value = valueOf(option);
          if (chosen.includes(value)) continue;
          // Alone in its group, the value shows its count; added to the group's choice, it adds its count.
          const alone = await everyStone({ ...body, filter: { ...body.filter, [key]: [value] } });
          expect(option.product_stocks_count, `${JSON.stringify(body)} ${key} ${value}`).toBe(alone.length);
          if (chosen.length) {
            const added = await everyStone({ ...body, filter: { ...body.filter, [key]: [...chosen, value] } });
            expect(added.length).toBe(c.product_stocks_count + option.product_stocks_count);
          }
        }
      }
    }
  }, 300_000); // Every value of every group in nine selections, each walked page by page: generous for a busy machine.

  it('filters by treatment and counts each one, the trade\'s whole list in its order', async () => {
    const heated = blue.filter((s) => s.treatment === 'heated');
    expect(heated.length).toBe(10);
    expect(sorted(await everyStone({ filter: { product: cat.product.url, treatments: ['heated'] } }))).toEqual(idsOf(heated));
    const c = await counts({ filter: { product: cat.product.url } });
    expect(c.treatment.map((o) => o.value)).toEqual([...STONE_TREATMENTS]);
    expect(c.treatment.filter((o) => o.product_stocks_count > 0).map((o) => [o.name, o.product_stocks_count]))
      .toEqual([['None', 15], ['Heated', 10], ['Diffused', 5]]);
    // Each stone shows what was done to it.
    const listed = (await search({ filter: { product: cat.product.url, treatments: ['diffused'] } })).data;
    expect(listed.map((i) => i.treatment)).toEqual(Array(5).fill('diffused'));
    // A treatment the trade's list lacks is refused by name, not read as "any".
    const bad = await t.app.inject({ method: 'POST', url: '/api/stone-counts', headers: { domain }, payload: { filter: { product: cat.product.url, treatments: ['not-disclosed'] } } });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Choose a treatment');
  });

  it('counts the gem types a search finds', async () => {
    const c = await counts({ q: 'sapphire', filter: { product: cat.product.url } });
    expect(c.product_stocks_count).toBe(blue.length);
    expect(c.products.map((p) => [p.name, p.product_stocks_count])).toEqual([['Blue Sapphire', blue.length], ['Yellow Sapphire', yellow.length]]);
  });
});

describe("a shop's first start", () => {
  it('filters by treatment on a database its own connections migrated, before which the treatments had no type', async () => {
    const fresh = await buildTestApp({}, { unmigrated: true });
    try {
      const store = await createStore(fresh.db, { domain: 'first-start.test' });
      const c = await createCatalog(fresh.db, store.id);
      const heated = await createItem(fresh.db, store.id, { catalog: c, treatment: 'heated' });
      await createItem(fresh.db, store.id, { catalog: c });
      const body = { filter: { product: c.product.url, treatments: ['heated'] } };
      const page = await fresh.app.inject({ method: 'POST', url: '/api/product-items?page=1', headers: { domain: store.domain }, payload: body });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json<ListingResponse>().data.map((i) => i.id)).toEqual([heated.id]);
      const counted = await fresh.app.inject({ method: 'POST', url: '/api/stone-counts', headers: { domain: store.domain }, payload: body });
      expect(counted.statusCode, counted.body).toBe(200);
      expect(counted.json<StoneCountsResponse>().product_stocks_count).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});

// Last: the stone it adds would change the figures above.
describe('search after a catalogue change', () => {
  it('finds a value the back office adds, by a word searched before it existed', async () => {
    // Another process's search: the app itself may remember what "padparadscha" named.
    expect((await suggest('padparadscha')).items).toEqual([]);
    expect((await suggest('padparadsha')).items).toEqual([]);
    const { id: ownerId } = await createStaff(t.db, storeId, 'owner', 'search-owner@shop.test');
    expect(ownerId).toBeGreaterThan(0);
    const token = await staffSignIn(t, domain, 'search-owner@shop.test');
    const added = await admin(t, domain, '/attributes/color', { token, body: { value: 'Padparadscha', alias: 'padparadscha' } });
    expect(added.statusCode, added.body).toBe(200);
    const colorId = added.json<{ value: { id: number } }>().value.id;
    const stone = await createItem(t.db, storeId, { catalog: cat, url: 'padparadscha-1', gin: 'PP1', colorId });
    for (const q of ['padparadscha', 'padparadsha']) expect((await suggest(q)).items.map((i) => i.id), q).toEqual([stone.id]);
  });
});
