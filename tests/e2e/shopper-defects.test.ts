import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@gemstore/contracts/client';
import { api, apiClient, hydrated, launchBrowser, openPage, origin } from './browser.ts';

const DEMO = { email: 'demo@gemstore.test', password: 'demo1234' };

/* Defects shoppers reported, each seen in the browser. */

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The demo customer signed in through the API: the token the sign-in screens would have stored. */
async function signIn(host: string): Promise<{ token: string; user: unknown }> {
  const guest = apiClient(host);
  const { userId } = await guest.login({ body: { phone: DEMO.email } });
  const signedIn = await guest.loginPasswordSubmit({ body: { userId, password: DEMO.password, phone: DEMO.email } });
  if (!('token' in signedIn)) throw new Error('The demo customer was asked to verify instead of being signed in.');
  return signedIn;
}

/** A page whose session is the given sign-in (stored before any script of the shop runs). */
async function signedInPage(session: { token: string; user: unknown }) {
  const t = await openPage(browser);
  // Only in the shop's own documents: frames of other origins (the footer's map) have no storage to give.
  await t.page.addInitScript((s) => {
    if (window.top !== window) return;
    window.localStorage.setItem('gemstore.token', s.token);
    window.localStorage.setItem('gemstore.user', JSON.stringify(s.user));
  }, session);
  return t;
}

async function addAddress(host: string, token: string, landmark: string): Promise<void> {
  await apiClient(host, { token }).addressSave({
    body: { address: {
      name: 'Asha Verma', phone: '9876501234', label: 'Landmark check', countryId: 'IN', stateId: 'IN-RJ', cityId: 'Jaipur',
      address: '12 Johari Bazaar', locality: 'Pink City', landmark, pincode: '302003',
    } },
  });
}

async function goto(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
}

describe('saved addresses', () => {
  it('print a landmark once with "near", whether or not the shopper typed it', async () => {
    const session = await signIn('localhost');
    await addAddress('localhost', session.token, 'Near Hawa Mahal');
    await addAddress('localhost', session.token, 'City Palace');
    const t = await signedInPage(session);
    const { page } = t;
    await goto(page, `${origin()}/address/all`);
    await page.getByText('Near Hawa Mahal').first().waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Pink City, Near Hawa Mahal');
    expect(text).toContain('Pink City, near City Palace');
    expect(text).not.toMatch(/near Near/i);

    // The primary address can be corrected and stays primary.
    const primary = page.locator('[data-testid="address-card"]', { has: page.getByTestId('address-primary') });
    await primary.getByTestId('address-edit').click();
    await page.waitForURL((u) => u.pathname.startsWith('/address/edit/'));
    const landmark = page.getByTestId('address-form').getByLabel('Landmark');
    await landmark.waitFor();
    await page.waitForFunction(() => (document.querySelector('#address-landmark') as HTMLInputElement | null)?.value !== '');
    await landmark.fill('Corrected landmark');
    await page.getByTestId('address-submit').click();
    await page.waitForURL((u) => u.pathname === '/address/all');
    await primary.getByText('near Corrected landmark').waitFor();
    expect(await page.getByTestId('address-primary').count()).toBe(1);
    await t.close();
  });

  it("start in the store's own country on the dollar store, not India", async () => {
    const t = await signedInPage(await signIn('atelier.localhost'));
    const { page } = t;
    await goto(page, `${origin('atelier.localhost')}/address/create`);
    const country = page.getByTestId('address-form').getByLabel('Country');
    await page.locator('#address-countryId option[value="US"]').waitFor({ state: 'attached' });
    await page.waitForFunction(() => (document.querySelector('#address-countryId') as HTMLSelectElement | null)?.value === 'US');
    expect(await country.inputValue()).toBe('US');
    await page.locator('#address-stateId option[value="US-NY"]').waitFor({ state: 'attached' });
    await t.close();
  });
});

describe('faint text', () => {
  it('has at least 4.5:1 contrast against what is behind it on the listing', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await goto(page, `${origin('atelier.localhost')}/product/precious-gemstones/emerald`);
    const ratios = await page.evaluate(() => {
      const faint = getComputedStyle(document.documentElement).getPropertyValue('--ink-faint').trim();
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const probe = document.createElement('span');
      probe.style.color = faint;
      document.body.append(probe);
      const faintRgb = getComputedStyle(probe).color;
      probe.remove();
      const luminance = ([r, g, b]: number[]) => {
        const f = (v: number) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
      };
      const background = (el: Element | null): number[] => {
        for (let e = el; e; e = e.parentElement) {
          const c = rgb(getComputedStyle(e).backgroundColor);
          if (c.length === 3 || (c.length === 4 && c[3]! > 0)) return c.slice(0, 3);
        }
        return [255, 255, 255];
      };
      const out: { text: string; ratio: number }[] = [];
      for (const el of document.querySelectorAll('body *')) {
        if (getComputedStyle(el).color !== faintRgb || !el.textContent?.trim()) continue;
        const [a, b] = [luminance(rgb(faintRgb)), luminance(background(el))].sort((x, y) => y - x);
        out.push({ text: el.textContent.trim().slice(0, 30), ratio: (a! + 0.05) / (b! + 0.05) });
      }
      return out;
    });
    expect(ratios.length).toBeGreaterThan(0);
    for (const { text, ratio } of ratios) expect(ratio, text).toBeGreaterThanOrEqual(4.5);
    await t.close();
  });
});

