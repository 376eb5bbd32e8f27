import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '@gemstore/contracts';
import { buildTestApp, type TestApp } from './helper.ts';
import {
  type Catalog, createCatalog, createItem, createPage, createPageCategory, createPost, createPostCategory, createStore,
} from './factories.ts';

type Store = Awaited<ReturnType<typeof createStore>>;
type Stone = Awaited<ReturnType<typeof createItem>>;

let t: TestApp;
let a: Store;
let b: Store;
let catA: Catalog;
let catB: Catalog;
let stonesA: Stone[];
let stonesB: Stone[];
let sameA: Stone;
let sameB: Stone;
let pageB: Awaited<ReturnType<typeof createPage>>;
let postB: Awaited<ReturnType<typeof createPost>>;
let postCategoryB: Awaited<ReturnType<typeof createPostCategory>>;

beforeAll(async () => {
  t = await buildTestApp();
  a = await createStore(t.db, { name: 'Ratna', domain: 'ratna.test', extraDomains: ['www.ratna.test'], isFromIndia: true });
  b = await createStore(t.db, { name: 'Atelier', domain: 'atelier.test', isFromIndia: false, usdRate: 0.012 });
  // The same friendly urls in both stores: categories, products and stones.
  catA = await createCatalog(t.db, a.id);
  catB = await createCatalog(t.db, b.id);
  sameA = await createItem(t.db, a.id, { catalog: catA, url: 'same-stone', gin: 'G-1', pricePaise: 500_000 });
  sameB = await createItem(t.db, b.id, { catalog: catB, url: 'same-stone', gin: 'G-1', pricePaise: 700_000 });
  stonesA = [sameA];
  stonesB = [sameB];
  for (let i = 0; i < 24; i++) {
    stonesA.push(await createItem(t.db, a.id, { catalog: catA, url: `a-${i}` }));
    stonesB.push(await createItem(t.db, b.id, { catalog: catB, url: `b-${i}` }));
  }
  await createPage(t.db, a.id, { placement: 'policy', title: 'A policy', url: 'shipping' });
  pageB = await createPage(t.db, b.id, { placement: 'policy', title: 'B policy', url: 'b-only-page' });
  await createPage(t.db, b.id, { placement: 'non_categorized', title: 'B faq', url: 'faq' });
  await createPage(t.db, a.id, { placement: 'non_categorized', title: 'A faq', url: 'faq' });
  await createPage(t.db, b.id, { pageCategoryId: (await createPageCategory(t.db, b.id, 'B guides')).id, url: 'b-guide' });
  const postCategoryA = await createPostCategory(t.db, a.id, { slug: 'news', name: 'News A' });
  postCategoryB = await createPostCategory(t.db, b.id, { slug: 'news', name: 'News B' });
  await createPost(t.db, a.id, { url: 'hello', title: 'Hello from A', categoryIds: [postCategoryA.id] });
  await createPost(t.db, b.id, { url: 'hello', title: 'Hello from B', categoryIds: [postCategoryB.id] });
  postB = await createPost(t.db, b.id, { url: 'b-only-post', categoryIds: [postCategoryB.id] });
});
afterAll(() => t?.close());

function as(store: Store | string, url: string, init: { method?: 'GET' | 'POST'; payload?: object; headers?: Record<string, string> } = {}) {
  const domain = typeof store === 'string' ? store : store.domain;
  return t.app.inject({ method: init.method ?? 'GET', url, payload: init.payload, headers: { domain, ...init.headers } });
}

