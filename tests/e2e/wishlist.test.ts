import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingResponse } from '@gemstore/contracts';
import { answerFirstReadAfterWrite, api, explained, hydrated, launchBrowser, openPage, origin, signInWithPassword } from './browser.ts';

/*
 * The wishlist on the dollar store of the demo server: a signed-out heart is
 * kept through sign-in and the stone added after it; the hearts of the
 * stone's page and of a listing's cards put stones on it and take them off; the dashboard leads there.
 */

const HOST = 'atelier.localhost';
let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('wishlist', () => {
  it('keeps a signed-out heart through sign-in, then lists, adds and takes off stones', async () => {
    const listing = await api<ListingResponse>('product-items?page=1', { host: HOST, body: { filter: { product: 'emerald' } } });
    const [stone, other] = listing.data;
    const t = await openPage(browser);
    const { page } = t;
    const base = origin(HOST);

    // Signed out: the heart on the stone's page goes to Login, remembering to add the stone.
    await page.goto(`${base}/item/${stone!.url[0]!.url}`);
    await hydrated(page);
    const heart = page.getByTestId('item-summary-heart').getByTestId('wishlist-heart');
    await heart.click();
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 60_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/wishlist?add=${stone!.id}`);

    // After sign-in (and its one reload) the wishlist adds the stone once and shows it, even when
    // the list it read as it opened answers after the add.
    await answerFirstReadAfterWrite(page, '/api/wishlist', '/api/wishlist-save');
    await signInWithPassword(page, (u) => u.pathname === '/wishlist' && !u.searchParams.has('add'));
    const card = page.locator(`[data-testid="wishlist-items"] [data-testid="item-card"][data-item-id="${stone!.id}"]`);
    await explained(t, card.waitFor({ timeout: 90_000 }));
    await expect.poll(() => page.getByTestId('wishlist-message').textContent(), { timeout: 30_000 }).toBe('The stone is on your wishlist.');
    expect(await card.getByTestId('wishlist-heart').getAttribute('aria-pressed')).toBe('true');

    // The stone's page knows it; a listing card's heart adds another.
    await page.goto(`${base}/item/${stone!.url[0]!.url}`);
    await hydrated(page);
    await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');
    expect(await heart.textContent()).toContain('On your wishlist');
    await page.goto(`${base}/product/${other!.product.category_url}/${other!.product.url}`);
    await hydrated(page);
    const otherHeart = page.locator(`[data-testid="item-card"][data-item-id="${other!.id}"] [data-testid="wishlist-heart"]`);
    await expect.poll(() => otherHeart.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('false');
    await otherHeart.click();
    await expect.poll(() => otherHeart.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');

    // The dashboard's tile leads to the list, newest first; a heart there takes a stone off.
    await page.goto(`${base}/dashboard`);
    await hydrated(page);
    await page.getByTestId('tile-wishlist').click();
    await page.waitForURL((u) => u.pathname === '/wishlist');
    const ids = page.locator('[data-testid="wishlist-items"] [data-testid="item-card"]');
    await expect.poll(() => ids.evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-item-id')))), { timeout: 30_000 })
      .toEqual([other!.id, stone!.id]);
    await page.locator(`[data-testid="wishlist-items"] [data-item-id="${other!.id}"] [data-testid="wishlist-heart"]`).click();
    await expect.poll(() => ids.count(), { timeout: 30_000 }).toBe(1);
    await card.getByTestId('wishlist-heart').click();
    await page.getByTestId('wishlist-empty').waitFor({ timeout: 30_000 });
    await t.close();
    // Eight page loads, a sign-in and its reload: each step has a wait of its own, so on a busy machine
    // the one that stalls names itself instead of the whole journey running out at 60 s.
  }, 240_000);
});
