import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, ItemDetailResponse, ListingResponse, StoreProfileResponse } from '@gemstore/contracts';
import { formatPrice } from '@gemstore/contracts/format';
import { api, explained, hydrated, launchBrowser, openPage, origin, signInWithPassword } from './browser.ts';
import { newCustomer } from './shoppers.ts';

/*
 * A guest's cart, on a phone and on a desktop: a visitor adds stones without an account (kept in the
 * browser, counted in the header), sees a stone that sold meanwhile marked Sold and left out of the
 * total, proceeds to checkout, signs in there and comes back to the checkout; the stones joined the
 * account's cart in one call, the one it already held once, the sold one still marked and removable.
 */

/** How long a step may take on a busy machine (a condition waited for, never a pause). */
const STEP_MS = 60_000;
const PASSWORD = 'guest-cart-1234';
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** A stone of the demo shop that a demo order sold. */
async function findSoldItem(): Promise<Item> {
  for (let id = 1; id <= 600; id++) {
    const res = await fetch(`${origin()}/api/item-details/${id}`, { headers: { domain: 'localhost' } });
    if (!res.ok) continue;
    const { item } = (await res.json()) as ItemDetailResponse;
    if (item.status === 'sold') return item;
  }
  throw new Error('the demo store has no sold stone');
}

const rowOf = (page: Page, itemId: number) => page.locator(`[data-testid="cart-row"][data-item-id="${itemId}"]`);
const rowIds = (page: Page) => page.getByTestId('cart-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-item-id'))));

describe.each([['phone', true], ['desktop', false]] as const)('a guest\'s cart on the %s', (viewport, phone) => {
  it('keeps stones in the browser, shows a sold one as Sold, and joins the account at sign-in on the way to checkout', async () => {
    const { profile } = await api<StoreProfileResponse>('store-profile');
    // The last two stones for sale on the first page of a gem's listing: other tests buy from its top.
    const listing = await api<ListingResponse>('product-items?page=1', { body: { filter: { product: phone ? 'emerald' : 'blue-sapphire' } } });
    const [a, b] = listing.data.filter((s) => s.status === 'available').slice(-2) as [Item, Item];
    const sold = await findSoldItem();
    const price = (rupees: number) => formatPrice(rupees, profile.currency);
    const paise = (...stones: Item[]) => stones.reduce((sum, s) => sum + Math.round(s.amounts.mrpAmount * 100), 0) / 100;

    // A customer whose account's cart already holds stone b.
    const stamp = `${Date.now()}`.slice(-7);
    const person = { name: `Guest Cart ${viewport}`, email: `guest-cart-${viewport}-${stamp}@example.com`, phone: `9${phone ? 1 : 2}${stamp}0`, password: PASSWORD };
    const { api: asCustomer } = await newCustomer(person);
    await asCustomer.cartSave({ body: { itemId: b.id } });

    const t = await openPage(browser, { phone });
    const { page } = t;
    page.setDefaultTimeout(STEP_MS);
    const merges: string[] = [];
    page.on('request', (r) => { if (r.url().endsWith('/api/cart-merge')) merges.push(r.postData() ?? ''); });

    // Signed out, Add To Cart keeps the stone in this browser and shows the cart.
    for (const stone of [a, b]) {
      await page.goto(`${origin()}/item/${stone.url[0]!.url}`);
      await hydrated(page);
      await page.getByTestId('add-to-cart').click();
      await page.waitForURL((u) => u.pathname === '/cart');
      await explained(t, rowOf(page, stone.id).waitFor());
    }
    expect(await rowIds(page)).toEqual([b.id, a.id]);
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('2');
    expect(await page.getByTestId('cart-total').textContent()).toBe(price(paise(a, b)));
    expect(await page.getByTestId('cart-guest-note').isVisible()).toBe(true);

    // The stone's page knows it is in the cart.
    await page.goto(`${origin()}/item/${a.url[0]!.url}`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('add-to-cart').textContent()).toBe('Added');

    // A stone kept from before has sold since: after a reload it shows greyed, marked Sold, outside the total.
    await page.evaluate((id) => {
      const ids = JSON.parse(localStorage.getItem('gemstore.cart') ?? '[]') as number[];
      localStorage.setItem('gemstore.cart', JSON.stringify([id, ...ids]));
    }, sold.id);
    await page.goto(`${origin()}/cart`);
    await hydrated(page);
    await explained(t, rowOf(page, sold.id).waitFor());
    expect(await rowIds(page)).toEqual([sold.id, b.id, a.id]);
    const soldRow = rowOf(page, sold.id);
    expect(await soldRow.getAttribute('class')).toContain('is-unavailable');
    expect(await soldRow.getByTestId('cart-unavailable').textContent()).toBe('Sold');
    expect(await soldRow.getByTestId('cart-remove').isEnabled()).toBe(true);
    expect(await page.getByTestId('cart-total').textContent()).toBe(price(paise(a, b)));
    expect(await page.getByTestId('cart-count-label').textContent()).toBe('(2 items)');
    expect(await page.getByTestId('cart-unavailable-note').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('3');

    // Checkout asks for sign-in, then comes back to the checkout with the stones still for sale.
    await page.getByTestId('proceed-to-checkout').click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signInWithPassword(page, (u) => u.pathname === '/checkout', person);
    expect(JSON.parse(new URL(page.url()).searchParams.get('itemIds')!)).toEqual([b.id, a.id]);
    await hydrated(page);
    await explained(t, page.locator(`[data-testid="checkout-item"][data-item-id="${a.id}"]`).waitFor());

    // The browser's cart joined the account's in one call: b once, the sold stone kept to be seen.
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('3');
    expect(merges).toHaveLength(1);
    expect(JSON.parse(merges[0]!)).toEqual({ itemIds: [sold.id, b.id, a.id] });
    expect(await page.evaluate(() => localStorage.getItem('gemstore.cart'))).toBeNull();

    await page.getByTestId('cart-link').click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await explained(t, rowOf(page, sold.id).waitFor());
    expect(await rowIds(page)).toEqual([sold.id, a.id, b.id]);
    expect(await rowOf(page, sold.id).getByTestId('cart-unavailable').textContent()).toBe('Sold');
    expect(await page.getByTestId('cart-total').textContent()).toBe(price(paise(a, b)));
    expect(await page.getByTestId('cart-guest-note').count()).toBe(0);

    // The sold stone leaves when removed; the total stays.
    await rowOf(page, sold.id).getByTestId('cart-remove').click();
    await rowOf(page, sold.id).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('2');
    expect(await page.getByTestId('cart-total').textContent()).toBe(price(paise(a, b)));
    expect(await page.getByTestId('cart-unavailable-note').count()).toBe(0);
    expect(merges).toHaveLength(1);
    await t.close();
  });
});