describe('the development outbox', () => {
  it("shows only its own store's messages and fits a phone's screen", async () => {
    // A sign-in code sent by the Indian store, to an address the dollar store's page must not show.
    const india = apiClient('localhost');
    const { userId } = await india.login({ body: { phone: DEMO.email } });
    await india.loginSendOtp({ body: { userId, phone: DEMO.email } });
    // And one sent by the dollar store, which its page does show.
    const dollar = apiClient('atelier.localhost');
    const atelier = await dollar.login({ body: { phone: DEMO.email } });
    await dollar.loginSendOtp({ body: { userId: atelier.userId, phone: DEMO.email } });
    const all = await (await fetch(`${origin()}/api/dev/outbox`)).json() as { messages: { to: string; code: string | null }[] };
    const own = await api<{ messages: { to: string; code: string | null }[] }>('dev/outbox', { host: 'atelier.localhost' });
    expect(own.messages.length).toBeGreaterThan(0);
    const ownCodes = new Set(own.messages.map((m) => m.code));
    const foreign = all.messages.filter((m) => m.code && !ownCodes.has(m.code)).map((m) => m.code!);
    expect(foreign.length).toBeGreaterThan(0);

    const t = await openPage(browser, { phone: true });
    const { page } = t;
    await goto(page, `${origin('atelier.localhost')}/dev/outbox`);
    await page.getByTestId('outbox-table').waitFor();
    expect(await page.getByTestId('outbox-message').count()).toBe(own.messages.length);
    const shown = (await page.locator('main').textContent()) ?? '';
    expect(shown).toContain(own.messages[0]!.code!);
    for (const code of foreign.slice(0, 10)) expect(shown).not.toContain(code);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await t.close();
  });
});

describe('cart lines and totals on a narrow phone', () => {
  it('keep every figure whole and inside its line at 320 px', async () => {
    const session = await signIn('localhost');
    const asDemo = apiClient('localhost', { token: session.token });
    // The dearest stones on the first page of rubies: the longest figures.
    const { data } = await api<{ data: { id: number; amounts: { mrpAmount: number } }[] }>('product-items/1', { method: 'GET' });
    const dearest = [...data].sort((a, b) => b.amounts.mrpAmount - a.amounts.mrpAmount).slice(0, 3);
    // Start from an empty cart (a run stopped half-way may have left lines in it).
    const before = await asDemo.cartAll();
    for (const line of before.cart) await asDemo.cartDelete({ body: { cartId: line.id } }).catch(() => undefined);
    const added: number[] = [];
    for (const stone of dearest) {
      const saved = await asDemo.cartSave({ body: { itemId: stone.id } }).catch((err: unknown) => {
        if (err instanceof ApiError) return undefined;
        throw err;
      });
      if (saved) added.push(saved.cart.id);
    }
    expect(added.length).toBe(3);

    const t = await signedInPage(session);
    const { page } = t;
    await page.setViewportSize({ width: 320, height: 700 });
    await goto(page, `${origin()}/cart`);
    await page.getByTestId('cart-total').waitFor();
    const faults = await page.evaluate(() => {
      const found: string[] = [];
      const lines = (el: Element) => { const r = document.createRange(); r.selectNodeContents(el); return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size; };
      for (const row of document.querySelectorAll('[data-testid="cart-row"]')) {
        const box = row.getBoundingClientRect();
        for (const cell of row.querySelectorAll('td')) {
          const c = cell.getBoundingClientRect();
          if (c.right > box.right + 0.5 || cell.scrollWidth > cell.clientWidth + 0.5) found.push(`overflows: ${cell.textContent}`);
        }
        for (const amount of row.querySelectorAll('[data-testid="cart-amount"] .figure')) if (lines(amount) !== 1) found.push(`broken: ${amount.textContent}`);
      }
      const total = document.querySelector('[data-testid="cart-total"]')!;
      if (lines(total) !== 1) found.push(`broken total: ${total.textContent}`);
      if (document.documentElement.scrollWidth > window.innerWidth) found.push('page wider than the screen');
      return found;
    });
    expect(faults).toEqual([]);
    for (const cartId of added) await asDemo.cartDelete({ body: { cartId } }).catch(() => undefined);
    await t.close();
  });
});

describe('the newsletter sign-up', () => {
  it('sends a confirmation link, and subscribes the address only when the link is opened and confirmed', async () => {
    const email = `news-${Date.now()}@example.test`;
    const t = await openPage(browser, { phone: true });
    const { page } = t;
    await goto(page, `${origin()}/home`);
    const form = page.getByTestId('newsletter-form');
    await form.getByLabel('Your email').fill('not an email');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    // The browser's own check speaks first; nothing is sent.
    expect(await page.getByTestId('newsletter-status').textContent()).toBe('');
    await form.getByLabel('Your email').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => page.getByTestId('newsletter-status').textContent(), { timeout: 10_000 }).toContain(`we have sent it a link`);

    let text = '';
    await expect.poll(async () => {
      const { messages } = await api<{ messages: { purpose: string; text: string }[] }>(`dev/outbox?to=${encodeURIComponent(email)}`);
      text = messages.find((m) => m.purpose === 'newsletter-confirm')?.text ?? '';
      return text;
    }, { timeout: 10_000 }).toMatch(/\/newsletter\/confirm\?token=/);
    const link = new URL(/https?:\/\/\S+/.exec(text)![0]);
    // The link names the store's own (primary) domain, whatever host the form was sent from.
    expect(link.hostname).toBe('ratna.localhost');

    // Opening the link subscribes nobody by itself (mail scanners open links); the click does.
    await goto(page, `${origin()}${link.pathname}${link.search}`);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect.poll(() => page.getByTestId('newsletter-confirmed').textContent(), { timeout: 10_000 }).toContain(`${email} is now subscribed`);
    // The link works once.
    await goto(page, `${origin()}${link.pathname}${link.search}`);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await page.getByTestId('newsletter-confirm-error').waitFor();
    await t.close({ allow: [/status of 404/] });
  });
});
