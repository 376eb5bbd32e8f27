import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeDomains, stores } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { createPage, createStore } from './factories.ts';

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
    expect(res.json()).toEqual({
      message: 'Each grade must be given by its id (a whole number).',
      errors: { 'filter.grades.0': ['Each grade must be given by its id (a whole number).'], 'filter.product': ['Choose a product.'] },
    });
  });
  it('answers the whole profile with the fields the storefront API names', async () => {
    const store = await createStore(t.db, { name: 'Jewel', domain: 'jewel.test', isFromIndia: true });
    await createPage(t.db, store.id, { placement: 'non_categorized', title: 'About', url: 'about' });
    await createPage(t.db, store.id, { placement: 'policy', title: 'Refunds', url: 'refunds' });
    const res = await t.app.inject({ url: '/api/store-profile', headers: { domain: 'jewel.test' } });
    expect(res.statusCode).toBe(200);
    const { profile, nonCategorizedPages } = res.json();
    expect(profile).toMatchObject({
      id: store.id, name: 'Jewel', email: store.email, isFromIndia: true,
      primary_logo: { path: store.logoPath }, phone_country_code: { phonecode: '91' },
      primary_address: { city: 'Jaipur', state: 'Rajasthan', country: 'India' },
      configurationData: {
        header: store.configuration.header, footer: store.configuration.footer, social: store.configuration.social,
        slider: store.configuration.slider, banners: store.configuration.banners,
      },
      currency: { currency: 'INR', exchangeRate: 1, sign: 'Rs.' }, ratti_mg: 182,
    });
    expect(nonCategorizedPages).toEqual([{ id: expect.any(Number), title: 'About', url: 'about' }]);
  });
  it('answers USD with the store\'s rate for a store outside India', async () => {
    await createStore(t.db, { domain: 'abroad.test', isFromIndia: false, usdRate: 0.015 });
    const res = await t.app.inject({ url: '/api/store-profile', headers: { domain: 'abroad.test' } });
    expect(res.json().profile).toMatchObject({ isFromIndia: false, currency: { currency: 'USD', exchangeRate: 0.015, sign: '$' } });
    expect(res.json().nonCategorizedPages).toEqual([]);
    // GST is India's tax, set per gem type under Tax settings: a store abroad says nothing of it.
    expect(Object.keys(res.json().profile).filter((k) => /gst/i.test(k))).toEqual([]);
  });
});
