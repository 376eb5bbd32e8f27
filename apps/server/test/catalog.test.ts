import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, ListingFilterInput } from '@gemstore/contracts';
import { buildTestApp, type TestApp } from './helper.ts';
import { type Catalog, createCatalog, createItem, createStore } from './factories.ts';

type Stone = Awaited<ReturnType<typeof createItem>>;

let t: TestApp;
let storeId: number;
let domain: string;
let cat: Catalog;
/** The 65 available stones of the main product, plus sold and reserved ones and stones of the other product. */
let available: Stone[];
let sold: Stone[];
let reserved: Stone[];
let otherProductStones: Stone[];
const STONES = 65;
/** What the other product's stones store as their report-check links: the API passes only safe web addresses. */
const VERIFICATION_URLS = [
  'https://www.gia.edu/report-check?reportno=2141438167',
  'javascript:alert(document.cookie)',
  'http://lab.example/report/1',
  'http://localhost:8080/report/1',
];

beforeAll(async () => {
  t = await buildTestApp();
  const store = await createStore(t.db, { domain: 'catalog.test', isFromIndia: true });
  storeId = store.id;
  domain = store.domain;
  cat = await createCatalog(t.db, storeId);
  available = [];
  for (let i = 0; i < STONES; i++) {
    // Deterministic spread over every attribute, with price and weight ties to exercise tie-breaking.
    available.push(await createItem(t.db, storeId, {
      catalog: cat,
      url: `blue-${i}`,
      gradeId: cat.grades[i % 3]!.id,
      colorId: cat.colors[i % 2]!.id,
      clarityId: cat.clarities[(i >> 1) % 3]!.id,
      shapeId: cat.shapes[(i >> 2) % 2]!.id,
      originId: cat.origins[(i >> 3) % 2]!.id,
      rattiId: cat.rattis[i % 4]!.id,
      weightMg: 200 + (i % 30) * 50,
      pricePaise: 50_000 + ((i * 37) % 20) * 100_000,
    }));
  }
  sold = [];
  reserved = [];
  for (let i = 0; i < 5; i++) {
    sold.push(await createItem(t.db, storeId, { catalog: cat, url: `sold-${i}`, gradeId: cat.grades[0]!.id, status: 'sold', pricePaise: 99_900 }));
  }
  for (let i = 0; i < 3; i++) {
    reserved.push(await createItem(t.db, storeId, { catalog: cat, url: `reserved-${i}`, colorId: cat.colors[1]!.id, status: 'reserved' }));
  }
  otherProductStones = [];
  for (let i = 0; i < 4; i++) {
    otherProductStones.push(await createItem(t.db, storeId, {
      catalog: cat, productId: cat.otherProduct.id, url: `yellow-${i}`, certificateVerificationUrl: VERIFICATION_URLS[i],
      treatment: (['heated', 'none', 'glass-filled', 'none'] as const)[i],
    }));
  }
});
afterAll(() => t?.close());

function get(url: string) {
  return t.app.inject({ method: 'GET', url, headers: { domain } });
}
function post(url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, headers: { domain }, payload: payload as object });
}

