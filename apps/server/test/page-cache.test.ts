import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildTestApp, systemContext, type TestApp } from './helper.ts';
import { createCatalog, createItem, createPage, createStore, storeConfiguration, type Catalog } from './factories.ts';
import { webBuild } from './web-build.ts';

/*
 * Server-rendered pages on the real web build (docs/decisions/0029): the layout comes from the
 * stores service's per-store copy, public pages are kept whole and sent with an entity tag, and
 * every change of the store or its catalogue shows on the next page, in this process and in
 * another one on the same database. Personal pages are kept by no cache.
 */

let t: TestApp;
let store: Awaited<ReturnType<typeof createStore>>;
let catalog: Catalog;
let stone: Awaited<ReturnType<typeof createItem>>;

beforeAll(async () => {
  const buildDir = webBuild();
  // Caches on (the suite's default is off), as in production.
  t = await buildTestApp({ WEB_BUILD_DIR: buildDir, STORE_CACHE_SECONDS: '300' }, { web: true });
  store = await createStore(t.db, { name: 'Cachet', domain: 'cachet.test' });
  catalog = await createCatalog(t.db, store.id, 'cachet-');
  stone = await createItem(t.db, store.id, { catalog, url: 'cachet-stone', name: 'Cachet Ruby' });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const page = (path: string, headers: Record<string, string> = {}, app = t.app) => app.inject({ url: path, headers: { host: 'cachet.test', ...headers } });
const headerPhone = (html: string) => /data-testid="header-phone">[\s\S]*?<!-- -->([^<]*)<\/a>/.exec(html)?.[1];

async function changePhone(phone: string) {
  const configuration = storeConfiguration('Cachet');
  await t.app.services.stores.saveConfiguration(await systemContext(t, store.id), { ...configuration, header: { ...configuration.header, phone } });
}

describe('the layout of server-rendered pages', () => {
  it('is read once and then kept: another page reads only its own data, the same page nothing', async () => {
    const first = await page('/home');
    expect(first.statusCode).toBe(200);
    expect(headerPhone(first.body)).toBe('+91 98765 43210');
    t.queries.count = 0;
    t.queries.recent.length = 0;
    const item = await page(`/item/${stone.url}`);
    expect(item.statusCode).toBe(200);
    expect(headerPhone(item.body)).toBe('+91 98765 43210');
    expect(t.queries.count).toBeGreaterThan(0);
    expect(t.queries.recent.join('\n')).not.toMatch(/"(pages|page_categories|stores|store_domains|products)"/);
    t.queries.count = 0;
    expect((await page(`/item/${stone.url}`)).statusCode).toBe(200);
    expect(t.queries.count).toBe(0);
  });

  it('shows a profile change on the next page', async () => {
    expect(headerPhone((await page('/home')).body)).toBe('+91 98765 43210');
    await changePhone('+91 11111 22222');
    expect(headerPhone((await page('/home')).body)).toBe('+91 11111 22222');
    expect(headerPhone((await page(`/item/${stone.url}`)).body)).toBe('+91 11111 22222');
  });

  it('opens the WhatsApp chat with the footer phone, or with the WhatsApp number the shop set', async () => {
    const configuration = storeConfiguration('Cachet');
    const chat = (html: string) => /href="https:\/\/wa\.me\/(\d+)"/.exec(html)?.[1];
    const save = async (whatsappPhone: string | undefined, phone: string) => t.app.services.stores.saveConfiguration(await systemContext(t, store.id), {
      ...configuration, footer: { ...configuration.footer, contact: { ...configuration.footer.contact, phone } }, whatsappPhone,
    });
    await save(undefined, '+91 141 256 7890');
    expect(chat((await page('/home')).body)).toBe('911412567890');
    await save('+91 99887 76655', '+91 141 256 7890');
    expect(chat((await page('/home')).body)).toBe('919988776655');
    await save(configuration.whatsappPhone, configuration.footer.contact.phone);
  });

  it('shows a page added to a menu once services.storeChanged says so', async () => {
    await page('/home');
    const added = await createPage(t.db, store.id, { title: 'Our Workshop', url: 'our-workshop' });
    expect((await page('/home')).body).not.toContain('Our Workshop');
    t.app.services.storeChanged(store.id);
    const html = (await page('/home')).body;
    expect(html).toContain('Our Workshop');
    expect(html).toContain(`href="/${added.url}"`);
  });

  it('shows the change in every other process on the database', async () => {
    // A second replica: its own services, caches and kept pages, the same database.
    const replica = await buildApp({ config: t.config, db: t.db, connections: t.connections, logger: false });
    try {
      await replica.ready();
      const before = (await page('/home', {}, replica)).body;
      expect(headerPhone(before)).toBe(headerPhone((await page('/home')).body));
      await changePhone('+91 33333 44444');
      await expect.poll(async () => headerPhone((await page('/home', {}, replica)).body), { timeout: 15_000 }).toBe('+91 33333 44444');
    } finally {
      await replica.close();
    }
  });

  it("shows a stone's sale on its page", async () => {
    const path = `/item/${stone.url}`;
    expect((await page(path)).body).not.toContain('data-testid="sold"');
    await t.app.services.catalog.moveStones({ store }, [stone.id], 'available', 'sold');
    await expect.poll(async () => (await page(path)).body, { timeout: 15_000 }).toContain('data-testid="sold"');
  });

  it('keeps the catalogue lists it read through a sale: the next listing costs what it did', async () => {
    const listing = () => t.app.inject({ method: 'POST', url: '/api/product-items?page=1', headers: { domain: 'cachet.test' }, payload: { filter: { product: catalog.product.id } } });
    expect((await listing()).statusCode).toBe(200);
    t.queries.count = 0;
    await listing();
    const warm = t.queries.count;
    const sold = await createItem(t.db, store.id, { catalog, url: 'cachet-sold', name: 'Cachet Spinel' });
    const seen = t.app.services.catalog.generation(store.id);
    await t.app.services.catalog.moveStones({ store }, [sold.id], 'available', 'sold');
    // Its pages are out of date (the notice arrives when the move commits)...
    await expect.poll(() => t.app.services.catalog.generation(store.id), { timeout: 15_000 }).toBeGreaterThan(seen);
    // ...while the lists and stones read before stay: no list is read again.
    t.queries.count = 0;
    await listing();
    expect(t.queries.count).toBe(warm);
  });
});

describe('HTTP caching of pages', () => {
  it('sends public pages with Cache-Control and an entity tag, and 304 to a client that holds them', async () => {
    for (const path of ['/home', `/item/${stone.url}`, `/product/${catalog.category.url}/${catalog.product.url}`]) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe(`public, max-age=0, s-maxage=${t.config.pageCacheSeconds}`);
      const etag = String(res.headers.etag);
      expect(etag, path).toMatch(/^W\/"[\w-]{20,}"$/);
      const again = await page(path, { 'if-none-match': etag });
      expect(again.statusCode, path).toBe(304);
      expect(again.body, path).toBe('');
      expect(again.headers.etag, path).toBe(etag);
      expect((await page(path, { 'if-none-match': 'W/"something-else"' })).statusCode, path).toBe(200);
    }
  });

  it('sends the same page with the same nonce and tag until it changes', async () => {
    const path = `/item/${stone.url}`;
    const a = await page(path);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(a.headers['content-security-policy']))?.[1];
    // 128 bits, as a random nonce would be.
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // Every script of the page carries it.
    const scripts = [...a.body.matchAll(/<script\b([^>]*)>/g)].filter((m) => !m[1]!.includes('application/ld+json'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs] of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    const b = await page(path, { 'accept-encoding': 'gzip' });
    expect(b.headers.etag).toBe(a.headers.etag);
    await changePhone('+91 55555 66666');
    const c = await page(path);
    expect(c.headers.etag).not.toBe(a.headers.etag);
    expect(c.headers['content-security-policy']).not.toContain(nonce);
  });

  it('names the routes manifest as one file browsers keep, instead of writing its routes into each page', async () => {
    const res = await page(`/item/${stone.url}`);
    expect(res.body).not.toContain('window.__reactRouterManifest');
    const manifest = /import "(\/assets\/manifest-[\w-]+\.js)"/.exec(res.body)?.[1];
    expect(manifest).toBeDefined();
    const file = await t.app.inject({ url: manifest!, headers: { host: 'cachet.test' } });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('window.__reactRouterManifest');
    expect(file.body).toContain('"routes/item"');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps personal, sign-in and error pages out of every cache', async () => {
    for (const path of ['/dashboard', '/wishlist', '/cart', '/checkout?itemIds=[1]', '/order/all', '/address/all', '/edit-profile', '/login', '/register', '/no-such-page']) {
      const res = await page(path, { 'if-none-match': '*' });
      expect(res.statusCode, path).not.toBe(304);
      expect(res.headers['cache-control'], path).toBe('no-store');
      expect(res.headers.etag, path).toBeUndefined();
    }
  });
});
