import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, systemContext, type TestApp } from '../../apps/server/test/helper.ts';
import { createStore, storeConfiguration } from '../../apps/server/test/factories.ts';
import { hydrated, launchBrowser, openPage, origin, publicPages, signInWithPassword } from './browser.ts';

/*
 * Security headers of server-rendered pages. The demo pages come from the shared server; the
 * store-specific framing rules from the app built in this process on a database of its own (the
 * built web app exists: the browser suite builds it first), where a store's settings can change.
 */


let browser: Browser;
let parser: Page;
let closeParser = async () => {};
let paths: Record<string, string>;

beforeAll(async () => {
  browser = await launchBrowser();
  const t = await openPage(browser);
  parser = t.page;
  closeParser = () => t.close();
  const { paths: pages, stone } = await publicPages();
  paths = { ...pages, checkout: `/checkout?itemIds=${encodeURIComponent(JSON.stringify([stone.id]))}` };
});
afterAll(async () => {
  await closeParser();
  await browser?.close();
});

/** The CSP header as directive -> sources. */
function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

interface ScriptInfo { nonce: string | null; type: string; hasSrc: boolean; text: string }

/** The page's script elements and inline event-handler attributes, read by Chromium's own HTML parser (no script runs). */
async function parsePage(html: string): Promise<{ scripts: ScriptInfo[]; handlers: string[] }> {
  return parser.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    const scripts = [...doc.querySelectorAll('script')].map((s) => ({
      nonce: s.getAttribute('nonce'), type: (s.getAttribute('type') ?? '').trim().toLowerCase(), hasSrc: s.hasAttribute('src'), text: s.textContent ?? '',
    }));
    const handlers = [...doc.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName}[${a.name}]`));
    return { scripts, handlers };
  }, html);
}

/** Types a browser executes; anything else (application/ld+json) is a data block CSP does not govern. */
const EXECUTABLE = new Set(['', 'text/javascript', 'application/javascript', 'module']);

describe('rendered pages', () => {
  it('carry a nonce-based CSP that every inline script carries, plus framing, sniffing and referrer rules', async () => {
    const nonces = new Set<string>();
    for (const [label, path] of Object.entries(paths)) {
      const res = await fetch(`${origin()}${path}`);
      expect(res.status, label).toBe(200);
      const csp = directives(res.headers.get('content-security-policy'));
      const scriptSrc = csp.get('script-src') ?? [];
      const nonce = scriptSrc.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce, label).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(scriptSrc, label).not.toContain("'unsafe-inline'");
      expect(scriptSrc, label).not.toContain("'unsafe-eval'");
      expect(csp.get('object-src'), label).toEqual(["'none'"]);
      expect(csp.get('base-uri'), label).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
      // The demo store's map embed is the one frame its pages may hold.
      expect(csp.get('frame-src'), label).toEqual(['https://www.openstreetmap.org']);
      expect(res.headers.get('x-frame-options'), label).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
      // Plain HTTP: HSTS would mean nothing here.
      expect(res.headers.get('strict-transport-security'), label).toBeNull();

      const { scripts, handlers } = await parsePage(await res.text());
      const inline = scripts.filter((s) => !s.hasSrc && EXECUTABLE.has(s.type));
      expect(inline.length, label).toBeGreaterThan(0);
      for (const s of scripts.filter((x) => EXECUTABLE.has(x.type))) expect(s.nonce, `${label}: ${s.text.slice(0, 80)}`).toBe(nonce);
      // Whatever is left is a data block, and holds data only.
      for (const s of scripts.filter((x) => !EXECUTABLE.has(x.type))) {
        expect(s.type, label).toBe('application/ld+json');
        expect(() => JSON.parse(s.text), label).not.toThrow();
      }
      expect(handlers, label).toEqual([]);
      nonces.add(nonce!);
    }
    // A fresh nonce for every page.
    expect(nonces.size).toBe(Object.keys(paths).length);
  });

  it('log no CSP violation in the browser, with the map and the pictures still loading', async () => {
    const t = await openPage(browser);
    const { page } = t;
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => { violations.push(v); });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI} ${location.pathname}`);
      });
    });
    const settle = async () => {
      await hydrated(page);
      await page.waitForLoadState('networkidle');
    };

    for (const label of ['home', 'listing', 'item', 'blog post', 'login'] as const) {
      await page.goto(`${origin()}${paths[label]}`);
      await settle();
      // Pictures of the page (lazy ones below the fold need not have loaded yet).
      const broken = await page.locator('img').evaluateAll((imgs) => imgs
        .filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).loading !== 'lazy')
        .filter((i) => (i as HTMLImageElement).naturalWidth === 0).map((i) => (i as HTMLImageElement).src));
      expect(broken, label).toEqual([]);
    }
    // The footer's map frame loads under frame-src (requests leaving the machine are answered locally).
    await page.goto(`${origin()}/home`);
    await settle();
    const map = page.locator('.footer__map iframe');
    await map.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await map.elementHandle())?.contentFrame().then((f) => f?.title()), { timeout: 10_000 }).toBe('offline');

    // Checkout needs a signed-in customer: Login, then back to the checkout.
    await page.goto(`${origin()}${paths.checkout}`);
    await page.waitForURL((u) => u.pathname === '/login');
    await signInWithPassword(page, (u) => u.pathname === '/checkout');
    await page.getByTestId('checkout-item').first().waitFor();
    await settle();

    expect(violations).toEqual([]);
    // openPage fails the test on any console error, which is where Chromium reports a refused script, style or frame.
    await t.close();
  });
});

describe('framing and transport rules of a store', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Forwarded headers count only from a trusted proxy; the injected requests come from 127.0.0.1.
    app = await buildTestApp({ TRUSTED_PROXIES: '127.0.0.1' }, { web: true });
  });
  afterAll(() => app?.close());

  const page = (host: string, headers: Record<string, string> = {}) => app.app.inject({ url: '/home', headers: { host, ...headers } });

  it('lets only the origins a store lists frame its pages', async () => {
    const partner = await createStore(app.db);
    const closed = await createStore(app.db);
    await app.app.services.stores.saveConfiguration(await systemContext(app, partner.id), {
      ...storeConfiguration('Partner'),
      mapEmbedUrl: 'https://maps.example.org/embed?q=jaipur',
      allowedEmbedOrigins: ['https://partner.example', 'https://blog.partner.example:8443'],
    });

    const open = await page(partner.domain);
    expect(open.statusCode).toBe(200);
    const csp = directives(String(open.headers['content-security-policy']));
    expect(csp.get('frame-ancestors')).toEqual(['https://partner.example', 'https://blog.partner.example:8443']);
    expect(csp.get('frame-src')).toEqual(['https://maps.example.org']);
    expect(open.headers['x-frame-options']).toBeUndefined();

    const shut = await page(closed.domain);
    expect(directives(String(shut.headers['content-security-policy'])).get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives(String(shut.headers['content-security-policy'])).get('frame-src')).toEqual(["'none'"]);
    expect(shut.headers['x-frame-options']).toBe('DENY');

    const unknown = await page('nobody.example');
    expect(unknown.statusCode).toBe(404);
    expect(directives(String(unknown.headers['content-security-policy'])).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('adds HSTS to pages served over HTTPS', async () => {
    const store = await createStore(app.db);
    expect((await page(store.domain)).headers['strict-transport-security']).toBeUndefined();
    const https = await page(store.domain, { 'x-forwarded-proto': 'https' });
    expect(https.statusCode).toBe(200);
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