async function walk(store: Store, product: string | number): Promise<Item[]> {
  const all: Item[] = [];
  for (let page = 1; page < 10; page++) {
    const res = await as(store, `/api/product-items?page=${page}`, { method: 'POST', payload: { filter: { product } } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: Item[] }>();
    all.push(...data);
    if (data.length < 20) break;
  }
  return all;
}

describe('the store is chosen by domain', () => {
  it('gives each store its own stone for the same friendly url', async () => {
    const ra = await as(a, '/api/item-details/same-stone');
    const rb = await as(b, '/api/item-details/same-stone');
    expect(ra.json().item).toMatchObject({ id: sameA.id, sku: 'G-1', amounts: { mrpAmount: 5000 } });
    expect(rb.json().item).toMatchObject({ id: sameB.id, sku: 'G-1', amounts: { mrpAmount: 7000 } });
  });

  it('gives each store its own product, category and post for the same url', async () => {
    expect((await as(a, '/api/product-attributes/blue-sapphire')).json().product.id).toBe(catA.product.id);
    expect((await as(b, '/api/product-attributes/blue-sapphire')).json().product.id).toBe(catB.product.id);
    expect((await as(a, '/api/categories/sapphires')).json().category.id).toBe(catA.category.id);
    expect((await as(b, '/api/categories')).json().category.id).toBe(catB.root.id);
    expect((await as(a, '/api/post/hello')).json().post.title).toBe('Hello from A');
    expect((await as(b, '/api/post/hello')).json().post.title).toBe('Hello from B');
    expect((await as(a, '/api/posts-by-category-id/news')).json().category.name).toBe('News A');
    expect((await as(a, '/api/page/faq')).json().page.title).toBe('A faq');
  });

  it('answers 404 for another store\'s item, product, category, page, post and blog category', async () => {
    const calls: [string, string, object?][] = [
      ['GET', `/api/item-details/${sameB.id}`],
      ['GET', `/api/item-details/${stonesB[3]!.id}`],
      ['GET', `/api/product-attributes/${catB.product.id}`],
      ['GET', `/api/product-items/${catB.product.id}`],
      ['POST', '/api/product-items?page=1', { filter: { product: catB.product.id } }],
      ['POST', '/api/items-by-filter', { data: { filter: { product: catB.otherProduct.id } }, page: 1 }],
      ['GET', `/api/categories/${catB.category.id}`],
      ['GET', `/api/page/${pageB.id}`],
      ['GET', '/api/page/b-only-page'],
      ['GET', '/api/post/b-only-post'],
      ['GET', `/api/post/${postB.id}`],
      ['GET', `/api/posts-by-category-id/${postCategoryB.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await as(a, url, { method: method as 'GET' | 'POST', payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message, url).toBeTypeOf('string');
    }
  });

  it('never lists another store\'s stones', async () => {
    const listedA = await walk(a, 'blue-sapphire');
    expect(listedA.map((i) => i.id).sort((x, y) => x - y)).toEqual(stonesA.map((s) => s.id).sort((x, y) => x - y));
    const listedB = await walk(b, catB.product.id);
    expect(listedB.map((i) => i.id).sort((x, y) => x - y)).toEqual(stonesB.map((s) => s.id).sort((x, y) => x - y));
    // Store B's attribute ids in store A's filter match nothing of A's.
    const foreign = await as(a, '/api/product-items?page=1', { method: 'POST', payload: { filter: { product: 'blue-sapphire', grades: [catB.grades[0]!.id] } } });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().data).toEqual([]);
    const attrs = (await as(a, '/api/product-attributes/blue-sapphire')).json();
    expect(attrs.product_stocks_count).toBe(stonesA.length);
    expect(attrs.grade.map((g: { id: number }) => g.id)).toEqual(catA.grades.map((g) => g.id));
    expect((await as(b, '/api/rattis')).json().rattis.map((r: { id: number }) => r.id)).toEqual(catB.rattis.map((r) => r.id));
    expect((await as(a, '/api/products')).json().products.map((p: { id: number }) => p.id)).toEqual([catA.product.id, catA.otherProduct.id]);
  });

  it('keeps content lists per store', async () => {
    expect((await as(a, '/api/policy-pages')).json().pages.map((p: { url: string }) => p.url)).toEqual(['shipping']);
    expect((await as(a, '/api/page-categories-all')).json().categories).toEqual([]);
    expect((await as(b, '/api/page-categories-all')).json().categories).toHaveLength(1);
    expect((await as(a, '/api/posts')).json().data).toMatchObject({ total: 1, data: [{ title: 'Hello from A' }] });
    expect((await as(b, '/api/posts')).json().data.total).toBe(2);
    expect((await as(a, '/api/post-categories')).json().categories).toEqual([{ id: expect.any(Number), slug: 'news', name: 'News A' }]);
    expect((await as(a, '/api/store-profile')).json().nonCategorizedPages.map((p: { title: string }) => p.title)).toEqual(['A faq']);
  });

  it('answers each store\'s profile and currency', async () => {
    const pa = (await as(a, '/api/store-profile')).json().profile;
    const pb = (await as(b, '/api/store-profile')).json().profile;
    expect(pa).toMatchObject({ id: a.id, name: 'Ratna', isFromIndia: true, currency: { currency: 'INR', exchangeRate: 1, sign: 'Rs.' } });
    expect(pb).toMatchObject({ id: b.id, name: 'Atelier', isFromIndia: false, currency: { currency: 'USD', exchangeRate: 0.012, sign: '$' } });
  });
});

describe('domain resolution', () => {
  it('answers 404 with a clear message for an unknown domain, on every call', async () => {
    for (const url of ['/api/store-profile', '/api/products', '/api/item-details/same-stone', '/api/posts', '/api/no-such-route']) {
      const res = await as('unknown.test', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: "No shop is set up for the domain 'unknown.test'.", code: 'unknown_store' });
    }
  });

  it('lets the domain header win over Host', async () => {
    const res = await t.app.inject({ url: '/api/store-profile', headers: { domain: b.domain, host: a.domain } });
    expect(res.json().profile.id).toBe(b.id);
    const unknown = await t.app.inject({ url: '/api/store-profile', headers: { domain: 'unknown.test', host: a.domain } });
    expect(unknown.statusCode).toBe(404);
  });

  it('uses Host when there is no domain header, ignoring the port', async () => {
    const res = await t.app.inject({ url: '/api/store-profile', headers: { host: `${a.domain}:3000` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.id).toBe(a.id);
    const empty = await t.app.inject({ url: '/api/store-profile', headers: { domain: '', host: b.domain } });
    expect(empty.json().profile.id).toBe(b.id);
  });

  it('matches a domain case-insensitively and accepts every domain of a store', async () => {
    expect((await as('RATNA.TEST', '/api/store-profile')).json().profile.id).toBe(a.id);
    expect((await as('www.ratna.test', '/api/store-profile')).json().profile.id).toBe(a.id);
    expect((await as('ratna.test.', '/api/store-profile')).json().profile.id).toBe(a.id);
  });

  it('answers 404 for a malformed domain header', async () => {
    const res = await as('not a domain!', '/api/store-profile');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('unknown_store');
  });

  it('GET /api/check-domain/{domain} answers the store or 404, without a domain header', async () => {
    const ok = await t.app.inject({ url: '/api/check-domain/atelier.test' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ exists: true, store: { id: b.id, name: 'Atelier' } });
    expect((await t.app.inject({ url: '/api/check-domain/WWW.Ratna.test' })).json().store.id).toBe(a.id);
    const missing = await t.app.inject({ url: '/api/check-domain/nowhere.test' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "No shop is set up for the domain 'nowhere.test'.", code: 'unknown_store' });
    expect((await t.app.inject({ url: '/api/check-domain/bad%20domain' })).statusCode).toBe(404);
  });
});
