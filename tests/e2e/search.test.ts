import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoneCountsResponse, SuggestionsResponse } from '@gemstore/contracts';
import { api, cardIds, hydrated, launchBrowser, openPage, origin } from './browser.ts';

const LISTING = '/product/precious-gemstones/blue-sapphire';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('search as you type', () => {
  for (const phone of [false, true]) {
    it(`suggests gems and stones for a misspelt alias, moves with the arrow keys and opens the chosen one (${phone ? 'phone' : 'desktop'})`, async () => {
      const expected = await api<SuggestionsResponse>('search-suggestions?q=nelam');
      expect(expected.products.map((p) => p.name)).toEqual(['Blue Sapphire']);
      const t = await openPage(browser, { phone });
      const { page } = t;
      await page.goto(`${origin()}/home`);
      await hydrated(page);
      const box = page.getByRole('combobox', { name: 'Search stones and pages' });
      await box.pressSequentially('nelam');
      const options = page.getByTestId('search-option');
      await expect.poll(() => options.count()).toBe(expected.products.length + expected.items.length + expected.pages.length);
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      expect(await options.first().textContent()).toContain('Blue Sapphire');

      await box.press('ArrowDown');
      await box.press('ArrowDown');
      const second = options.nth(1);
      expect(await second.getAttribute('aria-selected')).toBe('true');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await second.getAttribute('id'));
      await box.press('Enter');
      await page.waitForURL(`**/item/${expected.items[0]!.url[0]!.url}`);

      // Escape closes the list; Enter without a choice opens the results page.
      await box.fill('');
      await box.pressSequentially('pukhraj');
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
      await box.press('Escape');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      await box.press('Enter');
      await page.waitForURL('**/search?q=pukhraj');
      // The results' own grid: the stone page just left had cards of its own (similar stones).
      const results = page.getByTestId('item-grid').getByTestId('item-title');
      await expect.poll(() => results.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      for (const title of await results.allTextContents()) expect(title).toContain('Yellow Sapphire');
      await t.close();
    });
  }

  it('serves the results page without JavaScript, with its count', async () => {
    const counts = await api<StoneCountsResponse>('stone-counts', { body: { q: 'ruby' } });
    const t = await openPage(browser, { javaScript: false });
    await t.page.goto(`${origin()}/search?q=manik`);
    expect(await t.page.getByTestId('stones-count').textContent()).toContain(`${counts.product_stocks_count} stones available`);
    await t.close();
  });
});

describe('filter chips and counts', () => {
  it('shows each active filter as a chip, counts that follow it, and removes it with its chip', async () => {
    const plain = await api<StoneCountsResponse>('stone-counts', { body: { filter: { product: 'blue-sapphire' } } });
    const color = plain.colors.find((o) => o.product_stocks_count > 0)!;
    const t = await openPage(browser, { phone: true });
    const { page } = t;
    await page.goto(`${origin()}${LISTING}`);
    await hydrated(page);
    // On a phone the first stones are on the first screen.
    expect(await page.getByTestId('item-card').first().isVisible()).toBe(true);
    const box = await page.getByTestId('item-card').first().boundingBox();
    expect(box!.y).toBeLessThan(page.viewportSize()!.height);

    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('filter-filterColors').getByLabel(color.name).check();
    await page.getByTestId('price-min').fill('1000');
    expect(await page.getByTestId('apply-filter').isVisible()).toBe(true);
    await page.getByTestId('apply-filter').click();
    await page.waitForURL(/filterColors=.*priceMin=1000/);

    const filtered = await api<StoneCountsResponse>('stone-counts', { body: { filter: { product: 'blue-sapphire', colors: [color.id] }, selectedPrice: { min: 1000 } } });
    await expect.poll(() => page.getByTestId('stones-count').textContent()).toContain(`${filtered.product_stocks_count} stones`);
    const chips = await page.getByTestId('filter-chip').allTextContents();
    expect(chips).toHaveLength(2);
    expect(chips[0]).toContain(color.name);
    expect(chips[1]).toContain('From');

    await page.getByTestId('filter-chip').filter({ hasText: color.name }).click();
    await page.waitForURL((url) => !url.search.includes('filterColors'));
    const priced = await api<StoneCountsResponse>('stone-counts', { body: { filter: { product: 'blue-sapphire' }, selectedPrice: { min: 1000 } } });
    await expect.poll(() => page.getByTestId('stones-count').textContent()).toContain(`${priced.product_stocks_count} stones`);
    expect(await page.getByTestId('filter-chip').count()).toBe(1);
    expect((await cardIds(page)).length).toBeGreaterThan(0);
    await t.close();
  });
});
