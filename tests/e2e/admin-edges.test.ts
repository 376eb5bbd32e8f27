import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxResponse, StaffInviteResponse, StaffSignedIn } from '@gemstore/contracts';
import { DEMO_OWNER } from '../../apps/server/src/modules/staff/demo-staff.ts';
import { api, launchBrowser, openPage, origin } from './browser.ts';
import { signInToBackOffice, staffApi } from './back-office.ts';

/*
 * The back office's edges, walked in the browser on the shared server: a member whose role may not
 * use a page is told so.
 */

const HOST = 'localhost';
const stamp = Date.now().toString().slice(-7);

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** A new member of `role` who has accepted the invitation (password set), invited by the demo owner. */
async function newMember(role: 'assistant' | 'manager', name: string): Promise<{ email: string; password: string; name: string }> {
  const owner = await staffApi<StaffSignedIn>(HOST, 'login', { body: { email: DEMO_OWNER.email, password: DEMO_OWNER.password } });
  const email = `${role}.${stamp}@example.test`;
  await staffApi<StaffInviteResponse>(HOST, 'staff', { token: owner.token, body: { email, name, role } });
  const { messages } = await api<OutboxResponse>(`dev/outbox?to=${encodeURIComponent(email)}`, { host: HOST });
  const token = /\/admin\/invite\/([A-Za-z0-9_-]+)/.exec(messages[0]!.text)![1]!;
  const password = `${role}-pass-${stamp}`;
  await staffApi<StaffSignedIn>(HOST, 'invitation/accept', { body: { token, password, password_confirmation: password } });
  return { email, password, name };
}

describe('back office: the edges', () => {
  it('tells a member whose role cannot use a page so, and links only the pages the role may use', async () => {
    const member = await newMember('assistant', `Asha Assistant ${stamp}`);
    const { page, close } = await openPage(browser);
    await signInToBackOffice(page, HOST, { member });
    const nav = page.getByRole('navigation', { name: 'Back office' });
    const links = await nav.getByRole('link').allTextContents();
    expect(links).toContain('Orders');
    for (const hidden of ['Refunds', 'Store profile', 'Payment settings', 'Tax and invoices', 'Staff', 'Audit log']) expect(links).not.toContain(hidden);

    // An address the role may not use, typed or followed from elsewhere: the page says why, in the back office's frame.
    await page.goto(`${origin(HOST)}/admin/staff`);
    await page.getByTestId('role-denied').waitFor();
    expect(await page.getByTestId('role-denied').textContent()).toContain('Your role (assistant) cannot use this page');
    expect(new URL(page.url()).pathname).toBe('/admin/staff');
    await nav.waitFor();
    await page.getByRole('link', { name: "Back to the back office's home" }).click();
    await page.getByRole('heading', { name: `Welcome, ${member.name}` }).waitFor();
    await close();
  });
});
