import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { couriers, returnImages, returnLines, returnRequests } from '@gemstore/db';
import { buildTestApp, systemContext, type TestApp } from './helper.ts';
import {
  caller, createShop, createShopper, createStone, insertAddress, payWithSandbox, placeOrder, dispatchOrder, type Shop, type Shopper, courierIds,
} from './checkout-fixtures.ts';
import { signReturnPhotoUrl } from '../src/modules/returns/photos.ts';
import { checkReturnPhotoLink } from '../src/modules/returns/photos.ts';
import { multipart, type Part } from './multipart.ts';

let t: TestApp;
let shop: Shop;
let asha: Shopper;
let ben: Shopper;
let ashaAddress: number;
let call: ReturnType<typeof caller>;
let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;
/** The shop's couriers by name. */
let courier: Record<string, number>;

function createReturn(who: Shopper | null, parts: Part[]) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST', url: '/api/return-request-create', payload,
    headers: { domain: shop.domain, 'content-type': contentType, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
  });
}

function returnFiles(): string[] {
  const dir = join(t.config.privateMedia.dir, 'returns');
  return existsSync(dir) ? readdirSync(dir) : [];
}
async function storedReturns() {
  return (await t.db.select().from(returnRequests)).length;
}

/** The shop's step on a return through the back office's flow, as the shop's own system. */
async function setReturnStatus(storeId: number, returnId: number, status: 'approved' | 'rejected' | 'picked_up' | 'received' | 'refunded', extra: { note?: string; courier_id?: number; tracking_number?: string } = {}) {
  return t.app.flows.adminReturns.setStatus(await systemContext(t, storeId), returnId, { status, note: '', ...extra });
}

/** A paid and dispatched order of `n` stones; answers its id and line ids. */
async function dispatchedOrder(n = 2, dispatch = true) {
  const stones = await Promise.all(Array.from({ length: n }, () => createStone(t.db, shop)));
  const orderId = (await placeOrder(t, shop, asha, stones.map((s) => s.id), ashaAddress)).json().orderId as number;
  expect((await payWithSandbox(t, shop, asha, orderId)).statusCode).toBe(303);
  if (dispatch) await dispatchOrder(t, shop.store.id, orderId);
  const { order } = (await call('/api/order', asha, { orderId })).json();
  return { orderId, lineIds: order.details.map((d: { id: number }) => d.id) as number[] };
}

/** A data folder as servers before private photos left it: one return photo under media/returns. */
const dataDir = mkdtempSync(join(tmpdir(), 'gemstore-returns-'));
const LEGACY_PHOTO = `${'a'.repeat(32)}.jpg`;
let legacyBytes: Buffer;

