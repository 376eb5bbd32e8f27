import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { items, returnRequests } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { loadConfig } from '../src/config.ts';
import {
  caller, createShop, createShopper, createStone, dispatchOrder, insertAddress, payWithSandbox, placeOrder, type Shop, type Shopper,
} from './checkout-fixtures.ts';
import { admin, createStaff, staffSignIn } from './staff-fixtures.ts';
import { multipart, type Part } from './multipart.ts';
import { startTestBucket, type TestBucket } from './s3.ts';
import { webBuild } from './web-build.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

/** The bucket's folder of this app's files (MEDIA_STORE=s3://bucket/PREFIX). */
const PREFIX = 'shops';

let s3: TestBucket;
let t: TestApp;
let shop: Shop;
let token: string;
let asha: Shopper;
let ashaAddress: number;
let picture: Buffer;

const upload = (data: Buffer) => {
  const { payload, contentType } = multipart([['file', data, 'stone.png', 'image/png']]);
  return t.app.inject({ method: 'POST', url: '/api/admin/media', payload, headers: { domain: shop.domain, 'content-type': contentType, authorization: `Bearer ${token}` } });
};

function createReturn(parts: Part[]) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST', url: '/api/return-request-create', payload,
    headers: { domain: shop.domain, 'content-type': contentType, authorization: `Bearer ${asha.token}` },
  });
}

/** A paid, dispatched order of one stone: its id and its line's id. */
async function dispatchedOrder() {
  const stone = await createStone(t.db, shop);
  const orderId = (await placeOrder(t, shop, asha, [stone.id], ashaAddress)).json().orderId as number;
  expect((await payWithSandbox(t, shop, asha, orderId)).statusCode).toBe(303);
  await dispatchOrder(t, shop.store.id, orderId);
  const { order } = (await caller(t, shop.domain)('/api/order', asha, { orderId })).json();
  return { orderId, lineId: order.details[0].id as number };
}

/** The bucket key of a public /media/ path this app answered. */
const keyOf = (url: string) => `${PREFIX}${url}`;

