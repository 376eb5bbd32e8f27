import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';
import { createCatalog, createItem, createPage, createPost, createPostCategory, createStore } from './factories.ts';

/*
 * What search engines read of a store (modules/seo): robots.txt and the sitemap, on the store's own
 * domain (its primary one in the database, whatever hostname or Host header the request came with),
 * listing only that store's listings, blog, pages and unsold stones.
 */

let t: TestApp;
let split: TestApp;
type Shop = Awaited<ReturnType<typeof seedShop>>;
let a: Shop;

async function seedShop(db: TestApp['db'], name: string) {
  const store = await createStore(db, { name, domain: `${name}.test`, extraDomains: [`www.${name}.test`] });
  const catalog = await createCatalog(db, store.id, name);
  const stones = [];
  for (let i = 0; i < 6; i++) stones.push(await createItem(db, store.id, { catalog, url: `${name}-stone-${i}` }));
  const reserved = await createItem(db, store.id, { catalog, url: `${name}-reserved`, status: 'reserved' });
  const sold = await createItem(db, store.id, { catalog, url: `${name}-sold`, status: 'sold' });
  const topic = await createPostCategory(db, store.id, { slug: `${name}-news`, name: 'News' });
  const post = await createPost(db, store.id, { url: `${name}-post`, categoryIds: [topic.id] });
  const loose = await createPost(db, store.id, { url: `${name}-loose` });
  const draft = await createPost(db, store.id, { url: `${name}-draft`, published: false });
  const page = await createPage(db, store.id, { url: `${name}-shipping`, placement: 'policy' });
  return { store, catalog, stones, reserved, sold, topic, post, loose, draft, page };
}

