import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingResponse, StoreProfileResponse } from '@gemstore/contracts';
import { api, cardIds, launchBrowser, openPage, origin } from './browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The number in a shown price: "Rs. 1,29,000.00" -> 129000, "$1,935.00" -> 1935. */
function amountOf(text: string): number {
  return Number(text.replace(/^(Rs\.|\$)\s*/, '').replace(/,/g, ''));
}

describe('currency per store', () => {
  it('shows rupees with Rs. on the Indian store', async () => {
    const { profile } = await api<StoreProfileResponse>('store-profile', { host: 'ratna.localhost' });
    expect(profile.currency.currency).toBe('INR');
    const { data } = await api<ListingResponse>('product-items?page=1', { host: 'ratna.localhost', body: { filter: { product: 'emerald' } } });
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin('ratna.localhost')}/product/precious-gemstones/emerald`);
    expect(await page.title()).toContain(profile.name);
    expect(await cardIds(page)).toEqual(data.map((i) => i.id));
    const prices = await page.getByTestId('item-price').allTextContents();
    prices.forEach((text, i) => {
      expect(text.startsWith('Rs. ')).toBe(true);
      expect(amountOf(text)).toBe(data[i]!.amounts.mrpAmount);
    });
    await t.close();
  });

  it('shows converted dollars with $ on the international store', async () => {
    const { profile } = await api<StoreProfileResponse>('store-profile', { host: 'atelier.localhost' });
    expect(profile.currency).toMatchObject({ currency: 'USD', sign: '$' });
    const rate = profile.currency.exchangeRate;
    const { data } = await api<ListingResponse>('product-items?page=1', { host: 'atelier.localhost', body: { filter: { product: 'emerald' } } });
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin('atelier.localhost')}/product/precious-gemstones/emerald`);
    expect(await page.title()).toContain(profile.name);
    expect(await cardIds(page)).toEqual(data.map((i) => i.id));
    const prices = await page.getByTestId('item-price').allTextContents();
    expect(prices).toHaveLength(data.length);
    prices.forEach((text, i) => {
      expect(text).toMatch(/^\$\d/);
      expect(text).toMatch(/\.\d{2}$/);
      expect(amountOf(text)).toBeCloseTo(Math.round(data[i]!.amounts.mrpAmount * rate * 100) / 100, 2);
    });

    // The stone's page and its structured data use dollars too.
    const first = data[0]!;
    await page.goto(`${origin('atelier.localhost')}/item/${first.url[0]!.url}`);
    expect(amountOf((await page.getByTestId('stone-price').textContent())!)).toBeCloseTo(first.amounts.mrpAmount * rate, 2);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const ld = blocks.map((b) => JSON.parse(b) as { '@type': string; offers: { priceCurrency: string; price: string } }).find((d) => d['@type'] === 'Product')!;
    expect(ld.offers.priceCurrency).toBe('USD');
    expect(Number(ld.offers.price)).toBeCloseTo(first.amounts.mrpAmount * rate, 2);
    await t.close();
  });
});