beforeAll(async () => {
  s3 = await startTestBucket();
  t = await buildTestApp(s3.env(PREFIX));
  shop = await createShop(t.db);
  await createStaff(t.db, shop.store.id, 'owner');
  token = await staffSignIn(t, shop.domain, 'owner@shop.test');
  asha = await createShopper(t.db, shop.store.id);
  ashaAddress = (await insertAddress(t.db, shop.store.id, asha.id)).id;
  picture = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#2a6f4e' } }).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('media in an S3-compatible bucket (MEDIA_STORE=s3://…)', () => {
  it('stores every size of an uploaded picture in the bucket and serves them through the app, cached for good', async () => {
    const res = await upload(picture);
    expect(res.statusCode, res.body).toBe(200);
    const { photo } = res.json();
    const urls: string[] = [...photo.srcset.split(', ').map((s: string) => s.split(' ')[0]), photo.jpeg];
    expect(urls).toEqual([`/media/${photo.name}-400.webp`, `/media/${photo.name}-800.webp`, `/media/${photo.name}-1000.webp`, `/media/${photo.name}.jpg`]);
    for (const url of urls) {
      const fromApp = await t.app.inject({ url });
      expect(fromApp.statusCode, url).toBe(200);
      expect(fromApp.headers['content-type']).toBe(url.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');
      expect(fromApp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(fromApp.headers['x-content-type-options']).toBe('nosniff');
      // The same bytes straight from the bucket, with the headers a CDN in front of it passes on.
      const fromBucket = await s3.read(keyOf(url));
      expect(fromBucket?.equals(fromApp.rawPayload), url).toBe(true);
      expect(await s3.head(keyOf(url))).toMatchObject({ contentType: fromApp.headers['content-type'], cacheControl: 'public, max-age=31536000, immutable' });
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(fromApp.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    expect((await sharp((await t.app.inject({ url: photo.src })).rawPayload).metadata()).width).toBe(800);
    // Nothing went to this process's own disk: another replica serves the same files.
    expect(existsSync(join(t.config.dataDir, 'media', 'stores'))).toBe(false);
    expect((await t.app.inject({ url: `/media/${photo.name}-1600.webp` })).statusCode).toBe(404);

    // A stone may name it (the store checks the files are there); a name never uploaded is refused.
    const c = shop.catalog;
    const body = {
      sku: 'S3-1', product_id: c.product.id, weight_mg: 900, width_mm: 7, length_mm: 9, depth_mm: 4, grade_id: c.grades[0]!.id, color_id: c.colors[0]!.id,
      clarity_id: c.clarities[0]!.id, shape_id: c.shapes[0]!.id, origin_id: c.origins[0]!.id, price: 1000, status: 'available', photos: [photo.name],
    };
    const stone = await admin(t, shop.domain, '/stones', { token, body });
    expect(stone.statusCode, stone.body).toBe(200);
    expect(stone.json().stone.image).toBe(`/media/${photo.name}-800.webp`);
    const never = await admin(t, shop.domain, '/stones', { token, body: { ...body, sku: 'S3-2', photos: [`stores/${shop.store.id}/img/0123456789abcdef01234567_10x10`] } });
    expect(never.statusCode).toBe(422);
  });

  it('keeps return photos in the bucket\'s private folder, shown only through the signed link', async () => {
    const { orderId, lineId } = await dispatchedOrder();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a01f3c' } }).jpeg().toBuffer();
    const res = await createReturn([
      ['orderId', String(orderId)], ['reason', 'defective'], ['comment', 'Chipped'], ['detailIds[0]', String(lineId)],
      ['images[0]', jpeg, 'photo.jpg', 'image/jpeg'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const link: string = res.json().returnRequest.images[0].path;
    expect(link).toMatch(/^\/api\/return-request-photo\/\d+\?expires=\d+&signature=/);
    const shown = await t.app.inject({ url: link, headers: { domain: shop.domain } });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const stored = await s3.keys(`${PREFIX}/private/returns/`);
    expect(stored).toHaveLength(1);
    expect((await s3.read(stored[0]!))?.equals(shown.rawPayload)).toBe(true);
    expect((await s3.head(stored[0]!))?.cacheControl).toBe('private, no-store');
    // Nothing of it under the public folder, and no public path reaches it.
    expect((await s3.keys(`${PREFIX}/media/`)).some((k) => k.includes('returns'))).toBe(false);
    const name = stored[0]!.split('/').pop()!;
    for (const url of [`/media/returns/${name}`, `/media/%2e%2e/private/returns/${name}`, `/media/..%2Fprivate%2Freturns%2F${name}`, `/og-image/%2e%2e/private/returns/${name}`]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ url: link.replace(/signature=./, 'signature=A'), headers: { domain: shop.domain } })).statusCode).toBe(404);
  });

  it('renders Open Graph pictures from the SVGs in the bucket', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#123456"/></svg>';
    await t.app.services.media.store.put('media/catalog/s3-test.svg', Buffer.from(svg));
    const svgRes = await t.app.inject({ url: '/media/catalog/s3-test.svg' });
    expect([svgRes.statusCode, svgRes.headers['content-type'], svgRes.headers['cache-control']]).toEqual([200, 'image/svg+xml', 'public, max-age=86400']);
    const png = await t.app.inject({ url: '/og-image/catalog/s3-test.png' });
    expect(png.statusCode).toBe(200);
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('answers 503 media_unavailable while the bucket cannot be reached, writing nothing, and works again when it is back', async () => {
    const { orderId, lineId } = await dispatchedOrder();
    const existing = (await s3.keys(`${PREFIX}/media/stores/`))[0]!.slice(PREFIX.length);
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0000ff' } }).jpeg().toBuffer();
    const returnsBefore = (await t.db.select().from(returnRequests)).length;
    const other = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#ff00ff' } }).png().toBuffer();

    await s3.stop();
    try {
      const refused = await upload(other);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toEqual({ message: expect.stringContaining('picture store'), code: 'media_unavailable' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const ret = await createReturn([
        ['orderId', String(orderId)], ['reason', 'defective'], ['comment', 'Scratched'], ['detailIds[0]', String(lineId)],
        ['images[0]', jpeg, 'photo.jpg', 'image/jpeg'],
      ]);
      expect(ret.statusCode, ret.body).toBe(503);
      expect(ret.json().code).toBe('media_unavailable');
      expect((await t.app.inject({ url: existing })).statusCode).toBe(503);
    } finally {
      await s3.start();
    }
    // No return was written without its photo: the customer may send it again.
    expect((await t.db.select().from(returnRequests)).length).toBe(returnsBefore);
    expect((await upload(other)).statusCode).toBe(200);
    expect((await t.app.inject({ url: existing })).statusCode).toBe(200);
    const again = await createReturn([
      ['orderId', String(orderId)], ['reason', 'defective'], ['comment', 'Scratched'], ['detailIds[0]', String(lineId)],
      ['images[0]', jpeg, 'photo.jpg', 'image/jpeg'],
    ]);
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('public pictures from a CDN (MEDIA_PUBLIC_URL)', () => {
  const CDN = 'https://cdn.example.test/gems/';
  let c: TestApp;
  let cdnShop: Shop;
  let cdnToken: string;

  beforeAll(async () => {
    c = await buildTestApp({ ...s3.env(PREFIX), MEDIA_PUBLIC_URL: 'https://cdn.example.test/gems', WEB_BUILD_DIR: webBuild() }, { web: true });
    cdnShop = await createShop(c.db, 'cdn-');
    await createStaff(c.db, cdnShop.store.id, 'owner');
    cdnToken = await staffSignIn(c, cdnShop.domain, 'owner@shop.test');
  }, 600_000);
  afterAll(async () => {
    await c?.close();
  });

  it('points answers and pages at the CDN, whose base is the bucket\'s media/ folder; the database keeps /media/ paths', async () => {
    const { payload, contentType } = multipart([['file', picture, 'stone.png', 'image/png']]);
    const up = await c.app.inject({
      method: 'POST', url: '/api/admin/media', payload, headers: { domain: cdnShop.domain, 'content-type': contentType, authorization: `Bearer ${cdnToken}` },
    });
    expect(up.statusCode, up.body).toBe(200);
    const { photo } = up.json();
    const files: string[] = [...photo.srcset.split(', ').map((p: string) => p.split(' ')[0]), photo.jpeg, photo.src];
    for (const url of files) {
      expect(url.startsWith(`${CDN}stores/${cdnShop.store.id}/img/`), url).toBe(true);
      // What the CDN fetches from the bucket when asked for that address.
      expect(await s3.head(`${PREFIX}/media/${url.slice(CDN.length)}`), url).not.toBeNull();
    }

    const cat = cdnShop.catalog;
    const body = {
      sku: 'CDN-1', product_id: cat.product.id, weight_mg: 900, width_mm: 7, length_mm: 9, depth_mm: 4, grade_id: cat.grades[0]!.id, color_id: cat.colors[0]!.id,
      clarity_id: cat.clarities[0]!.id, shape_id: cat.shapes[0]!.id, origin_id: cat.origins[0]!.id, price: 1000, status: 'available', photos: [photo.name],
    };
    const made = await admin(c, cdnShop.domain, '/stones', { token: cdnToken, body });
    expect(made.statusCode, made.body).toBe(200);
    const stone = made.json().stone;
    expect(stone.image).toBe(`${CDN}${photo.name}-800.webp`);
    expect(stone.photos[0].src).toBe(photo.src);
    // Stored as the server's own path: another MEDIA_PUBLIC_URL later points every answer elsewhere.
    const [row] = await c.db.select({ image: items.image }).from(items).where(eq(items.id, stone.id));
    expect(row!.image).toBe(`/media/${photo.name}-800.webp`);

    const get = (url: string) => c.app.inject({ url, headers: { domain: cdnShop.domain } }).then((r) => r.json());
    const { item } = await get(`/api/item-details/${stone.id}`);
    expect([item.image, item.photos[0].jpeg]).toEqual([`${CDN}${photo.name}-800.webp`, photo.jpeg]);
    const seeded = await createStone(c.db, cdnShop);
    const other = (await get(`/api/item-details/${seeded.id}`)).item;
    expect(other.image).toMatch(new RegExp(`^${CDN}stone-\\d+\\.svg$`));
    expect((await get('/api/products')).products[0].primary_image.filename).toMatch(new RegExp(`^${CDN}[a-z]+\\.svg$`));
    const { profile } = await get('/api/store-profile');
    expect(profile.primary_logo.path).toMatch(new RegExp(`^${CDN}logo-\\d+\\.svg$`));
    expect(profile.configurationData.slider[0].image).toBe(`${CDN}slider-1.svg`);
    const categories = (await get('/api/categories')).categories;
    expect(categories[0].image).toBe(`${CDN}sapphires.svg`);

    // Server-rendered pages load the pictures from the CDN, and none from this server's /media/.
    const home = await c.app.inject({ url: '/home', headers: { host: cdnShop.domain } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`src="${CDN}slider-1.svg"`);
    expect(home.body).toContain(`src="${CDN}logo-`);
    const page = await c.app.inject({ url: `/item/${item.url[0].url}`, headers: { host: cdnShop.domain } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${CDN}${photo.name}-800.webp`);
    expect(page.body).toContain(`content="${photo.jpeg}"`);
    for (const html of [home.body, page.body]) expect(html).not.toMatch(/(src|srcSet|srcset|href)="\/media\//);
  });
});

describe('media settings', () => {
  const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

  it('keeps files under DATA_DIR unless MEDIA_STORE names a bucket, and reads the bucket, prefix and CDN base', () => {
    expect(load({}).media).toEqual({ s3: undefined, publicBase: '/media/' });
    expect(load({ MEDIA_STORE: 'local' }).media.s3).toBeUndefined();
    const media = load({
      MEDIA_STORE: 's3://shop-media/live/eu/', MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000', MEDIA_S3_FORCE_PATH_STYLE: 'true',
      MEDIA_S3_ACCESS_KEY_ID: 'id', MEDIA_S3_SECRET_ACCESS_KEY: 'secret', MEDIA_PUBLIC_URL: 'https://cdn.example.test/media/',
    }).media;
    expect(media).toEqual({
      s3: {
        bucket: 'shop-media', prefix: 'live/eu/', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1',
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' }, forcePathStyle: true, timeoutMs: 10_000,
      },
      publicBase: 'https://cdn.example.test/media/',
    });
    expect(load({ MEDIA_STORE: 's3://shop-media' }).media.s3).toMatchObject({ bucket: 'shop-media', prefix: '', credentials: undefined });
  });

  it('refuses a store it cannot use, naming the setting', () => {
    expect(() => load({ MEDIA_STORE: 'ftp://shop-media' })).toThrow(/MEDIA_STORE: must be `local` or s3:\/\/bucket/);
    expect(() => load({ MEDIA_STORE: 's3://Shop_Media' })).toThrow(/MEDIA_STORE/);
    expect(() => load({ MEDIA_STORE: 's3://shop-media', MEDIA_S3_ACCESS_KEY_ID: 'id' })).toThrow(/MEDIA_S3_SECRET_ACCESS_KEY: is required/);
    expect(() => load({ MEDIA_PUBLIC_URL: 'cdn.example.test' })).toThrow(/MEDIA_PUBLIC_URL/);
    expect(() => load({ MEDIA_S3_ENDPOINT: 'ftp://127.0.0.1' })).toThrow(/MEDIA_S3_ENDPOINT/);
  });
});
