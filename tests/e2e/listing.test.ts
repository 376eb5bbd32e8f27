import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDetailResponse, ListingResponse, ProductAttributesResponse } from '@gemstore/contracts';
import { api, cardIds, hydrated, launchBrowser, openPage, origin } from './browser.ts';

const LISTING = '/product/precious-gemstones/blue-sapphire';

let browser: Browser;
let attributes: ProductAttributesResponse;
beforeAll(async () => {
  browser = await launchBrowser();
  attributes = await api<ProductAttributesResponse>('product-attributes/blue-sapphire');
});
afterAll(async () => { await browser?.close(); });

function listing(body: Record<string, unknown>, page = 1): Promise<ListingResponse> {
  return api<ListingResponse>(`product-items?page=${page}`, { body: { filter: { product: 'blue-sapphire' }, ...body, ...(body.filter ? { filter: { product: 'blue-sapphire', ...(body.filter as object) } } : {}) } });
}

describe('category to listing', () => {
  it('goes from a home page category to its product listing', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}/home`);
    await hydrated(page);
    await page.getByTestId('category-card').filter({ hasText: 'Precious Gemstones' }).getByRole('link', { name: 'Blue Sapphire' }).click();
    await page.waitForURL(`**${LISTING}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Blue Sapphire');
    expect(await page.getByTestId('item-card').count()).toBe(20);
    expect(await page.title()).toContain('Blue Sapphire');
    await t.close();
  });
});

