import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, ItemDetail, ItemDetailResponse, ListingResponse, StoreProfileResponse } from '@gemstore/contracts';
import { formatPrice } from '@gemstore/contracts/format';
import { api, hydrated, launchBrowser, openPage, origin, signInWithPassword } from './browser.ts';

let browser: Browser;
let item: Item;
let profile: StoreProfileResponse['profile'];
beforeAll(async () => {
  browser = await launchBrowser();
  ({ profile } = await api<StoreProfileResponse>('store-profile'));
  item = (await api<ListingResponse>('product-items?page=1', { body: { filter: { product: 'ruby' } } })).data[0]!;
});
afterAll(async () => { await browser?.close(); });

/** The first sold stone of the INR store (sold stones never appear in listings). */
async function findSoldItem(): Promise<ItemDetail> {
  for (let id = 1; id <= 600; id++) {
    const res = await fetch(`${origin()}/api/item-details/${id}`, { headers: { domain: 'localhost' } });
    if (!res.ok) continue;
    const { item: found } = (await res.json()) as ItemDetailResponse;
    if (found.status === 'sold') return found;
  }
  throw new Error('the demo store has no sold stone');
}

function jsonLd(page: import('playwright-core').Page) {
  return page.locator('script[type="application/ld+json"]').first().textContent().then((t) => JSON.parse(t ?? 'null') as Record<string, unknown> & { offers: Record<string, unknown> });
}

