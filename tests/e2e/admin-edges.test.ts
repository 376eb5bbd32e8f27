import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxResponse } from '@gemstore/contracts';
import { api, apiClient, launchBrowser, openPage, origin } from './browser.ts';
import { totpCode } from './back-office.ts';
import { signInToBackOffice, staffSession } from './back-office.ts';

/*
 * The back office's edges, walked in the browser on the shared server: a member whose role may not
 * use a page is told so; the sign-in names the shop and resets a forgotten password with an emailed
 * code; recovery codes download as a text file.
 */

const HOST = 'localhost';
const stamp = Date.now().toString().slice(-7);

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** A new member of `role` who has accepted the invitation (password set), invited by the demo owner. */
async function newMember(role: 'assistant' | 'manager', name: string): Promise<{ email: string; password: string; name: string }> {
  const owner = await staffSession(HOST);
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}${stamp}@example.test`;
  await owner.api.adminStaffInvite({ body: { email, name, role } });
  const { messages } = await apiClient(HOST).outbox({ query: { to: email } });
  const token = /\/admin\/invite\/([A-Za-z0-9_-]+)/.exec(messages[0]!.text)![1]!;
  const password = `${role}-pass-${stamp}`;
  await apiClient(HOST).adminInvitationAccept({ body: { token, password, password_confirmation: password } });
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

  it('names the shop on the sign-in page and resets a forgotten password with the emailed code', async () => {
    const member = await newMember('manager', `Mohan Manager ${stamp}`);
    const { page, close } = await openPage(browser);
    await page.goto(`${origin(HOST)}/admin/login`);
    await page.getByTestId('sign-in-shop').filter({ hasText: 'Ratna Gems' }).waitFor();
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send the reset code' }).click();
    await page.getByLabel('Code from the email').waitFor();
    const { messages } = await api<OutboxResponse>(`dev/outbox?to=${encodeURIComponent(member.email)}`, { host: HOST });
    const code = /\b(\d{6})\b/.exec(messages.find((m) => m.purpose === 'staff-password-reset')!.text)![1]!;
    await page.getByLabel('Code from the email').fill(code);
    await page.locator('input[name=password]').fill(`renewed-${stamp}`);
    await page.locator('input[name=password_confirmation]').fill(`renewed-${stamp}`);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('Your password is changed. Sign in with it now.').waitFor();
    await page.getByLabel('Email').fill(member.email);
    await page.locator('input[name=password]').fill(`renewed-${stamp}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: `Welcome, ${member.name}` }).waitFor();
    await close();
  });

  it('downloads the recovery codes as a text file with the shop and the day', async () => {
    const member = await newMember('manager', `Meena Manager ${stamp}`);
    const { page, close } = await openPage(browser);
    await signInToBackOffice(page, HOST, { member });
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in is on' }).waitFor();
    const shown = await page.getByTestId('recovery-code').allTextContents();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as .txt' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ratna-gems-recovery-codes-\d{4}-\d\d-\d\d\.txt$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toContain('Ratna Gems back office');
    expect(text).toContain(member.email);
    for (const c of shown) expect(text).toContain(c);
    await close();
  });
});
