import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingResponse, PostResponse, StoreProfileResponse } from '@gemstore/contracts';
import { api, hydrated, launchBrowser, openPage, origin } from './browser.ts';
import { ROOT } from './server.ts';

/*
 * axe (axe-core) on every page type of the demo store, on a phone and a desktop, signed out and
 * signed in: no serious or critical issue. `npm run audit:pages` checks the same pages on
 * the production build, with Lighthouse beside it.
 */

const DEMO = { email: 'demo@gemstore.test', password: 'demo1234' };
const axeSource = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
let browser: Browser;
let pages: { signedOut: Record<string, string>; signedIn: Record<string, string> };
let session: { token: string; user: unknown };

beforeAll(async () => {
  browser = await launchBrowser();
  const listing = await api<ListingResponse>('product-items?page=1', { body: { filter: { product: 'blue-sapphire' } } });
  const stone = listing.data[0]!;
  // A seeded post: other browser files publish posts of their own (one on purpose with a bare <img>).
  const post = (await api<PostResponse>('post/ratti-vs-carat')).post;
  const { nonCategorizedPages } = await api<StoreProfileResponse>('store-profile');
  pages = {
    signedOut: {
      home: '/home', listing: `/product/${stone.product.category_url}/${stone.product.url}`, item: `/item/${stone.url[0]!.url}`,
      search: '/search?q=ruby', blog: '/blog', post: `/blog/${post.categories[0]?.slug ?? 'all'}/${post.url}`,
      page: `/${nonCategorizedPages[0]!.url}`, 'not found': '/no-such-page', login: '/login', register: '/register', 'forgot password': '/forgot-password',
    },
    signedIn: {
      dashboard: '/dashboard', cart: '/cart', checkout: `/checkout?itemIds=${encodeURIComponent(JSON.stringify([stone.id]))}`, wishlist: '/wishlist',
      orders: '/order/all', addresses: '/address/all', 'new address': '/address/create', 'login & security': '/edit-profile',
    },
  };
  const { userId } = await api<{ userId: number }>('login', { body: { phone: DEMO.email } });
  session = await api('login-password-submit', { body: { userId, password: DEMO.password, phone: DEMO.email } });
});
afterAll(async () => { await browser?.close(); });

describe.each([['phone', true], ['desktop', false]] as const)('axe on the %s', (_, phone) => {
  it.each(['signedOut', 'signedIn'] as const)('finds no serious or critical issue on any page, %s', async (who) => {
    const t = await openPage(browser, { phone });
    if (who === 'signedIn') {
      await t.page.addInitScript((s) => {
        if (window.top !== window) return;
        window.localStorage.setItem('gemstore.token', s.token);
        window.localStorage.setItem('gemstore.user', JSON.stringify(s.user));
      }, session);
    }
    const found: Record<string, string[]> = {};
    for (const [name, path] of Object.entries(pages[who])) {
      await t.page.goto(origin() + path);
      await hydrated(t.page);
      await t.page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
      await t.page.evaluate(axeSource);
      const issues = await t.page.evaluate(async () => {
        const { violations } = await (window as unknown as { axe: { run(d: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } })
          .axe.run(document, { resultTypes: ['violations'] });
        return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      if (issues.length) found[name] = issues;
    }
    expect(found).toEqual({});
    // A sign-in page visited signed in sends the shopper on; the 404 page logs its own 404 fetch.
    await t.close({ allow: [/404/] });
  }, 240_000);
});