describe('item page', () => {
  it('shows the stone: name, price, SKU, weight, certificate, ratti definition and buy buttons', async () => {
    const t = await openPage(browser);
    const { page } = t;
    const res = await page.goto(`${origin()}/item/${item.url[0]!.url}`);
    expect(res?.status()).toBe(200);
    const { item: detail } = await api<ItemDetailResponse>(`item-details/${item.id}`);
    expect(await page.getByTestId('item-name').textContent()).toBe(detail.name);
    expect(await page.getByTestId('stone-price').textContent()).toBe(formatPrice(detail.amounts.mrpAmount, profile.currency));
    expect(await page.getByTestId('item-sku').textContent()).toBe(detail.sku);
    // The SKU as the seller typed it, nothing added.
    expect(detail.sku).toBe(detail.gin);
    expect(await page.getByTestId('item-weight').textContent()).toContain(`${detail.weight.toLocaleString('en-US')} mg`);
    expect(await page.getByTestId('item-weight').textContent()).toContain(`${detail.carat} ct`);
    expect(await page.getByTestId('price-per-carat').textContent()).toBe(formatPrice(detail.amounts.mrpAmount / detail.carat, profile.currency));
    expect(await page.getByTestId('certificate-lab').textContent()).toBe(detail.certificate.lab);
    expect(await page.getByTestId('certificate-number').textContent()).toBe(detail.certificate.number);
    expect(await page.getByTestId('certificate').locator('img').getAttribute('src')).toBe(detail.certificate_image);
    expect(await page.getByTestId('ratti-definition').textContent()).toBe(`1 ratti = ${profile.ratti_mg} mg at this store`);
    expect(await page.getByText('GST and delivery charges included.').first().isVisible()).toBe(true);
    expect(await page.getByTestId('add-to-cart').isEnabled()).toBe(true);
    expect(await page.getByTestId('buy-now').isEnabled()).toBe(true);

    // Tabs: Description first, then Additional Information with the attribute table.
    await hydrated(page);
    expect(await page.getByTestId('item-description').isVisible()).toBe(true);
    expect(await page.getByTestId('attribute-table').isVisible()).toBe(false);
    await page.getByRole('tab', { name: 'Additional Information' }).click();
    expect(await page.getByTestId('attribute-table').isVisible()).toBe(true);
    const table = await page.getByTestId('attribute-table').textContent();
    for (const text of [`${detail.weight.toLocaleString('en-US')} mg`, `(${detail.ratti.rati_standard}+ range)`, detail.color.color, detail.clarity.clarity, detail.origin.origin, detail.shape.shape, `${detail.width} mm`, `${detail.length} mm`, `${detail.depth} mm`]) {
      expect(table).toContain(text);
    }

    // Search engines: title, Open Graph and schema.org Product.
    expect(await page.title()).toContain(detail.name);
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('product');
    const ld = await jsonLd(page);
    expect(ld).toMatchObject({ '@type': 'Product', name: detail.name, sku: detail.sku });
    expect(ld.offers).toMatchObject({ price: detail.amounts.mrpAmount.toFixed(2), priceCurrency: 'INR', availability: 'https://schema.org/InStock' });
    await t.close();
  });

  it("links the certificate to the lab's report check in a new tab, and shows no link without one", async () => {
    const rubies = (await api<ListingResponse>('product-items?page=1', { body: { filter: { product: 'ruby' } } })).data;
    const withCheck = rubies.find((i) => i.certificate_verification_url !== null);
    const without = rubies.find((i) => i.certificate_verification_url === null);
    if (!withCheck || !without) throw new Error('the first ruby page needs stones with and without a report-check link');
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}/item/${withCheck.url[0]!.url}`);
    await hydrated(page);
    const verify = page.getByTestId('certificate').getByRole('link', { name: /^Verify/ });
    expect(await verify.getAttribute('href')).toBe(withCheck.certificate_verification_url);
    expect(await verify.getAttribute('target')).toBe('_blank');
    expect(await verify.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await verify.textContent()).toBe(`Verify report ${withCheck.certificate.number} on the ${withCheck.certificate.lab} website (opens in a new tab)`);
    expect(await verify.isVisible()).toBe(true);

    await page.goto(`${origin()}/item/${without.url[0]!.url}`);
    await hydrated(page);
    await page.getByTestId('certificate-number').waitFor();
    expect(await page.getByTestId('certificate-verify').count()).toBe(0);
    await t.close();
  });

  it('marks a sold stone Sold, without buy buttons', async () => {
    const sold = await findSoldItem();
    const t = await openPage(browser);
    const { page } = t;
    expect((await page.goto(`${origin()}/item/${sold.url[0]!.url}`))?.status()).toBe(200);
    expect(await page.getByTestId('sold').isVisible()).toBe(true);
    expect(await page.getByTestId('add-to-cart').count()).toBe(0);
    expect(await page.getByTestId('buy-now').count()).toBe(0);
    expect((await jsonLd(page)).offers.availability).toBe('https://schema.org/SoldOut');
    await t.close();
  });

  it('offers similar stones of the same gem, and the stones this browser viewed before', async () => {
    const { data } = await api<ListingResponse>('product-items?page=1', { body: { filter: { product: 'ruby' } } });
    const [first, second] = [data[1]!, data[2]!];
    const t = await openPage(browser, { phone: true });
    const { page } = t;
    await page.goto(`${origin()}/item/${first.url[0]!.url}`);
    await hydrated(page);
    const related = page.getByTestId('related-stones');
    await related.getByTestId('item-card').first().waitFor();
    const { items } = await api<{ items: Item[] }>(`item-related/${first.id}`, { method: 'GET' });
    expect(items.length).toBe(8);
    expect(items.every((i) => i.product.url === 'ruby' && i.id !== first.id && i.status === 'available')).toBe(true);
    expect(await related.getByTestId('item-title').allTextContents()).toEqual(items.map((i) => i.name));
    // Nothing was viewed before the first stone.
    expect(await page.getByTestId('recently-viewed').count()).toBe(0);

    // The second stone's page lists the first as recently viewed, and a click on it goes back there.
    await page.goto(`${origin()}/item/${second.url[0]!.url}`);
    await hydrated(page);
    const viewed = page.getByTestId('recently-viewed');
    await viewed.getByTestId('item-card').first().waitFor();
    expect(await viewed.getByTestId('item-title').allTextContents()).toEqual([first.name]);
    await viewed.getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname === `/item/${first.url[0]!.url}`);
    await expect.poll(() => page.getByTestId('recently-viewed').getByTestId('item-title').allTextContents(), { timeout: 10_000 }).toEqual([second.name]);
    await t.close();
  });

  it('keeps the stones viewed before on the shelf after a checkout of one of them, and the checkout its stone', async () => {
    // The shelf and the checkout read the same stones (items-by-ids): each must take what the other cached.
    const { data } = await api<ListingResponse>('product-items?page=1', { body: { filter: { product: 'ruby' } } });
    const [first, second] = [data[3]!, data[4]!];
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}/login`);
    await hydrated(page);
    // The sign-in's one reload of the page it lands on is the next load: leave only after it.
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await signInWithPassword(page, (url) => url.pathname === '/dashboard');
    await reloaded;
    await page.goto(`${origin()}/item/${first.url[0]!.url}`);
    await hydrated(page);
    await page.goto(`${origin()}/item/${second.url[0]!.url}`);
    await hydrated(page);
    const shelf = () => page.getByTestId('recently-viewed').getByTestId('item-title').allTextContents();
    await expect.poll(shelf, { timeout: 30_000 }).toEqual([first.name]);

    // Back on the first stone (client-side), Buy Now: the checkout shows it and can place the order.
    await page.getByTestId('recently-viewed').getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname === `/item/${first.url[0]!.url}`);
    await expect.poll(shelf, { timeout: 30_000 }).toEqual([second.name]);
    await page.getByTestId('buy-now').click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await page.locator('#checkout-items-title').waitFor();
    expect(await page.getByText('None of these stones can be bought any more.').count()).toBe(0);
    await expect.poll(() => page.locator('main').innerText(), { timeout: 30_000 }).toContain(first.name);

    // Back to the second stone's page: its shelf still lists the first.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === `/item/${first.url[0]!.url}`);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === `/item/${second.url[0]!.url}`);
    await expect.poll(shelf, { timeout: 30_000 }).toEqual([first.name]);
    await t.close();
  });

  it('answers 404 with Go to Home for an unknown stone', async () => {
    const t = await openPage(browser);
    expect((await t.page.goto(`${origin()}/item/no-such-stone-xx1`))?.status()).toBe(404);
    expect(await t.page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    await t.close({ allow: [/status of 404 .*\/item\/no-such-stone-xx1/] });
  });
});
