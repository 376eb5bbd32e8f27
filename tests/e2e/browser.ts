import { DEMO_CUSTOMER } from '../../apps/server/src/modules/customers/demo-customers.ts';
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { Item, ListingResponse, PostsResponse } from '@gemstore/contracts';
import { createApiClient, fetchTransport, routes, type ApiClient, type Endpoints } from '@gemstore/contracts/client';

/** Origin of a demo store: localhost and ratna.localhost (INR), atelier.localhost (USD). */
export function origin(host = 'localhost'): string {
  return `http://${host}:${inject('e2ePort')}`;
}

/**
 * The typed API client (one function per call of the endpoint table) as `host`'s store, signed in
 * with `token` when given: what the tests' set-up steps call. On the shared server, or at `base`.
 * A refused call rejects with an ApiError (status, code, field errors).
 */
export function apiClient(host = 'localhost', { token, base }: { token?: string; base?: string } = {}): ApiClient<Endpoints> {
  return createApiClient<Endpoints>(routes, fetchTransport({
    baseUrl: base ?? `http://127.0.0.1:${inject('e2ePort')}`,
    headers: () => ({ domain: host, ...(token ? { authorization: `Bearer ${token}` } : {}) }),
  }));
}

/**
 * Calls the API as the given store, to compare what the page shows with what the server holds;
 * `base` names another server than the shared one (a test file that runs its own).
 */
export async function api<T>(path: string, init: { host?: string; method?: string; body?: unknown; base?: string } = {}): Promise<T> {
  const res = await fetch(`${init.base ?? `http://127.0.0.1:${inject('e2ePort')}`}/api/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { domain: init.host ?? 'localhost', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * The Indian demo store's public pages that the page-level checks (speed, security headers) visit:
 * home, a ruby listing, its first stone, the newest blog post and login; and that stone.
 */
export async function publicPages(): Promise<{ paths: Record<'home' | 'listing' | 'item' | 'blog post' | 'login', string>; stone: Item }> {
  const posts = await api<PostsResponse>('posts?page=1');
  const post = posts.data.data[0]!;
  const listing = await api<ListingResponse>('product-items?page=1', { body: { filter: { product: 'ruby' } } });
  const stone = listing.data[0]!;
  return {
    stone,
    paths: {
      home: '/home',
      listing: `/product/${stone.product.category_url}/${stone.product.url}`,
      item: `/item/${stone.url[0]!.url}`,
      'blog post': `/blog/${post.categories[0]?.slug ?? 'all'}/${post.url}`,
      login: '/login',
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Errors seen so far (console errors and uncaught page errors). */
  errors: string[];
  /** The page's latest navigations and API answers, oldest first: what a failed wait reports. */
  trail: string[];
  /** Fails the test if the page logged an error; `allow` lists expected ones (matched against the text). */
  close(opts?: { allow?: RegExp[] }): Promise<void>;
}

/**
 * A fresh page that records every console error and page error. Requests that leave this machine
 * (the footer's map) are answered empty, so the suite never depends on the internet.
 */
export async function openPage(browser: Browser, opts: { phone?: boolean; reducedMotion?: boolean; javaScript?: boolean } = {}): Promise<TrackedPage> {
  const context = await browser.newContext({
    javaScriptEnabled: opts.javaScript ?? true,
    viewport: opts.phone ? { width: 390, height: 844 } : { width: 1366, height: 900 },
    reducedMotion: opts.reducedMotion ? 'reduce' : 'no-preference',
  });
  await context.route(/^https?:\/\/(?!(?:[a-z0-9-]+\.)?localhost[:/]|127\.0\.0\.1[:/])/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>offline</title>' }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  const trail: string[] = [];
  const note = (line: string) => {
    trail.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (trail.length > 40) trail.shift();
  };
  page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) note(`page ${frame.url()}`); });
  page.on('response', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) note(`${r.status()} ${r.request().method()} ${r.url()}`); });
  return {
    page,
    context,
    errors,
    trail,
    async close({ allow = [] } = {}) {
      await context.close();
      const unexpected = errors.filter((e) => !allow.some((re) => re.test(e)));
      expect(unexpected, 'console or page errors').toEqual([]);
    },
  };
}

/**
 * Runs a wait on the page; if it fails, the error also tells where the page is, what it shows and
 * its latest navigations and API answers, so a failure on a busy CI machine names its cause.
 */
export async function explained<T>(t: TrackedPage, wait: Promise<T>): Promise<T> {
  try {
    return await wait;
  } catch (error) {
    const shown = await t.page.locator('main').innerText({ timeout: 5_000 }).catch(() => '(no main element)');
    const state = [`url: ${t.page.url()}`, `main: ${shown.slice(0, 1_000)}`, 'trail:', ...t.trail, 'errors:', ...t.errors].join('\n');
    throw new Error(`${(error as Error).message}\n${state}`, { cause: error });
  }
}

/** A promise with its resolve outside, and whether it has settled. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => { resolve = r; });
  const d = { promise, done: false, resolve: () => { d.done = true; resolve(); } };
  return d;
}

/** Waits for `promise`, or `ms` at most. */
function within(promise: Promise<void>, ms: number): Promise<void> {
  return Promise.race([promise, new Promise<void>((r) => setTimeout(r, ms))]);
}

/**
 * Makes on purpose the race a busy server makes by chance when a page opens, reads a list and
 * writes to it at once (the Add To Cart or heart resumed after sign-in): the write waits until the
 * document has read the list, and that read's answer, the list as it was before the write, reaches
 * the page two seconds after the write's. A page that takes that answer as fresh shows a list
 * without what it just added. Later reads pass untouched.
 */
export async function answerFirstReadAfterWrite(page: Page, read: string, write: string): Promise<void> {
  // Node cannot resolve the stores' *.localhost names as Chromium does; the `domain` header names the store.
  const fetchAtServer = (route: Route) => {
    const url = new URL(route.request().url());
    url.hostname = '127.0.0.1';
    return route.fetch({ url: url.href });
  };
  let readMade = deferred();
  const written = deferred();
  // A new document (the sign-in's reload) must make its own read before the write goes on.
  page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) readMade = deferred(); });
  await page.route((url) => url.pathname === read, async (route) => {
    if (written.done) return route.continue();
    const response = await fetchAtServer(route);
    readMade.resolve();
    await within(written.promise, 10_000);
    await new Promise((r) => setTimeout(r, 2_000));
    await route.fulfill({ response }).catch(() => { /* the page dropped this read */ });
  });
  await page.route((url) => url.pathname === write, async (route) => {
    await within(readMade.promise, 10_000);
    const response = await fetchAtServer(route);
    await route.fulfill({ response });
    written.resolve();
  });
}

/** Waits until React has hydrated the page (root.tsx marks <html data-hydrated>), so clicks reach React handlers. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
}

/** Ids of the stone cards on a listing, in order. */
export function cardIds(page: Page): Promise<number[]> {
  return page.getByTestId('item-card').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-item-id'))));
}

/**
 * Signs in on the Login and LoginPassword screens as a visitor would (the demo customer unless
 * another account is given), from the Login screen, and waits until the page `landsOn`.
 */
export async function signInWithPassword(
  page: Page, landsOn: (url: URL) => boolean, account: { email: string; password: string } = DEMO_CUSTOMER,
): Promise<void> {
  await hydrated(page);
  await page.getByLabel('Email or mobile number').fill(account.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((u) => u.pathname === '/login-password');
  await hydrated(page);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(landsOn);
}

