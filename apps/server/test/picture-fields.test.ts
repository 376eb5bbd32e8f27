import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { normalisePictureRef } from '@gemstore/contracts';
import { buildTestApp, type TestApp } from './helper.ts';
import type { Catalog } from './factories.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

/** Values no picture field may take: another host, a way out of /media, other schemes, other places of the site. */
const REFUSED = [
  '//evil.example/x.png', '/\\evil.example/x.png', '/media/../../etc/passwd', '/media/%2e%2e/%2e%2e/x.png', '/media/.env',
  'http://cdn.example/x.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', '/admin/x.png', '/media/a.png?x=1', 'media/x.png',
];

describe('picture fields', () => {
  let t: TestApp;
  let owner: string;
  let catA: Catalog;

  beforeAll(async () => {
    t = await buildTestApp();
    const cast = await backOfficeStores(t);
    owner = cast.tokens.owner;
    catA = cast.catA;
  });
  afterAll(() => t?.close());

  it('normalise to one stored form', () => {
    expect(normalisePictureRef(' /media/blog/../stones/ruby.png ')).toBe('/media/stones/ruby.png');
    expect(normalisePictureRef('/media/./a.png')).toBe('/media/a.png');
    expect(normalisePictureRef('HTTPS://CDN.Example/a.png')).toBe('https://cdn.example/a.png');
    expect(normalisePictureRef('')).toBe('');
    for (const value of REFUSED) expect(normalisePictureRef(value), value).toBeNull();
  });

  it('refuse other hosts and paths out of /media in every picture field, and store the normalised form', async () => {
    const stone = (image: string) => ({
      sku: `PIC-${Math.random().toString(36).slice(2, 8)}`, product_id: catA.product.id, weight_mg: 1100, width_mm: 8, length_mm: 10, depth_mm: 4,
      grade_id: catA.grades[0]!.id, color_id: catA.colors[0]!.id, clarity_id: catA.clarities[0]!.id, shape_id: catA.shapes[0]!.id, origin_id: catA.origins[0]!.id,
      price: 1000, image, certificate_image: image,
    });
    const profile = (await admin(t, 'a.test', '/settings/profile', { token: owner })).json().profile;
    const calls: { name: string; fields: string[]; send: (image: string) => ReturnType<typeof admin> }[] = [
      { name: 'category', fields: ['image'], send: (image) => admin(t, 'a.test', '/categories', { token: owner, body: { parent_id: catA.root.id, name: 'Rubies', url: `rubies-${Math.random().toString(36).slice(2, 8)}`, image } }) },
      { name: 'product', fields: ['image'], send: (image) => admin(t, 'a.test', `/products/${catA.product.id}`, { method: 'PUT', token: owner, body: { category_id: catA.category.id, name: 'Blue Sapphire', url: catA.product.url, image } }) },
      { name: 'stone', fields: ['image', 'certificate_image'], send: (image) => admin(t, 'a.test', '/stones', { token: owner, body: stone(image) }) },
      { name: 'post', fields: ['cover_photo'], send: (image) => admin(t, 'a.test', '/posts', { token: owner, body: { title: 'Rubies', body: '<p>Red</p>', cover_photo: image } }) },
      { name: 'home', fields: ['slider.0.image'], send: (image) => admin(t, 'a.test', '/home', { method: 'PUT', token: owner, body: { slider: [{ image, alt: 'A ruby' }], banners: [] } }) },
      { name: 'profile', fields: ['logo'], send: (image) => admin(t, 'a.test', '/settings/profile', { method: 'PUT', token: owner, body: { ...profile, logo: image } }) },
    ];
    for (const c of calls) {
      for (const value of REFUSED) {
        const res = await c.send(value);
        expect({ call: c.name, value, status: res.statusCode }).toEqual({ call: c.name, value, status: 422 });
        expect(Object.keys(res.json().errors).sort(), `${c.name} ${value}`).toEqual([...c.fields].sort());
      }
      const ok = await c.send('/media/blog/../stones/ruby.png');
      expect(ok.statusCode, `${c.name}: ${ok.body}`).toBe(200);
      expect(ok.body, c.name).toContain('/media/stones/ruby.png');
      expect(ok.body, c.name).not.toContain('/media/blog/../');
    }
  });
});