describe('listing', () => {
  it('renders page 1 on the server with cards: image, name, price, the ratti and its bucket, link to the stone', async () => {
    const t = await openPage(browser, { javaScript: false });
    const { page } = t;
    const res = await page.goto(`${origin()}${LISTING}`);
    expect(res?.status()).toBe(200);
    const first = (await listing({})).data[0]!;
    expect(await cardIds(page)).toEqual((await listing({})).data.map((i) => i.id));
    const card = page.getByTestId('item-card').first();
    expect(await card.locator('img').getAttribute('src')).toBe(first.image);
    expect(await card.getByTestId('item-title').textContent()).toBe(first.name);
    // The stone's own ratti, the figure its name carries, and the bucket the ratti filter files it under.
    const figure = first.name.match(/(\d+\.\d\d) Ratti$/)![1]!;
    expect(await card.getByTestId('item-ratti').textContent()).toBe(`${Number(figure)} ratti (${first.ratti.rati_standard}+ range)`);
    expect(first.url[0]!.url).toContain(`-${figure.replace('.', '-')}-ratti-`);
    expect(await card.locator('a').getAttribute('href')).toBe(`/item/${first.url[0]!.url}`);
    expect(await page.getByText('GST and delivery charges included.').count()).toBeGreaterThan(0);
    await t.close();
  });

  it('applies a filter: the URL carries it, every result matches, and the shared link restores it on the server', async () => {
    const color = attributes.colors.find((o) => o.product_stocks_count > 0)!;
    const origins = attributes.origin.filter((o) => o.product_stocks_count > 0).slice(0, 2);
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}${LISTING}`);
    await hydrated(page);
    await page.getByTestId('filter-filterColors').getByLabel(color.name).check();
    for (const o of origins) await page.getByTestId('filter-filterOrigins').getByLabel(o.name).check();
    await page.getByTestId('apply-filter').click();

    await page.waitForURL(/filterColors=/);
    const url = new URL(page.url());
    expect(url.searchParams.get('filterColors')).toBe(String(color.id));
    expect(url.searchParams.get('filterOrigins')).toBe(origins.map((o) => o.id).join(','));

    const expected = await listing({ filter: { colors: [color.id], origins: origins.map((o) => o.id) } });
    expect(expected.data.length).toBeGreaterThan(0);
    await expect.poll(() => cardIds(page)).toEqual(expected.data.map((i) => i.id));
    // Every stone shown has the chosen colour and one of the chosen origins, by its own record.
    for (const id of await cardIds(page)) {
      const { item } = await api<ItemDetailResponse>(`item-details/${id}`);
      expect(item.color.id).toBe(color.id);
      expect(origins.map((o) => o.id)).toContain(item.origin.id);
    }
    await t.close();

    // The same link, opened fresh without JavaScript, is filtered by the server.
    const shared = await openPage(browser, { javaScript: false });
    await shared.page.goto(url.toString());
    expect(await cardIds(shared.page)).toEqual(expected.data.map((i) => i.id));
    expect(await shared.page.getByTestId('filter-filterColors').getByLabel(color.name).isChecked()).toBe(true);
    await shared.close();
  });

  it('filters by weight in carats in weight mode, whose inputs are enabled only there', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}${LISTING}`);
    await hydrated(page);
    expect(await page.getByTestId('carat-min').isDisabled()).toBe(true);
    expect(await page.getByTestId('ratti-min').isEnabled()).toBe(true);
    await page.getByText('Carats', { exact: true }).click();
    expect(await page.getByTestId('carat-min').isEnabled()).toBe(true);
    expect(await page.getByTestId('ratti-min').isDisabled()).toBe(true);
    await page.getByTestId('carat-min').fill('3');
    await page.getByTestId('carat-max').fill('6');
    await page.getByTestId('apply-filter').click();
    await page.waitForURL(/selectedCaratStatus=1/);
    const url = new URL(page.url());
    expect(url.searchParams.get('selectedCaratMin')).toBe('3');
    expect(url.searchParams.get('selectedCaratMax')).toBe('6');
    const expected = await listing({ selectedCarat: { status: 1, min: 3, max: 6 } });
    expect(expected.data.length).toBeGreaterThan(0);
    await expect.poll(() => cardIds(page)).toEqual(expected.data.map((i) => i.id));
    for (const item of expected.data) {
      expect(item.weight).toBeGreaterThanOrEqual(600);
      expect(item.weight).toBeLessThanOrEqual(1200);
    }
    await t.close();
  });

  it('sorts by price from the sort select', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}${LISTING}`);
    await hydrated(page);
    await page.getByTestId('sort-select').selectOption('price_asc');
    await page.waitForURL(/sort=price_asc/);
    const expected = await listing({ sort: 'price_asc' });
    await expect.poll(() => cardIds(page)).toEqual(expected.data.map((i) => i.id));
    const prices = expected.data.map((i) => i.amounts.mrpAmount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await t.close();
  });

  it("says 'No Products Found.' when nothing matches", async () => {
    expect((await listing({ selectedRatti: { range: [104, 105] } })).data).toEqual([]);
    const t = await openPage(browser);
    await t.page.goto(`${origin()}${LISTING}?filterSelectedRattiRange=104,105`);
    expect(await t.page.getByTestId('no-products').textContent()).toBe('No Products Found.');
    expect(await t.page.getByTestId('item-card').count()).toBe(0);
    await t.close();
  });

  it('loads page 2 when the visitor scrolls down', async () => {
    const [p1, p2] = await Promise.all([listing({}, 1), listing({}, 2)]);
    expect(p1.data).toHaveLength(20);
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}${LISTING}`);
    await hydrated(page);
    expect(await page.getByTestId('item-card').count()).toBe(20);
    const page2 = page.waitForResponse((r) => r.url().includes('/api/product-items?page=2') && r.request().method() === 'POST');
    await page.mouse.wheel(0, 20000);
    expect((await page2).status()).toBe(200);
    await expect.poll(async () => (await cardIds(page)).length).toBeGreaterThan(20);
    const ids = await cardIds(page);
    expect(ids.slice(0, 40)).toEqual([...p1.data, ...p2.data].map((i) => i.id));
    expect(new Set(ids).size).toBe(ids.length);
    await t.close();
  });

  it('answers 404 for an unknown product or a product under the wrong category', async () => {
    const t = await openPage(browser, { javaScript: false });
    expect((await t.page.goto(`${origin()}/product/precious-gemstones/no-such-stone`))?.status()).toBe(404);
    expect((await t.page.goto(`${origin()}/product/navratna-gemstones/blue-sapphire`))?.status()).toBe(404);
    expect(await t.page.getByTestId('go-home').getAttribute('href')).toBe('/home');
    await t.close({ allow: [/status of 404/] });
  });
});