/** Every page of a listing, asserting the page size contract on the way. */
async function walk(body: ListingFilterInput): Promise<Item[]> {
  const all: Item[] = [];
  for (let page = 1; page < 50; page++) {
    const res = await post(`/api/product-items?page=${page}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json<{ data: Item[]; page: number; per_page: number }>();
    expect(json.page).toBe(page);
    expect(json.per_page).toBe(20);
    expect(json.data.length).toBeLessThanOrEqual(20);
    all.push(...json.data);
    if (json.data.length < 20) return all;
  }
  throw new Error('listing never ended');
}

const ids = (list: { id: number }[]) => list.map((i) => i.id).sort((a, b) => a - b);
const rattiValue = (s: Stone) => cat.rattis.find((r) => r.id === s.rattiId)!.ratiStandard;

describe('GET /api/categories', () => {
  it('answers the root category with its child categories and their products', async () => {
    const res = await get('/api/categories');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.category).toEqual({ id: cat.root.id, name: 'Gemstones', url: 'gemstones' });
    expect(body.categories).toHaveLength(1);
    const [sapphires] = body.categories;
    expect(sapphires).toMatchObject({ id: cat.category.id, name: 'Sapphires', url: 'sapphires', image: '/media/sapphires.svg' });
    expect(sapphires.products.map((p: { id: number }) => p.id)).toEqual([cat.product.id, cat.otherProduct.id]);
    expect(sapphires.products[0]).toEqual({
      id: cat.product.id, name: 'Blue Sapphire', alias: 'Neelam', url: { content: 'blue-sapphire' },
      description: 'Blue sapphire',
      product_category: { id: cat.category.id, name: 'Sapphires', url: { content: 'sapphires' } },
      primary_image: { filename: '/media/blue.svg' }, picture: null,
    });
  });

  it('answers a category by id and by friendly url', async () => {
    const byId = await get(`/api/categories/${cat.root.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual((await get('/api/categories')).json());
    const byUrl = await get('/api/categories/sapphires');
    expect(byUrl.statusCode).toBe(200);
    expect(byUrl.json()).toEqual({ category: { id: cat.category.id, name: 'Sapphires', url: 'sapphires' }, categories: [] });
  });

  it('answers 404 for an unknown category and 422 for a malformed reference', async () => {
    const missing = await get('/api/categories/no-such-category');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/category/i);
    expect((await get('/api/categories/999999')).statusCode).toBe(404);
    const bad = await get('/api/categories/%24bad');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.id).toBeDefined();
  });
});

describe('GET /api/products', () => {
  it('lists every product of the store with its category and image', async () => {
    const res = await get('/api/products');
    expect(res.statusCode).toBe(200);
    const { products } = res.json();
    expect(products.map((p: { id: number }) => p.id)).toEqual([cat.product.id, cat.otherProduct.id]);
    expect(products[1]).toMatchObject({
      name: 'Yellow Sapphire', alias: 'Pukhraj', url: { content: 'yellow-sapphire' },
      product_category: { id: cat.category.id, url: { content: 'sapphires' } }, primary_image: { filename: '/media/yellow.svg' },
    });
  });
});

