import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, origin, signInWithPassword } from './browser.ts';

/* Defects shoppers reported (issue 14, item 8), each seen in the browser. */

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The signed-in page's bearer token, to add an address through the API the page itself uses. */
async function addAddress(page: import('playwright-core').Page, landmark: string): Promise<void> {
  const status = await page.evaluate(async (mark) => {
    const token = window.localStorage.getItem('gemstore.token');
    const res = await fetch('/api/address-save', {
      method: 'POST',
      headers: { 'content-type': 'application/json', domain: window.location.hostname, authorization: `Bearer ${token}` },
      body: JSON.stringify({ address: {
        name: 'Asha Verma', phone: '9876501234', label: 'Landmark check', countryId: 'IN', stateId: 'IN-RJ', cityId: 'Jaipur',
        address: '12 Johari Bazaar', locality: 'Pink City', landmark: mark, pincode: '302003',
      } }),
    });
    return res.status;
  }, landmark);
  expect(status).toBe(200);
}

describe('saved addresses', () => {
  it('print a landmark once with "near", whether or not the shopper typed it', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}/login`);
    await signInWithPassword(page, (u) => u.pathname === '/dashboard');
    await addAddress(page, 'Near Hawa Mahal');
    await addAddress(page, 'City Palace');
    await page.goto(`${origin()}/address/all`);
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
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin('atelier.localhost')}/login`);
    await signInWithPassword(page, (u) => u.pathname === '/dashboard');
    await page.goto(`${origin('atelier.localhost')}/address/create`);
    const country = page.getByTestId('address-form').getByLabel('Country');
    await page.locator('#address-countryId option[value="US"]').waitFor({ state: 'attached' });
    await page.waitForFunction(() => (document.querySelector('#address-countryId') as HTMLSelectElement | null)?.value === 'US');
    expect(await country.inputValue()).toBe('US');
    await page.locator('#address-stateId option[value="US-NY"]').waitFor({ state: 'attached' });
    await t.close();
  });
});