beforeAll(async () => {
  legacyBytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).jpeg().toBuffer();
  mkdirSync(join(dataDir, 'media', 'returns'), { recursive: true });
  writeFileSync(join(dataDir, 'media', 'returns', LEGACY_PHOTO), legacyBytes);
  t = await buildTestApp({ DATA_DIR: dataDir });
  shop = await createShop(t.db);
  courier = await courierIds(t, shop.store.id);
  asha = await createShopper(t.db, shop.store.id);
  ben = await createShopper(t.db, shop.store.id);
  ashaAddress = (await insertAddress(t.db, shop.store.id, asha.id)).id;
  call = caller(t, shop.domain);
  const base = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 60, b: 160 } } });
  // A camera-like JPEG carrying EXIF (with a GPS-like comment) that must not survive.
  jpeg = await base().jpeg().withExif({ IFD0: { Copyright: 'Secret Location 26.9N 75.8E', Artist: 'Asha' } }).toBuffer();
  png = await base().png().toBuffer();
  webp = await base().webp().toBuffer();
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('return-request-create', () => {
  it('creates a return for lines of a dispatched order with re-encoded, metadata-free pictures', async () => {
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const { orderId, lineIds } = await dispatchedOrder(3);
    const res = await createReturn(asha, [
      ['orderId', String(orderId)], ['reason', 'defective'], ['comment', 'A chip on the girdle'],
      ['detailIds[0]', String(lineIds[0])], ['detailIds[1]', String(lineIds[2])],
      ['images[0]', jpeg, 'photo.jpg', 'image/jpeg'], ['images[1]', png, 'photo.png', 'image/png'], ['images[2]', webp, 'x.webp', 'image/webp'],
    ]);
    expect(res.statusCode).toBe(200);
    const r = res.json().returnRequest;
    expect(res.json().orderId).toBe(orderId);
    expect(r).toMatchObject({
      total_qty: 2, status: 'requested', status_label: 'Requested', reason: 'defective', reason_label: 'Defective Product',
      comment: 'A chip on the girdle', courier_partner: null, tracking_number: null,
    });
    expect(r.details.map((d: { id: number }) => d.id)).toEqual([lineIds[0], lineIds[2]]);
    expect(r.images).toHaveLength(3);
    const links = r.images.map((i: { path: string }) => i.path);
    for (const [i, link] of links.entries()) expect(link).toMatch(new RegExp(`^/api/return-request-photo/${r.images[i].id}\\?expires=\\d+&signature=[\\w-]{43}$`));
    const files = returnFiles();
    expect(files.filter((f) => /^[0-9a-f]{32}\.(jpg|png|webp)$/.test(f))).toHaveLength(files.length);
    const served = await t.app.inject({ url: links[0], headers: { host: shop.domain } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect((await sharp((await t.app.inject({ url: links[1], headers: { host: shop.domain } })).rawPayload).metadata()).format).toBe('png');
    expect((await sharp((await t.app.inject({ url: links[2], headers: { host: shop.domain } })).rawPayload).metadata()).format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Location'))).toBe(false);

    const { order } = (await call('/api/order', asha, { orderId })).json();
    expect(order.returns).toHaveLength(1);
    expect(order.returns[0].id).toBe(r.id);
    expect(order.details.map((d: { returned: boolean }) => d.returned)).toEqual([true, false, true]);
  });

  it('accepts a return without pictures and the list forms detailIds[] and detailIds', async () => {
    const { orderId, lineIds } = await dispatchedOrder(2);
    const res = await createReturn(asha, [['orderId', String(orderId)], ['reason', 'wrong'], ['detailIds[]', String(lineIds[0])], ['detailIds', String(lineIds[1])]]);
    expect(res.statusCode).toBe(200);
    expect(res.json().returnRequest).toMatchObject({ total_qty: 2, images: [], comment: '', reason_label: 'Wrong Product' });
  });

  it('refuses a non-image, an oversized image, an unreadable image and too many images, storing nothing', async () => {
    const { orderId, lineIds } = await dispatchedOrder(1);
    const base: Part[] = [['orderId', String(orderId)], ['reason', 'not-satisfied'], ['detailIds[0]', String(lineIds[0])]];
    const before = { rows: await storedReturns(), files: returnFiles().length, images: (await t.db.select().from(returnImages)).length };
    const big = Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(5 * 1024 * 1024)]);
    const cases: [string, Part[], RegExp][] = [
      ['text disguised as a JPEG', [['images[0]', jpeg, 'ok.jpg', 'image/jpeg'], ['images[1]', Buffer.from('<?php echo 1; ?>'), 'evil.jpg', 'image/jpeg']], /Image 2 is not a JPEG, PNG or WebP/],
      ['an SVG', [['images[0]', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'a.svg', 'image/svg+xml']], /not a JPEG, PNG or WebP/],
      ['over 5 MB', [['images[0]', jpeg, 'ok.jpg', 'image/jpeg'], ['images[1]', big, 'big.jpg', 'image/jpeg']], /at most 5 MB/],
      ['a broken JPEG', [['images[0]', Buffer.concat([jpeg.subarray(0, 3), Buffer.from('garbage'.repeat(20))]), 'b.jpg', 'image/jpeg']], /could not be read/],
      ['six images', Array.from({ length: 6 }, (_, i): Part => [`images[${i}]`, png, `p${i}.png`, 'image/png']), /at most 5 images/],
    ];
    for (const [label, files, message] of cases) {
      const res = await createReturn(asha, [...base, ...files]);
      expect(res.statusCode, label).toBe(422);
      expect(res.json().errors.images[0], label).toMatch(message);
    }
    expect(await storedReturns()).toBe(before.rows);
    expect((await t.db.select().from(returnImages)).length).toBe(before.images);
    expect(returnFiles().length).toBe(before.files);
    // Five are fine.
    const five = await createReturn(asha, [...base, ...Array.from({ length: 5 }, (_, i): Part => [`images[${i}]`, png, `p${i}.png`, 'image/png'])]);
    expect(five.statusCode).toBe(200);
    expect(returnFiles().length).toBe(before.files + 5);
  });

  it('accepts only the customer\'s own dispatched order lines, each at most once', async () => {
    const { orderId, lineIds } = await dispatchedOrder(2);
    const other = await dispatchedOrder(1);
    const undispatched = await dispatchedOrder(1, false);
    const before = await storedReturns();
    const reason: Part = ['reason', 'defective'];
    const expectField = async (parts: Part[], field: string, who: Shopper = asha) => {
      const res = await createReturn(who, parts);
      expect(res.statusCode, JSON.stringify(parts.map((p) => p[0]))).toBe(422);
      expect(res.json().errors[field]).toBeDefined();
    };
    await expectField([['orderId', String(undispatched.orderId)], reason, ['detailIds[0]', String(undispatched.lineIds[0])]], 'orderId');
    await expectField([['orderId', String(orderId)], reason, ['detailIds[0]', String(other.lineIds[0])]], 'detailIds');
    await expectField([['orderId', String(orderId)], reason, ['detailIds[0]', String(lineIds[0])], ['detailIds[1]', String(lineIds[0])]], 'detailIds');
    await expectField([['orderId', String(orderId)], reason], 'detailIds');
    await expectField([['orderId', String(orderId)], ['reason', 'changed-my-mind'], ['detailIds[0]', String(lineIds[0])]], 'reason');
    await expectField([['reason', 'wrong'], ['detailIds[0]', String(lineIds[0])]], 'orderId');
    // Another customer's order is not found.
    const res = await createReturn(ben, [['orderId', String(orderId)], reason, ['detailIds[0]', String(lineIds[0])]]);
    expect(res.statusCode).toBe(404);
    expect(await storedReturns()).toBe(before);
    // A line already returned cannot be returned again.
    expect((await createReturn(asha, [['orderId', String(orderId)], reason, ['detailIds[0]', String(lineIds[0])]])).statusCode).toBe(200);
    await expectField([['orderId', String(orderId)], reason, ['detailIds[0]', String(lineIds[0])], ['detailIds[1]', String(lineIds[1])]], 'detailIds');
  });

  it('needs a signed-in customer and a multipart body', async () => {
    expect((await createReturn(null, [['orderId', '1']])).statusCode).toBe(401);
    const json = await call('/api/return-request-create', asha, { orderId: 1 });
    expect(json.statusCode).toBe(422);
    expect(json.json().message).toMatch(/multipart/);
  });
});

describe('return-request-tracking-details-submit', () => {
  it('takes courier and tracking number only while the return is Approved', async () => {
    const { orderId, lineIds } = await dispatchedOrder(1);
    const returnId = (await createReturn(asha, [['orderId', String(orderId)], ['reason', 'wrong'], ['detailIds[0]', String(lineIds[0])]])).json().returnRequest.id;
    const body = { returnId, courierId: courier.FedEx, trackingNumber: 'FX-778899' };
    const early = await call('/api/return-request-tracking-details-submit', asha, body);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('return_not_approved');

    await setReturnStatus(shop.store.id, returnId, 'approved');
    expect((await call('/api/return-request-tracking-details-submit', ben, body)).statusCode).toBe(404);
    // A courier the shop does not keep (unknown, another shop's, turned off) is refused on its field; nothing is saved.
    const other = await createShop(t.db, 'tr-');
    const [off] = await t.db.insert(couriers).values({ storeId: shop.store.id, name: 'Retired Post', trackingUrl: 'https://retired.example/{tracking}', active: false }).returning();
    for (const courierId of [9_999_999, (await courierIds(t, other.store.id)).FedEx, off!.id]) {
      const refused = await call('/api/return-request-tracking-details-submit', asha, { ...body, courierId });
      expect(refused.statusCode, String(courierId)).toBe(422);
      expect(refused.json().errors.courierId).toEqual(["Choose one of the shop's couriers."]);
    }
    expect((await call('/api/return-request-tracking-details-submit', asha, { ...body, trackingNumber: '<x>' })).json().errors.trackingNumber).toBeDefined();
    expect((await t.db.select().from(returnRequests).where(eq(returnRequests.id, returnId)))[0]).toMatchObject({ courierId: null, trackingNumber: null });
    const ok = await call('/api/return-request-tracking-details-submit', asha, body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().returnRequest).toMatchObject({
      status_label: 'Approved', courier_partner: 'FedEx', tracking_number: 'FX-778899', tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=FX-778899',
    });

    await setReturnStatus(shop.store.id, returnId, 'picked_up');
    const { order } = (await call('/api/order', asha, { orderId })).json();
    expect(order.returns[0]).toMatchObject({ status_label: 'Picked Up', courier_partner: 'FedEx', tracking_number: 'FX-778899', tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=FX-778899' });
    expect((await call('/api/return-request-tracking-details-submit', asha, body)).statusCode).toBe(409);
    expect((await call('/api/return-request-tracking-details-submit', null, body)).statusCode).toBe(401);
  });

  it("offers the shop's couriers that are on, FedEx and Delhivery first, to anyone", async () => {
    await t.db.insert(couriers).values({ storeId: shop.store.id, name: 'Shiprocket', trackingUrl: 'https://shiprocket.example/{tracking}', position: 0 });
    await t.db.insert(couriers).values({ storeId: shop.store.id, name: 'Parked', trackingUrl: 'https://parked.example/{tracking}', active: false, position: 0 });
    const res = await call('/api/couriers', null, undefined, 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.json().couriers.map((c: { name: string }) => c.name)).toEqual(['FedEx', 'Delhivery', 'Shiprocket', 'Blue Dart', 'DTDC', 'India Post']);
    expect(res.json().couriers[0]).toEqual({ id: courier.FedEx, name: 'FedEx' });
  });

  it('moves a return only along its steps', async () => {
    const { orderId, lineIds } = await dispatchedOrder(1);
    const returnId = (await createReturn(asha, [['orderId', String(orderId)], ['reason', 'wrong'], ['detailIds[0]', String(lineIds[0])]])).json().returnRequest.id;
    await expect(setReturnStatus(shop.store.id, returnId, 'refunded')).rejects.toMatchObject({ code: 'invalid_return_status' });
    await setReturnStatus(shop.store.id, returnId, 'approved');
    await setReturnStatus(shop.store.id, returnId, 'picked_up', { courier_id: courier.FedEx, tracking_number: 'FX-9911' });
    for (const s of ['received', 'refunded'] as const) await setReturnStatus(shop.store.id, returnId, s);
    await expect(setReturnStatus(shop.store.id, returnId, 'rejected', { note: 'Too late' })).rejects.toMatchObject({ statusCode: 409 });
    const other = await createShop(t.db, 'x-');
    await expect(setReturnStatus(other.store.id, returnId, 'rejected', { note: 'Not ours' })).rejects.toMatchObject({ statusCode: 404 });
    const [row] = await t.db.select().from(returnRequests).where(eq(returnRequests.id, returnId));
    expect(row!.status).toBe('refunded');
  });
});

describe('return photos', () => {
  /** A return with one photo; answers the photo's link as the owner's order answer gives it, and its file name. */
  async function returnWithPhoto() {
    const { orderId, lineIds } = await dispatchedOrder(1);
    const res = await createReturn(asha, [['orderId', String(orderId)], ['reason', 'defective'], ['detailIds[0]', String(lineIds[0])], ['images[0]', jpeg, 'a.jpg', 'image/jpeg']]);
    expect(res.statusCode).toBe(200);
    const { order } = (await call('/api/order', asha, { orderId })).json();
    const image = order.returns[0].images[0] as { id: number; path: string };
    const [row] = await t.db.select().from(returnImages).where(eq(returnImages.id, image.id));
    return { image, link: image.path, fileName: row!.path };
  }
  /** An <img> request: no token, no domain header, the shop chosen by Host. */
  const fetchPhoto = (url: string, host = shop.domain) => t.app.inject({ url, headers: { host } });

  it('shows the owner the photo through the link in the order answer, cached privately for no longer than the link works', async () => {
    const { link } = await returnWithPhoto();
    const before = Date.now();
    const res = await fetchPhoto(link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    const cache = String(res.headers['cache-control']);
    expect(cache).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(/max-age=(\d+)/.exec(cache)![1]);
    const expires = Number(new URL(link, 'http://x').searchParams.get('expires'));
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(t.config.privateMedia.urlSeconds);
    expect(before / 1000 + maxAge).toBeLessThanOrEqual(expires + 1);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // The same link on the shop's domain sent as the API client sends it.
    expect((await t.app.inject({ url: link, headers: { domain: shop.domain } })).statusCode).toBe(200);
  });

  it('is not under /media: the stored file, a guessed path and a file dropped in the old folder are all 404', async () => {
    const { fileName } = await returnWithPhoto();
    expect(fileName).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(existsSync(join(t.config.mediaDir, 'returns', fileName))).toBe(false);
    expect((await t.app.inject({ url: `/media/returns/${fileName}`, headers: { host: shop.domain } })).statusCode).toBe(404);
    // Even a copy put back where photos used to be is not served, however the path is spelled (404, or 403 for an alias).
    mkdirSync(join(t.config.mediaDir, 'returns'), { recursive: true });
    copyFileSync(join(t.config.privateMedia.dir, 'returns', fileName), join(t.config.mediaDir, 'returns', fileName));
    expect((await t.app.inject({ url: `/media/returns/${fileName}`, headers: { host: shop.domain } })).statusCode).toBe(404);
    for (const url of [`/media/Returns/${fileName}`, `/media//returns/${fileName}`, `/media/x/../returns/${fileName}`, `/media/%72eturns/${fileName}`, `/media/./returns/${fileName}`]) {
      expect([403, 404], url).toContain((await t.app.inject({ url, headers: { host: shop.domain } })).statusCode);
    }
    rmSync(join(t.config.mediaDir, 'returns'), { recursive: true, force: true });
  });

  it('accepts only the signature text the server wrote, not another spelling of the same bytes', () => {
    const cfg = t.config.privateMedia;
    const link = new URL(signReturnPhotoUrl(cfg, 7, 42), 'http://x');
    const expires = link.searchParams.get('expires')!;
    const sig = link.searchParams.get('signature')!;
    expect(checkReturnPhotoLink(cfg, 7, 42, expires, sig).ok).toBe(true);
    // Every other last character, including the three that decode to the same 32 bytes, is refused.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const c of alphabet.replace(sig.at(-1)!, '')) {
      expect(checkReturnPhotoLink(cfg, 7, 42, expires, `${sig.slice(0, -1)}${c}`), c).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses a tampered, foreign, missing or expired signature', async () => {
    const { image, link } = await returnWithPhoto();
    const url = new URL(link, 'http://x');
    const sig = url.searchParams.get('signature')!;
    const expires = url.searchParams.get('expires')!;
    const other = await returnWithPhoto();
    const variants = {
      'altered signature': `${url.pathname}?expires=${expires}&signature=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      'later expiry': `${url.pathname}?expires=${Number(expires) + 3600}&signature=${sig}`,
      'another photo': `/api/return-request-photo/${other.image.id}?expires=${expires}&signature=${sig}`,
      'no signature': `${url.pathname}?expires=${expires}`,
      'no query': url.pathname,
      'signed with another key': signReturnPhotoUrl({ ...t.config.privateMedia, secret: 'someone-elses-secret-key' }, shop.store.id, image.id),
    };
    for (const [label, variant] of Object.entries(variants)) {
      const res = await fetchPhoto(variant);
      expect(res.statusCode, label).toBe(404);
      expect(res.headers['content-type'], label).toMatch(/json/);
    }
    const expired = signReturnPhotoUrl(t.config.privateMedia, shop.store.id, image.id, Date.now() - 2 * t.config.privateMedia.urlSeconds * 1000);
    const res = await fetchPhoto(expired);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('photo_link_expired');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is refused on another store\'s domain, even with a link signed for that store', async () => {
    const { image, link } = await returnWithPhoto();
    const otherShop = await createShop(t.db, 'p-');
    expect((await fetchPhoto(link, otherShop.domain)).statusCode).toBe(404);
    // A valid signature for the other store still finds no photo of that store.
    const forOther = signReturnPhotoUrl(t.config.privateMedia, otherShop.store.id, image.id);
    expect((await fetchPhoto(forOther, otherShop.domain)).statusCode).toBe(404);
    expect((await fetchPhoto(link, 'unknown.example')).statusCode).toBe(404);
    expect((await fetchPhoto(link)).statusCode).toBe(200);
  });

  it('keeps the photos of returns made before they became private: moved out of /media at start, served by signed link', async () => {
    // The app was started on a data folder holding an old photo under media/returns.
    expect(existsSync(join(t.config.mediaDir, 'returns', LEGACY_PHOTO))).toBe(false);
    expect(readFileSync(join(t.config.privateMedia.dir, 'returns', LEGACY_PHOTO)).equals(legacyBytes)).toBe(true);
    const { orderId, lineIds } = await dispatchedOrder(1);
    // A row as the old upload step wrote it: the public path.
    const [ret] = await t.db.insert(returnRequests).values({ storeId: shop.store.id, orderId, customerId: asha.id, reason: 'defective', comment: '' }).returning();
    await t.db.insert(returnLines).values({ storeId: shop.store.id, returnId: ret!.id, orderLineId: lineIds[0]! });
    await t.db.insert(returnImages).values({ storeId: shop.store.id, returnId: ret!.id, path: `/media/returns/${LEGACY_PHOTO}` });

    const image = (await call('/api/order', asha, { orderId })).json().order.returns[0].images[0];
    expect(image.path).toMatch(/^\/api\/return-request-photo\//);
    const served = await fetchPhoto(image.path);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(legacyBytes)).toBe(true);
    expect((await t.app.inject({ url: `/media/returns/${LEGACY_PHOTO}`, headers: { host: shop.domain } })).statusCode).toBe(404);
  });
});