describe('GET /api/product-attributes/{productId}', () => {
  it('counts only available stones per attribute value', async () => {
    for (const ref of [String(cat.product.id), 'blue-sapphire']) {
      const res = await get(`/api/product-attributes/${ref}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.product.id).toBe(cat.product.id);
      expect(body.product_stocks_count).toBe(STONES);
      const expectCounts = (list: { id: number; alias: string; name: string; product_stocks_count: number }[],
        master: { id: number; value: string; alias: string }[], key: keyof Stone) => {
        expect(list.map((o) => o.id)).toEqual(master.map((m) => m.id));
        for (const option of list) {
          const m = master.find((x) => x.id === option.id)!;
          expect(option.alias).toBe(m.alias);
          expect(option.name).toBe(m.value);
          expect(option.product_stocks_count).toBe(available.filter((s) => s[key] === option.id).length);
        }
      };
      expectCounts(body.grade, cat.grades, 'gradeId');
      expectCounts(body.colors, cat.colors, 'colorId');
      expectCounts(body.clarity, cat.clarities, 'clarityId');
      expectCounts(body.shape, cat.shapes, 'shapeId');
      expectCounts(body.origin, cat.origins, 'originId');
      expect(body.rattis).toEqual(cat.rattis.map((r) => ({ id: r.id, rati_standard: r.ratiStandard })));
    }
  });

  it('answers zero counts for a product without available stones in a value, and 404 for an unknown product', async () => {
    const res = await get(`/api/product-attributes/${cat.otherProduct.id}`);
    expect(res.json().product_stocks_count).toBe(otherProductStones.length);
    expect(res.json().grade.map((g: { product_stocks_count: number }) => g.product_stocks_count)).toEqual([4, 0, 0]);
    expect((await get('/api/product-attributes/no-such-product')).statusCode).toBe(404);
    expect((await get('/api/product-attributes/999999')).statusCode).toBe(404);
  });
});

describe('GET /api/rattis', () => {
  it('lists the ratti standards in ascending order', async () => {
    const res = await get('/api/rattis');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rattis: cat.rattis.map((r) => ({ id: r.id, rati_standard: r.ratiStandard })) });
  });
});

describe('GET /api/product-items/{id}', () => {
  it('pages the available stones of one product, 20 at a time', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await get(`/api/product-items/blue-sapphire?page=${page}`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json<{ data: Item[] }>();
      expect(data).toHaveLength(page < 4 ? 20 : STONES - 60);
      for (const item of data) {
        expect(item.status).toBe('available');
        expect(item.product.id).toBe(cat.product.id);
      }
      seen.push(...data.map((i) => i.id));
    }
    expect(seen.sort((a, b) => a - b)).toEqual(ids(available));
    const byId = await get(`/api/product-items/${cat.product.id}`);
    expect(byId.json().data.map((i: Item) => i.id)).toEqual(seen.length ? (await get('/api/product-items/blue-sapphire')).json().data.map((i: Item) => i.id) : []);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await get('/api/product-items/no-such-product')).statusCode).toBe(404);
  });
});

describe('POST /api/product-items', () => {
  it('sends the same few SQL statements for every page, whatever the filters', async () => {
    const body = { filter: { product: 'blue-sapphire', grades: cat.grades.map((g) => g.id), colors: cat.colors.map((c) => c.id) } };
    const counts: number[] = [];
    for (const page of [1, 2, 3]) {
      t.queries.count = 0;
      const res = await post(`/api/product-items?page=${page}`, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.length).toBeGreaterThan(0);
      counts.push(t.queries.count);
    }
    // Tests run with the per-process caches off, so each call also reads the store, its small
    // catalogue tables and the page's stones; what matters is that nothing grows with the page (in
    // production, with warm caches, a listing is the single statement of its ids: docs/benchmarks.md).
    expect(new Set(counts).size).toBe(1);
  });

  it('reads the page of ids over the listing index, then only those stones, joining no name table', async () => {
    // Joined to their eight name tables, a page cost PostgreSQL about six times the read itself, and
    // with the page joined last every stone of the store was joined first (docs/decisions/0018).
    t.queries.recent.length = 0;
    const page = await post('/api/product-items', { filter: { product: 'blue-sapphire' } });
    expect(page.statusCode).toBe(200);
    const ids = t.queries.recent.find((q) => q.startsWith('select "id" from "items"'));
    expect(ids).toMatch(/^select "id" from "items" where .* order by "items"\."id" desc limit 20 offset \$\d+$/);
    const stones = t.queries.recent.find((q) => q.includes('"weight_mg"'));
    expect(stones).toMatch(/ from "items" where \("items"\."store_id" = \$1 and "items"\."id" = any\(\$2::int\[\]\)\)$/);
    for (const q of [ids, stones]) expect(q).not.toMatch(/join "(products|product_categories|rattis|colors|clarities|grades|origins|shapes)"/);
  });

  it('walks every available stone exactly once, never a sold or reserved one', async () => {
    const all = await walk({ filter: { product: cat.product.id } });
    expect(all).toHaveLength(STONES);
    expect(new Set(all.map((i) => i.id)).size).toBe(STONES);
    expect(ids(all)).toEqual(ids(available));
    const hidden = new Set([...sold, ...reserved, ...otherProductStones].map((s) => s.id));
    expect(all.some((i) => hidden.has(i.id))).toBe(false);
  });

  it('uses newest first as the default order, the same on every call', async () => {
    const first = await walk({ filter: { product: 'blue-sapphire' } });
    const again = await walk({ filter: { product: 'blue-sapphire' } });
    expect(first.map((i) => i.id)).toEqual(again.map((i) => i.id));
    expect(first.map((i) => i.id)).toEqual([...available].sort((a, b) => b.id - a.id).map((s) => s.id));
    const newest = await walk({ filter: { product: 'blue-sapphire' }, sort: 'newest' });
    expect(newest.map((i) => i.id)).toEqual(first.map((i) => i.id));
  });

  it.each([
    ['price_asc', (a: Stone, b: Stone) => a.pricePaise - b.pricePaise || b.id - a.id],
    ['price_desc', (a: Stone, b: Stone) => b.pricePaise - a.pricePaise || b.id - a.id],
    ['weight_asc', (a: Stone, b: Stone) => a.weightMg - b.weightMg || b.id - a.id],
    ['weight_desc', (a: Stone, b: Stone) => b.weightMg - a.weightMg || b.id - a.id],
  ] as const)('sorts by %s with ties broken stably, across pages', async (sort, compare) => {
    const all = await walk({ filter: { product: cat.product.id }, sort });
    expect(all.map((i) => i.id)).toEqual([...available].sort(compare).map((s) => s.id));
  });

  const filterCases: { name: string; body: () => ListingFilterInput; match: (s: Stone) => boolean }[] = [
    {
      name: 'grades',
      body: () => ({ filter: { product: cat.product.id, grades: [cat.grades[1]!.id] } }),
      match: (s) => s.gradeId === cat.grades[1]!.id,
    },
    {
      name: 'colors and clarities together',
      body: () => ({ filter: { product: cat.product.id, colors: [cat.colors[0]!.id], clarities: [cat.clarities[0]!.id, cat.clarities[2]!.id] } }),
      match: (s) => s.colorId === cat.colors[0]!.id && [cat.clarities[0]!.id, cat.clarities[2]!.id].includes(s.clarityId),
    },
    {
      name: 'every list at once',
      body: () => ({
        filter: {
          product: 'blue-sapphire', grades: [cat.grades[0]!.id, cat.grades[2]!.id], colors: [cat.colors[1]!.id],
          clarities: cat.clarities.map((c) => c.id), shapes: [cat.shapes[0]!.id], origins: [cat.origins[1]!.id],
          ratti: [cat.rattis[1]!.id, cat.rattis[3]!.id],
        },
        selectedRatti: { range: [0, 105] },
        selectedCarat: { status: 0 },
      }),
      match: (s) => [cat.grades[0]!.id, cat.grades[2]!.id].includes(s.gradeId) && s.colorId === cat.colors[1]!.id
        && s.shapeId === cat.shapes[0]!.id && s.originId === cat.origins[1]!.id
        && [cat.rattis[1]!.id, cat.rattis[3]!.id].includes(s.rattiId),
    },
    {
      name: 'the ratti range (ratti mode)',
      body: () => ({ filter: { product: cat.product.id }, selectedRatti: { range: [5, 8] }, selectedCarat: { status: 0, min: 100, max: 200 } }),
      match: (s) => rattiValue(s) >= 5 && rattiValue(s) <= 8,
    },
    {
      name: 'a ratti range whose ends are bucket values (inclusive)',
      body: () => ({ filter: { product: cat.product.id }, selectedRatti: { range: [3.25, 5.25] } }),
      match: (s) => rattiValue(s) === 3.25 || rattiValue(s) === 5.25,
    },
    {
      name: 'the carat range (weight mode; 1 ct = 200 mg), ignoring the ratti range',
      body: () => ({ filter: { product: cat.product.id }, selectedRatti: { range: [0, 1] }, selectedCarat: { status: 1, min: 2, max: 4.5 } }),
      match: (s) => s.weightMg >= 400 && s.weightMg <= 900,
    },
    {
      name: 'a carat minimum only',
      body: () => ({ filter: { product: cat.product.id }, selectedCarat: { status: 1, min: 7 } }),
      match: (s) => s.weightMg >= 1400,
    },
    {
      name: 'carats sent as strings',
      body: () => ({ filter: { product: cat.product.id }, selectedCarat: { status: '1', min: '1', max: '1.25' } } as unknown as ListingFilterInput),
      match: (s) => s.weightMg >= 200 && s.weightMg <= 250,
    },
    {
      // 1.001 ct is 200.2 mg: a 200 mg stone is lighter and must not match; 1.1 ct * 200 is 220.00000000000003 in floating point.
      name: 'carat bounds that are not whole milligrams',
      body: () => ({ filter: { product: cat.product.id }, selectedCarat: { status: 1, min: 1.001, max: 1.5 } }),
      match: (s) => s.weightMg > 200 && s.weightMg <= 300,
    },
    {
      name: 'carat bounds in floating point (1.1 ct = 220 mg, inclusive)',
      body: () => ({ filter: { product: cat.product.id }, selectedCarat: { status: 1, min: 1.1, max: 1.75 } }),
      match: (s) => s.weightMg >= 220 && s.weightMg <= 350,
    },
    {
      name: 'grade ids sent as strings',
      body: () => ({ filter: { product: cat.product.id, grades: [String(cat.grades[2]!.id)] } } as unknown as ListingFilterInput),
      match: (s) => s.gradeId === cat.grades[2]!.id,
    },
    {
      name: 'a combination with weight mode and attributes',
      body: () => ({ filter: { product: cat.product.id, colors: [cat.colors[1]!.id], origins: [cat.origins[0]!.id] }, selectedCarat: { status: 1, min: 1, max: 5 } }),
      match: (s) => s.colorId === cat.colors[1]!.id && s.originId === cat.origins[0]!.id && s.weightMg >= 200 && s.weightMg <= 1000,
    },
  ];

  it.each(filterCases)('filters by $name: every returned stone matches, none is missing', async ({ body, match }) => {
    const expected = available.filter(match);
    expect(expected.length).toBeGreaterThan(0);
    const all = await walk(body());
    expect(ids(all)).toEqual(ids(expected));
    for (const item of all) expect(item.status).toBe('available');
  });

  it('answers an empty list for a filter nothing matches, and past the last page', async () => {
    const none = await post('/api/product-items?page=1', { filter: { product: cat.product.id }, selectedRatti: { range: [100, 105] } });
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toEqual([]);
    const past = await post('/api/product-items?page=9', { filter: { product: cat.product.id } });
    expect(past.statusCode).toBe(200);
    expect(past.json().data).toEqual([]);
  });

  it('answers 404 for an unknown product', async () => {
    for (const product of ['no-such-product', 999999]) {
      const res = await post('/api/product-items?page=1', { filter: { product } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/product/i);
    }
  });

  it('reports each item with the fields the storefront API names', async () => {
    const stone = available[7]!;
    const all = await walk({ filter: { product: cat.product.id } });
    const item = all.find((i) => i.id === stone.id)!;
    expect(item).toMatchObject({
      id: stone.id, gin: stone.gin, sku: stone.gin, url: [{ url: 'blue-7' }],
      weight: stone.weightMg, carat: stone.weightMg / 200, width: 8.1, length: 10.2, depth: 4.3,
      certificate_image: stone.certificateImage, amounts: { mrpAmount: stone.pricePaise / 100 }, treatment: 'none',
      product: { id: cat.product.id, name: 'Blue Sapphire', alias: 'Neelam', url: 'blue-sapphire', category_url: 'sapphires' },
      ratti: { id: stone.rattiId, rati_standard: rattiValue(stone) },
      color: { id: stone.colorId, color: cat.colors.find((c) => c.id === stone.colorId)!.value },
      clarity: { id: stone.clarityId, clarity: cat.clarities.find((c) => c.id === stone.clarityId)!.value },
      product_grade: { id: stone.gradeId, alias: cat.grades.find((g) => g.id === stone.gradeId)!.alias },
      origin: { id: stone.originId, origin: cat.origins.find((o) => o.id === stone.originId)!.value },
      shape: { id: stone.shapeId, shape: cat.shapes.find((s) => s.id === stone.shapeId)!.value },
      status: 'available',
    });
  });
});

describe('POST /api/items-by-filter', () => {
  it('takes {data, page} and answers the same pages as product-items', async () => {
    const data = { filter: { product: cat.product.id, grades: [cat.grades[0]!.id] }, sort: 'price_asc' };
    for (const page of [1, 2]) {
      const a = await post('/api/items-by-filter', { data, page });
      const b = await post(`/api/product-items?page=${page}`, data);
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual(b.json());
    }
    const defaultPage = await post('/api/items-by-filter', { data });
    expect(defaultPage.json().page).toBe(1);
  });

  it('answers 422 for a bad page or body', async () => {
    const res = await post('/api/items-by-filter', { data: { filter: { product: cat.product.id } }, page: 'abc' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.page).toEqual(['The page must be a whole number.']);
    const noData = await post('/api/items-by-filter', { page: 1 });
    expect(noData.statusCode).toBe(422);
    expect(Object.keys(noData.json().errors)).toContain('data');
  });
});

describe('GET /api/item-details/{id}', () => {
  it('answers a stone by friendly url and by id, with price in rupees and the SKU as the seller typed it', async () => {
    const stone = available[3]!;
    const byUrl = await get('/api/item-details/blue-3');
    expect(byUrl.statusCode).toBe(200);
    const { item } = byUrl.json();
    expect(item).toMatchObject({
      id: stone.id, gin: stone.gin, url: [{ url: 'blue-3' }], weight: stone.weightMg, status: 'available',
      amounts: { mrpAmount: stone.pricePaise / 100 }, description: stone.description,
      certificate: { lab: 'GIA', number: stone.certificateNumber },
    });
    // The SKU is the one the seller typed, nothing added.
    expect(item.sku).toBe(stone.gin);
    const byId = await get(`/api/item-details/${stone.id}`);
    expect(byId.json()).toEqual(byUrl.json());
  });

  it("carries the certificate's verification URL when it is a safe web address, else null", async () => {
    const urls = [];
    for (const stone of otherProductStones) {
      const res = await get(`/api/item-details/${stone.url}`);
      expect(res.statusCode).toBe(200);
      urls.push(res.json().item.certificate_verification_url);
    }
    expect(urls).toEqual([VERIFICATION_URLS[0], null, null, VERIFICATION_URLS[3]]);
    // A stone without one answers null, and listings carry the same field.
    expect((await get('/api/item-details/blue-3')).json().item.certificate_verification_url).toBeNull();
    const listed = await walk({ filter: { product: cat.otherProduct.id } });
    expect(listed.find((i) => i.id === otherProductStones[0]!.id)?.certificate_verification_url).toBe(VERIFICATION_URLS[0]);
  });

  it('discloses what was done to the stone (its treatment) on its page and in listings', async () => {
    const treatments = [];
    for (const stone of otherProductStones) treatments.push((await get(`/api/item-details/${stone.url}`)).json().item.treatment);
    expect(treatments).toEqual(['heated', 'none', 'glass-filled', 'none']);
    const listed = await walk({ filter: { product: cat.otherProduct.id } });
    expect(otherProductStones.map((s) => listed.find((i) => i.id === s.id)?.treatment)).toEqual(treatments);
  });

  it('answers a sold stone with status sold and a reserved one with status reserved', async () => {
    const soldRes = await get('/api/item-details/sold-0');
    expect(soldRes.statusCode).toBe(200);
    expect(soldRes.json().item).toMatchObject({ id: sold[0]!.id, status: 'sold', amounts: { mrpAmount: 999 } });
    expect((await get(`/api/item-details/${reserved[0]!.id}`)).json().item.status).toBe('reserved');
  });

  it('answers 404 for an unknown stone', async () => {
    const res = await get('/api/item-details/no-such-stone');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/stone/i);
    expect((await get('/api/item-details/99999999')).statusCode).toBe(404);
    expect((await get('/api/item-details/99999999999')).statusCode).toBe(404);
  });
});

describe('GET /api/item-related/{id}', () => {
  /** The order the shop promises: relative weight difference plus relative price difference, then newest. */
  function nearestTo(stone: Stone, among: Stone[]): number[] {
    const distance = (s: Stone) => Math.abs(s.weightMg - stone.weightMg) / stone.weightMg + Math.abs(s.pricePaise - stone.pricePaise) / stone.pricePaise;
    return among.filter((s) => s.id !== stone.id).sort((a, b) => distance(a) - distance(b) || b.id - a.id).slice(0, 8).map((s) => s.id);
  }

  it('answers the 8 available stones of the same gem nearest in weight and price, never the stone itself', async () => {
    for (const stone of [available[3]!, available[40]!]) {
      const res = await get(`/api/item-related/${stone.url}`);
      expect(res.statusCode, res.body).toBe(200);
      const related = res.json<{ items: Item[] }>().items;
      expect(related.map((i) => i.id)).toEqual(nearestTo(stone, available));
      expect(related.every((i) => i.status === 'available' && i.product.id === cat.product.id)).toBe(true);
    }
  });

  it("offers a sold stone's page other stones like it, by id too, and answers 404 for an unknown stone", async () => {
    const res = await get(`/api/item-related/${sold[0]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: Item[] }>().items.map((i) => i.id)).toEqual(nearestTo(sold[0]!, available));
    expect((await get('/api/item-related/no-such-stone')).statusCode).toBe(404);
  });
});

describe('bad listing input answers 422 with field errors', () => {
  const product = () => cat.product.id;
  it.each([
    ['page=0', '?page=0', () => ({ filter: { product: product() } }), 'page', 'The page starts at 1.'],
    ['page=abc', '?page=abc', () => ({ filter: { product: product() } }), 'page', 'The page must be a whole number.'],
    ['page=1.5', '?page=1.5', () => ({ filter: { product: product() } }), 'page', 'The page must be a whole number.'],
    ['a non-numeric grade id', '', () => ({ filter: { product: product(), grades: ['x'] } }), 'filter.grades.0', 'Each grade must be given by its id (a whole number).'],
    ['a non-numeric colour id', '', () => ({ filter: { product: product(), colors: [1, 'blue'] } }), 'filter.colors.1', 'Each colour must be given by its id (a whole number).'],
    ['an id too large for the database', '', () => ({ filter: { product: product(), origins: [3_000_000_000] } }), 'filter.origins.0', 'Each origin must be given by its id (a whole number).'],
    ['a missing product', '', () => ({ filter: { grades: [] } }), 'filter.product', 'Choose a product.'],
    ['a missing filter', '', () => ({}), 'filter', 'The filter is required.'],
    ['carat min above max', '', () => ({ filter: { product: product() }, selectedCarat: { status: 1, min: 5, max: 2 } }), 'selectedCarat.min', 'The minimum carat must not exceed the maximum.'],
    ['a non-numeric carat', '', () => ({ filter: { product: product() }, selectedCarat: { status: 1, min: 'big' } }), 'selectedCarat.min', 'The minimum carat must be a number.'],
    ['a reversed ratti range', '', () => ({ filter: { product: product() }, selectedRatti: { range: [9, 3] } }), 'selectedRatti.range', 'The lower ratti must not exceed the upper.'],
  ] as const)('%s', async (_name, query, body, field, message) => {
    const res = await post(`/api/product-items${query}`, body());
    expect(res.statusCode, res.body).toBe(422);
    const json = res.json();
    expect(json.errors[field]).toEqual([message]);
    expect(typeof json.message).toBe('string');
    expect(json.message.length).toBeGreaterThan(0);
  });

  it('reports a bad page on the GET listing too', async () => {
    const res = await get('/api/product-items/blue-sapphire?page=abc');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The page must be a whole number.', errors: { page: ['The page must be a whole number.'] } });
  });

  it('answers 422 for an empty or missing body', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/product-items', headers: { domain, 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ message: 'The request body is required.', errors: { input: ['The request body is required.'] } });
    const missing = await t.app.inject({ method: 'POST', url: '/api/product-items', headers: { domain } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: 'The request body is required.', errors: { input: ['The request body is required.'] } });
  });

  it('answers 422 for malformed JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/product-items', headers: { domain, 'content-type': 'application/json' }, payload: '{"filter":' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', errors: { input: ['The request body is not valid JSON.'] } });
  });
});
