import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSafeLink, isSafeWebUrl, safeOrigin, StoreConfigurationInput } from '@gemstore/contracts';
import { stores } from '@gemstore/db';
import { buildTestApp, systemContext, type TestApp } from './helper.ts';
import { createShop, createShopper, type Shop, type Shopper } from './checkout-fixtures.ts';
import { storeConfiguration } from './factories.ts';

let t: TestApp;
let shop: Shop;
let asha: Shopper;

beforeAll(async () => {
  // Forwarded headers count only from a trusted proxy; the injected requests come from 127.0.0.1.
  t = await buildTestApp({ TRUSTED_PROXIES: '127.0.0.1' });
  shop = await createShop(t.db);
  asha = await createShopper(t.db, shop.store.id);
});
afterAll(() => t?.close());

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url, headers: { domain: shop.domain, ...headers } });
}
const bearer = () => ({ authorization: `Bearer ${asha.token}` });

describe('API answers', () => {
  it('are never sniffed as another type, whatever their status', async () => {
    const answers = [
      await get('/api/store-profile'),
      await t.app.inject({ method: 'POST', url: '/api/login', headers: { domain: shop.domain }, payload: { phone: 'not an identifier' } }),
      await t.app.inject({ method: 'POST', url: '/api/orders', headers: { domain: shop.domain } }),
      await t.app.inject({ url: '/api/store-profile', headers: { domain: 'unknown.example' } }),
      await get('/api/no-such-route'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 422, 401, 404, 404]);
    for (const a of answers) expect(a.headers['x-content-type-options']).toBe('nosniff');
  });

  it('are not stored by any cache when the caller presents a token, even where the route allows caching', async () => {
    const signedIn = [
      await t.app.inject({ method: 'POST', url: '/api/orders', headers: { domain: shop.domain, ...bearer() } }),
      await get('/api/store-profile', bearer()),
      await get('/api/country-codes', bearer()),
      // A token that is not (or no longer) valid: the answer is still not for a shared cache.
      await get('/api/country-codes', { authorization: 'Bearer not-a-live-token-at-all-0000' }),
    ];
    expect(signedIn.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    for (const a of signedIn) expect(a.headers['cache-control']).toBe('no-store');
  });

  it('are not stored for auth calls and errors; public lists keep the caching their route chose', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login', headers: { domain: shop.domain }, payload: { phone: asha.email } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const unauthenticated = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { domain: shop.domain } });
    expect(unauthenticated.headers['cache-control']).toBe('no-store');
    expect((await get('/api/country-codes')).headers['cache-control']).toBe('public, max-age=86400');
    expect((await get('/api/countries')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('carry HSTS only when the request came over HTTPS', async () => {
    expect((await get('/api/store-profile')).headers['strict-transport-security']).toBeUndefined();
    const https = await get('/api/store-profile', { 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
    expect((await t.app.inject({ url: '/media/none.svg', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('store URLs', () => {
  const unsafe = [
    'javascript:alert(1)', 'JavaScript:alert(document.domain)', ' javascript:alert(1)', 'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', 'vbscript:msgbox(1)',
    'http://example.com/shop', 'ftp://example.com/a', '//evil.example/x', '/relative/path', 'https://user:pass@example.com/',
    'https://', 'not a url',
  ];

  it('accept https, and http only on local development hosts', () => {
    for (const ok of ['https://www.openstreetmap.org/export/embed.html?bbox=1', 'https://x.com/shop', 'http://localhost:3000/x', 'http://ratna.localhost/x', 'http://127.0.0.1:8080/']) {
      expect(isSafeWebUrl(ok), ok).toBe(true);
    }
    for (const bad of unsafe) expect(isSafeWebUrl(bad), bad).toBe(false);
    expect(isSafeLink('/product/precious/ruby')).toBe(true);
    for (const bad of ['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'data:,x']) expect(isSafeLink(bad), bad).toBe(false);
    expect(safeOrigin('https://partner.example')).toBe('https://partner.example');
    expect(safeOrigin('https://partner.example/path')).toBeNull();
    expect(safeOrigin("https://partner.example; script-src 'unsafe-inline'")).toBeNull();
  });

  it('are refused when a store configuration is saved, naming the field, and nothing is stored', async () => {
    const valid = { ...storeConfiguration('Safe'), mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=1', allowedEmbedOrigins: ['https://partner.example'] };
    expect(StoreConfigurationInput.safeParse(valid).success).toBe(true);
    const before = (await t.db.select().from(stores).where(eq(stores.id, shop.store.id)))[0]!.configuration;
    const cases: [string, Record<string, unknown>][] = [
      ['social.facebook', { social: { facebook: 'javascript:alert(1)' } }],
      ['social.youtube', { social: { youtube: 'data:text/html,<b>x</b>' } }],
      ['mapEmbedUrl', { mapEmbedUrl: 'data:text/html,<script>alert(1)</script>' }],
      ['mapEmbedUrl', { mapEmbedUrl: 'http://maps.example/embed' }],
      ['banners.0.href', { banners: [{ image: '/media/b.svg', alt: 'B', href: 'javascript:alert(1)' }] }],
      ['banners.0.image', { banners: [{ image: 'data:image/svg+xml,<svg onload=alert(1)>', alt: 'B', href: '/home' }] }],
      ['slider.0.image', { slider: [{ image: 'javascript:alert(1)', alt: 'S' }] }],
      ['allowedEmbedOrigins.0', { allowedEmbedOrigins: ["https://partner.example 'unsafe-inline'"] }],
      ['allowedEmbedOrigins.0', { allowedEmbedOrigins: ['*'] }],
    ];
    for (const [field, change] of cases) {
      const error = await t.app.services.stores.saveConfiguration(await systemContext(t, shop.store.id), { ...valid, ...change }).then(() => null, (e: unknown) => e);
      expect(error, field).toMatchObject({ statusCode: 422 });
      expect(Object.keys((error as { errors: Record<string, string[]> }).errors), field).toEqual([field]);
    }
    expect((await t.db.select().from(stores).where(eq(stores.id, shop.store.id)))[0]!.configuration).toEqual(before);

    const saved = await t.app.services.stores.saveConfiguration(await systemContext(t, shop.store.id), { ...valid, allowedEmbedOrigins: ['https://Partner.example/'] });
    expect(saved.allowedEmbedOrigins).toEqual(['https://partner.example']);
  });

  it('that reached the database anyway are left out of the store profile', async () => {
    const other = await createShop(t.db, 'u-');
    const base = storeConfiguration('Unsafe');
    await t.db.update(stores).set({
      logoPath: 'javascript:alert(1)',
      configuration: {
        ...base,
        social: { facebook: 'javascript:alert(1)', twitter: 'data:text/html,x', instagram: 'https://instagram.com/fine', youtube: 'http://youtube.example/x' },
        mapEmbedUrl: 'javascript:alert(document.cookie)',
        slider: [{ image: 'data:image/svg+xml,<svg/onload=alert(1)>', alt: 'bad' }, { image: '/media/slide.svg', alt: 'good' }],
        banners: [{ image: '/media/b.svg', alt: 'bad', href: 'javascript:alert(1)' }, { image: '/media/b.svg', alt: 'good', href: '/home' }],
      },
    }).where(eq(stores.id, other.store.id));
    const res = await t.app.inject({ url: '/api/store-profile', headers: { domain: other.domain } });
    expect(res.statusCode).toBe(200);
    const { profile } = res.json();
    expect(profile.configurationData.social).toEqual({ instagram: 'https://instagram.com/fine' });
    expect(profile.configurationData.mapEmbedUrl).toBeUndefined();
    expect(profile.configurationData.slider.map((s: { alt: string }) => s.alt)).toEqual(['good']);
    expect(profile.configurationData.banners.map((s: { alt: string }) => s.alt)).toEqual(['good']);
    expect(profile.primary_logo.path).toBe('');
    expect(res.body).not.toMatch(/javascript:|data:/i);
  });
});
