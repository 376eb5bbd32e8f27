import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductsResponse } from '@gemstore/contracts';
import { api, hydrated, launchBrowser, openPage, origin, publicPages, signInWithPassword } from './browser.ts';

/*
 * What a page costs a phone before it paints (docs/decisions/0036). Each page arrives with its
 * stylesheets inside it: the browser paints it without waiting for another request. A client-side
 * navigation adds the next page's stylesheets (as links) before it shows that page, and stylesheets
 * once added stay, so no two give one class two looks. The data the page sends for hydration holds
 * what the page shows.
 */

let browser: Browser;
let paths: Record<string, string>;

beforeAll(async () => {
  browser = await launchBrowser();
  paths = { ...(await publicPages()).paths, cart: '/cart' };
});
afterAll(async () => { await browser?.close(); });

describe('stylesheets', () => {
  it('are inside every server-rendered page, under the page nonce, and none is linked', async () => {
    for (const [label, path] of Object.entries(paths)) {
      const res = await fetch(`${origin()}${path}`);
      expect(res.status, label).toBe(200);
      const html = await res.text();
      const styleSrc = /style-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? [];
      const nonce = styleSrc.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce, label).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(styleSrc, label).not.toContain("'unsafe-inline'");
      expect(html.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? [], label).toEqual([]);
      const styles = [...html.matchAll(/<style([^>]*)>([^<]*)<\/style>/g)];
      expect(styles.length, label).toBeGreaterThan(0);
      for (const [, attributes, css] of styles) {
        expect(attributes, label).toContain(`nonce="${nonce}"`);
        expect(attributes, label).toMatch(/data-href="\/assets\/base-[^"]*\.css /);
        // The rules themselves: the header's, from layout.css.
        expect(css, label).toContain('.site-header');
      }
    }
  });

  it('of the next page apply after a client-side navigation, with no error', async () => {
    const t = await openPage(browser, { phone: true });
    const { page } = t;
    await page.goto(`${origin()}/home`);
    await hydrated(page);
    await page.locator(`footer a[href="${paths.listing}"]`).click();
    await page.waitForURL((u) => u.pathname === paths.listing);
    // catalog.css lays the stones out in a grid; without it the list would be a plain column.
    await expect.poll(() => page.getByTestId('item-grid').evaluate((e) => getComputedStyle(e).display)).toBe('grid');
    expect(await page.locator('link[rel="stylesheet"][href*="/assets/catalog-"]').count()).toBe(1);
    await t.close();
  });

  it('of account and checkout pages stay apart: a narrow account page keeps its width after the cart', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}/login`);
    await signInWithPassword(page, (u) => u.pathname === '/dashboard');
    await hydrated(page);
    const width = () => page.locator('.account-page--narrow').evaluate((e) => getComputedStyle(e).maxWidth);
    await page.getByTestId('tile-security').click();
    await page.waitForURL((u) => u.pathname === '/edit-profile');
    const before = await width();
    expect(before).toBe('736px');
    await page.getByTestId('cart-link').click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await expect.poll(() => page.locator('link[rel="stylesheet"][href*="/assets/checkout-"]').count()).toBe(1);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/edit-profile');
    expect(await width()).toBe(before);
    await t.close();
  });
});

describe('the layout data every page sends', () => {
  it('holds the gems as menu links, without the descriptions only a listing shows', async () => {
    const { products } = await api<ProductsResponse>('products');
    expect(products.length).toBeGreaterThan(0);
    for (const path of [paths.home!, paths.item!]) {
      const html = await (await fetch(`${origin()}${path}`)).text();
      for (const p of products) {
        expect(html, `${path}: ${p.name}`).toContain(`href="/product/${p.product_category.url.content}/${p.url.content}"`);
        expect(html.includes(p.description.slice(0, 60)), `${path}: description of ${p.name}`).toBe(false);
      }
    }
  });
});
