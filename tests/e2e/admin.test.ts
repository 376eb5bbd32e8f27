import type { Browser } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxResponse, StaffListResponse } from '@gemstore/contracts';
import { DEMO_OWNER } from '../../apps/server/src/modules/staff/demo-staff.ts';
import { api, launchBrowser, openPage, origin } from './browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The international demo store: the other browser tests shop on localhost, so its owner's two-factor disturbs none of them. */
const HOST = 'atelier.localhost';

/**
 * An authenticator's code, `stepsAhead` periods from now. The server accepts the next step's code
 * too (clock drift), never a step at or before the last it accepted, so the sign-in after
 * enrolment uses the next step's code instead of waiting for the clock.
 */
function codeFor(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

describe('the back office', () => {
  it('lets the owner sign in, enrol two-factor, sign in again with a code, and invite an assistant', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${origin(HOST)}/admin/`);
    await page.waitForURL((u) => u.pathname === '/admin/login');

    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.locator('input[name="password"]').fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: `Welcome, ${DEMO_OWNER.name}` }).waitFor();
    // Only pages that exist are linked, each for the roles that may open it: the owner sees them all.
    const nav = page.getByRole('navigation', { name: 'Back office' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Home', 'Orders', 'Returns', 'Refunds', 'Discounts', 'Stones', 'Catalogue', 'Blog posts', 'Pages', 'Home page', 'Enquiries', 'Customers', 'Newsletter',
      'Store profile', 'Payment settings', 'Shipping', 'Tax and invoices', 'Couriers', 'GST report', 'Staff', 'Audit log', 'Security',
    ]);

    // Enrol: the QR code and the key, then a code from the authenticator.
    await nav.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from the app').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in is on' }).waitFor();
    const recovery = await page.getByTestId('recovery-code').allTextContents();
    expect(recovery).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('You sign in with your password and a code from your authenticator app.').waitFor();

    // Sign out, then sign in with the password and a code.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/login');
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.locator('input[name="password"]').fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Code').fill(codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: `Welcome, ${DEMO_OWNER.name}` }).waitFor();

    // Invite an assistant.
    const email = `assistant-${Date.now()}@example.test`;
    await nav.getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('button', { name: 'Invite staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite staff' });
    await dialog.getByLabel('Name').fill('Meera Assistant');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
    await row.waitFor();
    expect(await row.textContent()).toContain('invited');
    expect(await row.getByLabel('Role of Meera Assistant').inputValue()).toBe('Assistant');

    const { messages } = await api<OutboxResponse>(`dev/outbox?to=${encodeURIComponent(email)}`, { host: HOST });
    expect(messages[0]?.text).toContain(`${origin(HOST)}/admin/invite/`);
    await close();
  });

  it('serves the back office with its own page policy and leaves the storefront untouched', async () => {
    // Node does not resolve *.localhost as browsers do: the page is the same on every store's address.
    const base = `http://127.0.0.1:${new URL(origin()).port}`;
    const res = await fetch(`${base}/admin/staff`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    const html = await res.text();
    expect(html).not.toContain('__CSP_NONCE__');
    const store = await fetch(`${base}/`);
    expect(await store.text()).not.toContain('/admin/assets/');
    // The staff list the page showed is the API's, for this store only.
    expect(await api<StaffListResponse>('admin/staff', { host: HOST }).catch((e: Error) => e.message)).toMatch(/401/);
  });
});
