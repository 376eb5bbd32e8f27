import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeDomains, stores } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const [s] = await t.db.insert(stores).values({
    name: 'Ratna', email: 'shop@example.com', isFromIndia: true,
    configuration: { header: { phone: '1', address: 'a' }, footer: { contact: { address: 'a', email: 'e', phone: 'p' }, copyright: 'c' }, social: {}, slider: [], banners: [] },
  }).returning();
  await t.db.insert(storeDomains).values({ domain: 'shop.test', storeId: s!.id });
});
afterAll(() => t?.close());

describe('stores', () => {
  it('answers the store profile for a known domain', async () => {
    const res = await t.app.inject({ url: '/api/store-profile', headers: { domain: 'shop.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.currency).toEqual({ currency: 'INR', exchangeRate: 1, sign: 'Rs.' });
  });
  it('answers 404 with a clear message for an unknown domain', async () => {
    const res = await t.app.inject({ url: '/api/store-profile', headers: { domain: 'nope.test' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/nope\.test/);
  });
  it('checks a domain', async () => {
    expect((await t.app.inject({ url: '/api/check-domain/shop.test' })).json()).toMatchObject({ exists: true });
    expect((await t.app.inject({ url: '/api/check-domain/x.test' })).statusCode).toBe(404);
  });
  it('answers 422 with field errors for bad listing input', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/product-items?page=0', headers: { domain: 'shop.test' }, payload: { filter: { grades: ['x'] } } });
    expect(res.statusCode).toBe(422);
    console.log(res.body);
  });
});