/** Every <loc> of an XML document. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

beforeAll(async () => {
  t = await buildTestApp();
  a = await seedShop(t.db, 'alpha');
  await seedShop(t.db, 'beta');
  split = await buildTestApp({ SITEMAP_URLS_PER_FILE: '4' });
  await seedShop(split.db, 'gamma');
});
afterAll(async () => {
  await t?.close();
  await split?.close();
});

const get = (app: TestApp, url: string, host: string) => app.app.inject({ url, headers: { host } });

describe('robots.txt', () => {
  it("closes private pages and names the store's own sitemap, on any of its hostnames", async () => {
    for (const host of ['alpha.test', 'www.alpha.test:8443']) {
      const res = await get(t, '/robots.txt', host);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toMatch(/^User-agent: \*$/m);
      for (const path of ['/api/', '/checkout$', '/cart$', '/dashboard$', '/order/', '/pay/', '/login']) expect(res.body).toContain(`Disallow: ${path}\n`);
      expect(res.body).toContain(`Sitemap: http://alpha.test:${t.config.port}/sitemap.xml`);
      expect(res.body).not.toContain('beta');
    }
    expect((await get(t, '/robots.txt', 'beta.test')).body).toContain(`Sitemap: http://beta.test:${t.config.port}/sitemap.xml`);
  });

  it('answers 404 for a domain no store uses', async () => {
    const res = await get(t, '/robots.txt', 'nobody.test');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'unknown_store' });
  });
});

describe('sitemap.xml', () => {
  it("lists the store's listings, blog, posts, pages and unsold stones, on its own domain only", async () => {
    const res = await get(t, '/sitemap.xml', 'www.alpha.test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const urls = locs(res.body);
    const origin = `http://alpha.test:${t.config.port}`;
    expect(urls.every((u) => u.startsWith(`${origin}/`))).toBe(true);
    expect(urls).toEqual(expect.arrayContaining([
      `${origin}/home`,
      `${origin}/product/${a.catalog.category.url}/${a.catalog.product.url}`,
      `${origin}/product/${a.catalog.category.url}/${a.catalog.otherProduct.url}`,
      `${origin}/blog`,
      `${origin}/blog/alpha-news`,
      `${origin}/blog/alpha-news/alpha-post`,
      `${origin}/blog/all/alpha-loose`,
      `${origin}/alpha-shipping`,
      `${origin}/item/alpha-reserved`,
      ...a.stones.map((s) => `${origin}/item/${s.url}`),
    ]));
    expect(urls).not.toContain(`${origin}/item/alpha-sold`);
    expect(urls.some((u) => u.includes('draft'))).toBe(false);
    expect(urls.some((u) => u.includes('beta'))).toBe(false);
    expect(new Set(urls).size).toBe(urls.length);
    expect(res.body).toMatch(/<loc>[^<]*alpha-post<\/loc><lastmod>\d{4}-\d\d-\d\dT/);
  });

  it("of another store holds none of the first store's URLs", async () => {
    const urls = locs((await get(t, '/sitemap.xml', 'beta.test')).body);
    expect(urls.length).toBeGreaterThan(10);
    expect(urls.every((u) => u.startsWith(`http://beta.test:${t.config.port}/`))).toBe(true);
    expect(urls.some((u) => u.includes('alpha'))).toBe(false);
  });

  it('becomes an index of files past the URLs one file may hold, each file a slice, together every URL once', async () => {
    const index = await get(split, '/sitemap.xml', 'gamma.test');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index.body);
    const origin = `http://gamma.test:${split.config.port}`;
    // home, 2 listings, blog, 1 category, 2 posts, 1 page = 8, and 7 unsold stones: 15 URLs in 4 files of 4.
    expect(files).toEqual([1, 2, 3, 4].map((n) => `${origin}/sitemaps/${n}.xml`));
    const all: string[] = [];
    for (const file of files) {
      const res = await get(split, new URL(file).pathname, 'www.gamma.test');
      expect(res.statusCode).toBe(200);
      const urls = locs(res.body);
      expect(urls.length).toBeLessThanOrEqual(4);
      all.push(...urls);
    }
    expect(all).toHaveLength(15);
    expect(new Set(all).size).toBe(15);
    expect(all.filter((u) => u.includes('/item/'))).toHaveLength(7);
    expect((await get(split, '/sitemaps/5.xml', 'gamma.test')).statusCode).toBe(404);
    expect((await get(split, '/sitemaps/0.xml', 'gamma.test')).statusCode).toBe(404);
    expect((await get(split, '/sitemaps/x.xml', 'gamma.test')).statusCode).toBe(422);
  });

  it('has no separate files while one file holds everything', async () => {
    expect((await get(t, '/sitemaps/1.xml', 'alpha.test')).statusCode).toBe(404);
  });
});

describe("the store's own address", () => {
  it('is its primary domain in the profile, whichever of its hostnames asked', async () => {
    const res = await t.app.inject({ url: '/api/store-profile', headers: { domain: 'www.alpha.test' } });
    expect(res.json().profile.site_url).toBe(`http://alpha.test:${t.config.port}`);
  });

  it('is https on the usual port in production', async () => {
    const { loadConfig } = await import('../src/config.ts');
    const { PRODUCTION_SECRETS } = await import('./helper.ts');
    const { storeOrigin } = await import('../src/modules/stores/stores.service.ts');
    const site = loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS }).site;
    expect(storeOrigin(site, { ...a.store, primaryDomain: 'alpha.test' })).toBe('https://alpha.test');
  });
});

describe('Open Graph pictures', () => {
  it('renders a catalogue SVG as a 1200 x 630 PNG', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const sharp = (await import('sharp')).default;
    mkdirSync(join(t.config.mediaDir, 'catalog'), { recursive: true });
    writeFileSync(join(t.config.mediaDir, 'catalog', 'ruby.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><circle cx="200" cy="200" r="150" fill="#a01030"/></svg>');
    mkdirSync(join(t.config.mediaDir, 'returns'), { recursive: true });
    writeFileSync(join(t.config.mediaDir, 'returns', 'photo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    const res = await t.app.inject({ url: '/og-image/catalog/ruby.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const meta = await sharp(res.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'png', width: 1200, height: 630 });
    for (const path of ['/og-image/catalog/missing.png', '/og-image/returns/photo.png', '/og-image/catalog/ruby.svg', '/og-image/%2e%2e/%2e%2e/etc/passwd.png']) {
      expect((await t.app.inject({ url: path })).statusCode, path).toBe(404);
    }
  });
});
