import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { STAFF_ROLES, type StaffRole } from '@gemstore/contracts/constants';
import { buildTestApp, type TestApp } from './helper.ts';
import { type Catalog, createCatalog, createStore } from './factories.ts';
import { admin, createStaff, staffSignIn } from './staff-fixtures.ts';
import { multipart } from './multipart.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

describe('catalogue pictures', () => {
  let t: TestApp;
  let catA: Catalog;
  const tokens = {} as Record<StaffRole, string>;
  let bToken: string;
  let photoJpeg: Buffer;

  const upload = (domain: string, token: string | undefined, data: Buffer, type = 'image/jpeg') => {
    const { payload, contentType } = multipart([['file', data, 'stone.jpg', type]]);
    return t.app.inject({ method: 'POST', url: '/api/admin/media', payload, headers: { domain, 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const a = await createStore(t.db, { domain: 'a.test' });
    const b = await createStore(t.db, { domain: 'b.test' });
    catA = await createCatalog(t.db, a.id);
    for (const role of STAFF_ROLES) {
      await createStaff(t.db, a.id, role);
      tokens[role] = await staffSignIn(t, 'a.test', `${role}@shop.test`);
    }
    await createStaff(t.db, b.id, 'owner', 'owner@shop.test');
    bToken = await staffSignIn(t, 'b.test', 'owner@shop.test');
    // A 2000 x 1500 photo taken on its side (EXIF orientation 6) with a camera's location in it.
    photoJpeg = await sharp({ create: { width: 1500, height: 2000, channels: 3, background: '#1f4fa0' } })
      .jpeg().withMetadata({ orientation: 6 }).withExif({ IFD0: { Make: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } }).toBuffer();
    expect((await sharp(photoJpeg).metadata()).exif).toBeDefined();
  });
  afterAll(() => t?.close());

  it('keeps an upload upright, stripped of metadata, in the widths the storefront picks, cached for good', async () => {
    const res = await upload('a.test', tokens.assistant, photoJpeg);
    expect(res.statusCode, res.body).toBe(200);
    const { photo } = res.json();
    expect(photo.name).toMatch(/^stores\/\d+\/img\/[a-f0-9]{24}_2000x1500$/);
    expect(photo.srcset.split(', ').map((s: string) => s.split(' ')[1])).toEqual(['400w', '800w', '1600w']);
    expect(photo).toMatchObject({ width: 1600, height: 1200 });
    const file = await t.app.inject({ url: photo.src });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toContain('immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([800, 600, undefined]);
    const jpeg = await sharp((await t.app.inject({ url: photo.jpeg })).rawPayload).metadata();
    expect([jpeg.format, jpeg.width, jpeg.exif]).toEqual(['jpeg', 1200, undefined]);
    // The same picture again is the same picture.
    expect((await upload('a.test', tokens.owner, photoJpeg)).json().photo.name).toBe(photo.name);
  });

  it('refuses what is not a picture, and callers who are not staff of the store', async () => {
    const text = await upload('a.test', tokens.owner, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/svg+xml');
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file[0]).toContain('JPEG, PNG or WebP');
    const broken = await upload('a.test', tokens.owner, Buffer.concat([photoJpeg.subarray(0, 200)]));
    expect(broken.statusCode).toBe(422);
    expect((await upload('a.test', undefined, photoJpeg)).statusCode).toBe(401);
    expect((await upload('a.test', bToken, photoJpeg)).statusCode).toBe(401);
  });

  it('gives a stone its photos in order; the first is its picture; another store\'s photo is refused', async () => {
    const names: string[] = [];
    for (const colour of ['#aa0000', '#00aa00']) {
      const data = await sharp({ create: { width: 900, height: 900, channels: 3, background: colour } }).png().toBuffer();
      names.push((await upload('a.test', tokens.owner, data, 'image/png')).json().photo.name);
    }
    const body = {
      sku: 'PH-1', product_id: catA.product.id, weight_mg: 900, width_mm: 7, length_mm: 9, depth_mm: 4,
      grade_id: catA.grades[0]!.id, color_id: catA.colors[0]!.id, clarity_id: catA.clarities[0]!.id, shape_id: catA.shapes[0]!.id, origin_id: catA.origins[0]!.id,
      price: 1000, status: 'available', photos: names,
    };
    const created = await admin(t, 'a.test', '/stones', { token: tokens.owner, body });
    expect(created.statusCode, created.body).toBe(200);
    const stone = created.json().stone;
    expect(stone.photos.map((p: { name: string }) => p.name)).toEqual(names);
    // A 900 px picture is kept at 400, 800 and 900 px, never enlarged.
    expect(stone.photos[0].srcset).toBe([400, 800, 900].map((w) => `/media/${names[0]}-${w}.webp ${w}w`).join(', '));
    expect(stone.image).toBe(`/media/${names[0]}-800.webp`);
    const page = (await t.app.inject({ url: `/api/item-details/${stone.id}`, headers: { domain: 'a.test' } })).json().item;
    expect(page.photos.map((p: { name: string }) => p.name)).toEqual(names);
    expect(page.image).toBe(stone.image);

    const reordered = await admin(t, 'a.test', `/stones/${stone.id}`, { method: 'PUT', token: tokens.owner, body: { ...body, photos: [...names].reverse() } });
    expect(reordered.json().stone.image).toBe(`/media/${names[1]}-800.webp`);

    const theirs = (await upload('b.test', bToken, photoJpeg)).json().photo.name;
    const stolen = await admin(t, 'a.test', `/stones/${stone.id}`, { method: 'PUT', token: tokens.owner, body: { ...body, photos: [theirs] } });
    expect(stolen.statusCode).toBe(422);
    expect(Object.keys(stolen.json().errors)).toEqual(['photos']);
    const made = await admin(t, 'a.test', `/stones/${stone.id}`, { method: 'PUT', token: tokens.owner, body: { ...body, photos: ['stores/1/img/0123456789abcdef01234567_10x10'] } });
    expect(made.statusCode).toBe(422);
  });
});
