import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUserResponse, TokenResponse } from '@gemstore/contracts';
import { apiClient, hydrated, launchBrowser, openPage, origin } from './browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

// Unique per run, so a rerun against a kept database never meets its own accounts.
const RUN = Date.now();
let serial = 0;
function newPerson() {
  serial += 1;
  const tail = String(RUN * 10 + serial).slice(-9);
  return { name: `Asha Test ${serial}`, phone: `9${tail}`, email: `e2e-${RUN}-${serial}@example.test`, password: `secret-${serial}-${RUN}` };
}
type Person = ReturnType<typeof newPerson>;

const DEMO = { email: 'demo@gemstore.test', password: 'demo1234' };
/** A wrong password or code is a 422, which Chromium logs as a failed resource. */
const EXPECTED_422 = /status of 422/;

/** The newest one-time code the outbox holds for `to` (and purpose), from GET /api/dev/outbox. */
async function codeFor(to: string, purpose: 'register' | 'login' | 'reset' | 'change'): Promise<string> {
  let code: string | null | undefined;
  await expect.poll(async () => {
    const { messages } = await apiClient().outbox({ query: { to } });
    code = messages.find((m) => m.purpose === purpose && m.code)?.code;
    return code;
  }, { timeout: 5000 }).toMatch(/^\d{6}$/);
  return code!;
}

/** How the shop shows a destination the caller did not type: `98******10`, `d***@gemstore.test`. */
function masked(value: string): string {
  const at = value.indexOf('@');
  return at >= 0 ? `${value[0]}***${value.slice(at)}` : `${value.slice(0, 2)}${'*'.repeat(value.length - 4)}${value.slice(-2)}`;
}

/**
 * A verified account made through the API (register, then both codes from the outbox: only a
 * verified email or mobile number signs in).
 */
async function createAccount(person: Person): Promise<TokenResponse> {
  const guest = apiClient();
  const reg = await guest.register({
    body: { name: person.name, country_code: 99, phone: person.phone, email: person.email, password: person.password, password_confirmation: person.password },
  });
  const phoneOtp = await codeFor(person.phone, 'register');
  const emailOtp = await codeFor(person.email, 'register');
  return guest.registerOtpVerify({ body: { userId: reg.userId, regIdPhone: reg.regIdPhone, regIdEmail: reg.regIdEmail, phoneOtp, emailOtp, isPhone: true } });
}

/** An API call whose status matters (the `api` helper throws on anything but 2xx). */
function call(path: string, init: { token?: string; body?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = { domain: 'localhost', 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return fetch(`http://127.0.0.1:${new URL(origin()).port}/api/${path}`, { method: 'POST', headers, body: JSON.stringify(init.body ?? {}) });
}

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Runs a sign-in `submit` and waits for where it lands: the sign-in sets the one-time
 * refresh flag, so the layout there reloads the page once.
 */
async function signInLandsOn(page: Page, path: string, submit: () => Promise<void>): Promise<void> {
  const reloaded = page.waitForEvent('load');
  await submit();
  await reloaded;
  await page.waitForURL((url) => url.pathname === path);
  await hydrated(page);
  expect(await page.evaluate(() => localStorage.getItem('gemstore.refresh'))).toBeNull();
}

/** Login, then LoginPassword, as a visitor would. */
async function signInWithPassword(page: Page, identifier: string, password: string, landsOn = '/dashboard'): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login');
  await hydrated(page);
  await page.getByLabel('Email or mobile number').fill(identifier);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/login-password');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await signInLandsOn(page, landsOn, () => page.getByRole('button', { name: 'Sign in', exact: true }).click());
}

/**
 * From Login to the one-time password screen for `identifier`, as a visitor would (Continue, then
 * "use a one-time password instead"). The URL changes before the screen renders: waits for the form.
 */
async function toOneTimePassword(page: Page, identifier: string): Promise<void> {
  await page.goto(`${origin()}/login`);
  await hydrated(page);
  await page.getByLabel('Email or mobile number').fill(identifier);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/login-password');
  await page.getByTestId('otp-instead').click();
  await page.waitForURL((url) => url.pathname === '/login-otp');
  await page.getByTestId('login-otp-form').waitFor();
}

async function expectSignedInHeader(page: Page): Promise<void> {
  await page.getByTestId('log-out').waitFor();
  expect(await page.getByTestId('dashboard-link').getAttribute('href')).toBe('/dashboard');
  expect(await page.getByTestId('sign-in').count()).toBe(0);
}

describe('customer accounts', () => {
  it('registers with the code from the outbox, lands signed in on the dashboard, and logs out (phone)', async () => {
    const t = await openPage(browser, { phone: true });
    const { page } = t;
    const person = newPerson();
    await page.goto(`${origin()}/register`);
    await hydrated(page);
    // The centred layout with the store logo; the Indian demo store needs the mobile number, email optional.
    expect(await page.getByTestId('logo').getAttribute('href')).toBe('/home');
    expect(await page.getByLabel('Country code').inputValue()).toBe('99');
    expect(await page.getByText('Email (optional)').count()).toBe(1);
    expect(await page.getByText('Passwords must be at least 6 characters.').count()).toBe(1);
    expect(await page.getByLabel('Full name').getAttribute('maxlength')).toBe('50');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('maxlength')).toBe('1024');

    await page.getByLabel('Full name').fill(person.name);
    await page.getByLabel('Mobile number').fill(person.phone);
    await page.getByLabel('Email (optional)').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm password').fill('something-else');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The server's error is shown beside its field, and nothing moves on.
    await page.getByTestId('error-password_confirmation').waitFor();
    expect(pathOf(page)).toBe('/register');

    await page.getByLabel('Confirm password').fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/register-otp');
    const query = new URL(page.url()).searchParams;
    expect(query.get('userId')).toMatch(/^\d+$/);
    expect(query.get('regIdPhone')).toMatch(/^\d+$/);
    expect(query.get('regIdEmail')).toMatch(/^\d+$/);
    expect(query.get('phone')).toBe(person.phone);
    expect(query.get('email')).toBe(person.email);

    // Resending the email code replaces only that code: its regId changes in the address, the mobile one stays.
    await page.getByRole('button', { name: 'Resend code for email code' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('regIdEmail')).not.toBe(query.get('regIdEmail'));
    expect(new URL(page.url()).searchParams.get('regIdPhone')).toBe(query.get('regIdPhone'));
    // A resend names only the code, so the destination comes back masked.
    await page.getByText(`We sent a new code to ${masked(person.email)}.`).waitFor();

    const code = await codeFor(person.phone, 'register');
    await page.getByLabel('Code sent to your mobile number').fill(code);
    await signInLandsOn(page, '/dashboard', () => page.getByRole('button', { name: 'Verify and continue' }).click());
    await page.getByTestId('dashboard-name').waitFor();
    expect(await page.getByTestId('dashboard-name').textContent()).toBe(person.name);
    expect(await page.getByTestId('tile-orders').getAttribute('href')).toBe('/order/all');
    expect(await page.getByTestId('tile-security').getAttribute('href')).toBe('/edit-profile');
    expect(await page.getByTestId('tile-addresses').getAttribute('href')).toBe('/address/all');
    await expectSignedInHeader(page);
    const token = await page.evaluate(() => localStorage.getItem('gemstore.token'));
    expect(token).toBeTruthy();

    // Log out: the token is cleared here and refused by the server, and the customer is on Home.
    await page.getByTestId('log-out').click();
    await page.getByTestId('sign-in').waitFor();
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/home');
    expect(await page.evaluate(() => localStorage.getItem('gemstore.token'))).toBeNull();
    expect((await call('auth-user', { token: token! })).status).toBe(401);
    await t.close({ allow: [EXPECTED_422] });
  });

  it('signs in with a password (the demo customer), showing a wrong password beside its field', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}/home`);
    await hydrated(page);
    await page.getByTestId('sign-in').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await hydrated(page);
    await page.getByLabel('Email or mobile number').fill(DEMO.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/login-password');
    const query = new URL(page.url()).searchParams;
    expect(query.get('userId')).toMatch(/^\d+$/);
    expect(query.get('isPhone')).toBe('false');
    expect(query.get('phone')).toBe(DEMO.email);
    expect(await page.getByTestId('login-identifier').textContent()).toBe(DEMO.email);

    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('error-password').waitFor();
    expect(pathOf(page)).toBe('/login-password');

    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await signInLandsOn(page, '/dashboard', () => page.getByRole('button', { name: 'Sign in', exact: true }).click());
    await expectSignedInHeader(page);
    await page.getByTestId('dashboard-name').waitFor();
    await t.close({ allow: [EXPECTED_422] });
  });

  it('signs in with a one-time password, after asking for a new code', async () => {
    const person = newPerson();
    await createAccount(person);
    const t = await openPage(browser);
    const { page } = t;
    await toOneTimePassword(page, person.phone);
    const query = new URL(page.url()).searchParams;
    expect(query.get('isPhone')).toBe('true');
    expect(query.get('phone')).toBe(person.phone);
    expect(query.get('to')).toBe(masked(person.phone));
    const firstRegId = query.get('regId');
    const firstCode = await codeFor(person.phone, 'login');
    // A voice call is offered for a mobile number, and the way back to the password.
    // The screen names where the code went, masked.
    expect(await page.getByTestId('otp-recipient').textContent()).toBe(masked(person.phone));
    expect(await page.getByRole('button', { name: 'Get the code by voice call' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Sign in with your password instead' }).count()).toBe(1);

    // Resend: a new code (and regId) replaces the first.
    await page.getByRole('button', { name: 'Resend code' }).click();
    await page.getByTestId('form-notice').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('regId')).not.toBe(firstRegId);
    let code = firstCode;
    await expect.poll(async () => { code = await codeFor(person.phone, 'login'); return code; }).not.toBe(firstCode);
    await page.getByLabel('One-time password').fill(code);
    await signInLandsOn(page, '/dashboard', () => page.getByRole('button', { name: 'Verify and sign in' }).click());
    await expect.poll(() => page.getByTestId('dashboard-name').textContent()).toBe(person.name);
    await t.close();
  });

  it('logs out for good when the page reloads in the middle of the logout (the reload a sign-in asks for)', async () => {
    const person = newPerson();
    await createAccount(person);
    const t = await openPage(browser);
    const { page } = t;
    await toOneTimePassword(page, person.email);
    await page.getByLabel('One-time password').fill(await codeFor(person.email, 'login'));
    await signInLandsOn(page, '/dashboard', () => page.getByRole('button', { name: 'Verify and sign in' }).click());
    const token = await page.evaluate(() => localStorage.getItem('gemstore.token'));
    expect(token).toBeTruthy();

    // Log out, and the page reloads in the same moment, as the sign-in's one-time refresh does when
    // Log out is clicked right after signing in.
    const reloaded = page.waitForEvent('load');
    await page.evaluate(() => {
      document.querySelector<HTMLButtonElement>('[data-testid="log-out"]')!.click();
      window.location.reload();
    });
    await reloaded;
    await hydrated(page);
    // Signed out either way: Home (the logout's own navigation won) or Login (the reloaded account page, as a guest's).
    // The header shows Sign in as soon as the session reads as a guest's, a moment before the account
    // page's own navigation, so wait for where the page settles.
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toMatch(/^\/(home|login)$/);
    await page.getByTestId('sign-in').or(page.getByLabel('Email or mobile number')).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('gemstore.token'))).toBeNull();
    await expect.poll(async () => (await call('auth-user', { token: token! })).status, { timeout: 10_000 }).toBe(401);
    await t.close();
  });

  it('resets a forgotten password with a code, then signs in with the new password', async () => {
    const person = newPerson();
    await createAccount(person);
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}/login`);
    await hydrated(page);
    await page.getByLabel('Email or mobile number').fill(person.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/login-password');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    expect(await page.getByLabel('Email or mobile number').inputValue()).toBe(person.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password-otp');
    const query = new URL(page.url()).searchParams;
    expect(query.get('isPhone')).toBe('false');
    expect(query.get('regId')).toMatch(/^\d+$/);
    await page.getByTestId('forgot-password-otp-form').waitFor();
    expect(await page.getByTestId('otp-recipient').textContent()).toBe(masked(person.email));
    // An email gets no voice call.
    expect(await page.getByRole('button', { name: 'Get the code by voice call' }).count()).toBe(0);

    await page.getByLabel('One-time password').fill(await codeFor(person.email, 'reset'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password-create');
    expect(new URL(page.url()).searchParams.get('verification_token')).toBeTruthy();
    const newPassword = `${person.password}-new`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByTestId('form-notice').waitFor();

    // The old password no longer works; the new one does.
    const login = await apiClient().login({ body: { phone: person.email } });
    expect((await call('login-password-submit', { body: { userId: login.userId, password: person.password } })).status).toBe(422);
    await signInWithPassword(page, person.email, newPassword);
    await expect.poll(() => page.getByTestId('dashboard-name').textContent()).toBe(person.name);
    await t.close();
  });

  it('sends a guest to Login and back to the wanted page, and a signed-in customer away from Login', async () => {
    const t = await openPage(browser);
    const { page } = t;
    // A guest opening the dashboard is sent to Login; the default after sign-in is the dashboard.
    await page.goto(`${origin()}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
    // A guest opening another login-required page comes back to it after signing in.
    await page.goto(`${origin()}/edit-profile`);
    await page.waitForURL((url) => url.pathname === '/login');
    await signInWithPassword(page, DEMO.email, DEMO.password, '/edit-profile');
    await page.getByTestId('profile-form').waitFor();

    // Signed in: the guest-only screens send the customer to the dashboard.
    for (const path of ['/login', '/register', '/forgot-password']) {
      await page.goto(`${origin()}${path}`);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByTestId('dashboard-title').waitFor();
    }
    // The other way round: Dashboard straight from the store's pages.
    await page.goto(`${origin()}/home`);
    await hydrated(page);
    await page.getByTestId('dashboard-link').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('tile-orders').waitFor();
    await t.close();
  });

  it('a guest opening the dashboard signs in and returns to the dashboard', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}/dashboard`);
    await signInWithPassword(page, DEMO.email, DEMO.password, '/dashboard');
    await page.getByTestId('tile-security').waitFor();
    await t.close();
  });

  it('changes the password on Login & Security: this sign-in stays, the others end, the new password signs in', async () => {
    const person = newPerson();
    const { token: otherDevice } = await createAccount(person);
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}/edit-profile`);
    await signInWithPassword(page, person.email, person.password, '/edit-profile');
    const form = page.getByTestId('password-form');
    await form.waitFor();

    // A wrong current password is named beside its field, and nothing changes.
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await form.getByLabel('Retype new password').fill('brand-new-secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('error-currentPassword').waitFor();
    expect((await call('auth-user', { token: otherDevice })).status).toBe(200);

    // Mismatched retyping is refused beside the retyped field.
    await form.getByLabel('Current password').fill(person.password);
    await form.getByLabel('Retype new password').fill('brand-new-secreT');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('error-retypePassword').waitFor();

    await form.getByLabel('Retype new password').fill('brand-new-secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    expect(await form.getByLabel('Current password').inputValue()).toBe('');
    expect((await call('auth-user', { token: otherDevice })).status).toBe(401);
    const here = await page.evaluate(() => localStorage.getItem('gemstore.token'));
    expect((await call('auth-user', { token: here! })).status).toBe(200);

    // The old password no longer signs in; the new one does.
    const { userId } = await apiClient().login({ body: { phone: person.email } });
    expect((await call('login-password-submit', { body: { userId, password: person.password } })).status).toBe(422);
    expect((await call('login-password-submit', { body: { userId, password: 'brand-new-secret' } })).status).toBe(200);
    await t.close({ allow: [EXPECTED_422] });
  });

  it('edits the profile and shows the new details on return', async () => {
    const person = newPerson();
    const { token, user } = await createAccount(person);
    const t = await openPage(browser);
    const { page } = t;
    // Signed in as the storefront keeps it: the token and the user in browser storage.
    await page.addInitScript(([tk, u]) => {
      // Only the shop's own document (the footer's map frame has no storage of its own).
      if (window !== window.top || localStorage.getItem('gemstore.token')) return;
      localStorage.setItem('gemstore.token', tk);
      localStorage.setItem('gemstore.user', u);
    }, [token, JSON.stringify(user)] as const);
    await page.goto(`${origin()}/dashboard`);
    await hydrated(page);
    await page.getByTestId('tile-security').click();
    await page.waitForURL((url) => url.pathname === '/edit-profile');
    const form = page.getByTestId('profile-form');
    await form.waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe(person.name);
    expect(await page.getByLabel('Mobile No.').inputValue()).toBe(person.phone);
    expect(await form.getByLabel('Email').inputValue()).toBe(person.email);
    expect(await page.getByLabel('Phone country code').inputValue()).toBe('99');

    const newName = `${person.name} Rao`;
    await page.getByLabel('Full Name').fill(newName);
    await page.getByLabel('Date of birth').fill('1990-05-17');
    await page.getByLabel('Female').check();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('form-notice').waitFor();
    expect(await page.getByTestId('dashboard-name').textContent()).toBe(newName);

    // Back on the form, and after a reload, the saved details are there.
    await page.getByTestId('tile-security').click();
    await page.waitForURL((url) => url.pathname === '/edit-profile');
    expect(await page.getByLabel('Full Name').inputValue()).toBe(newName);
    await page.reload();
    await hydrated(page);
    await page.getByTestId('profile-form').waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe(newName);
    expect(await page.getByLabel('Date of birth').inputValue()).toBe('1990-05-17');
    expect(await page.getByLabel('Female').isChecked()).toBe(true);

    const saved = (await (await call('auth-user', { token })).json()) as AuthUserResponse;
    expect(saved.user).toMatchObject({ name: newName, date_of_birth: '1990-05-17', gender: 'female' });

    // A new email waits for the code sent to it; until then the account keeps the old one.
    const newEmail = `new-${person.email}`;
    await form.getByLabel('Email').fill(newEmail);
    await page.getByRole('button', { name: 'Update' }).click();
    const step = page.getByTestId('profile-code-form');
    await step.waitFor();
    expect(pathOf(page)).toBe('/edit-profile');
    expect(await step.getByTestId('pending-recipient').textContent()).toBe(newEmail);
    expect(((await (await call('auth-user', { token })).json()) as AuthUserResponse).user.email).toBe(person.email);
    await step.getByLabel(`Code sent to ${newEmail}`).fill('000000');
    await step.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('error-otp-email').waitFor();
    await step.getByLabel(`Code sent to ${newEmail}`).fill(await codeFor(newEmail, 'change'));
    await step.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText('Your new email is confirmed.').waitFor();
    expect(((await (await call('auth-user', { token })).json()) as AuthUserResponse).user.email).toBe(newEmail);
    await t.close({ allow: [EXPECTED_422] });
  });

  it('lists the stored messages on /dev/outbox', async () => {
    const person = newPerson();
    await createAccount(person);
    const t = await openPage(browser, { phone: true });
    const { page } = t;
    await page.goto(`${origin()}/dev/outbox`);
    await hydrated(page);
    await page.getByLabel('Recipient (email or mobile number)').fill(person.phone);
    await page.getByRole('button', { name: 'Show messages' }).click();
    await page.waitForURL((url) => url.searchParams.get('to') === person.phone);
    const rows = page.getByTestId('outbox-message');
    await rows.first().waitFor();
    // Only that recipient's messages, newest first: the register code by SMS.
    for (const text of await rows.allTextContents()) expect(text).toContain(person.phone);
    const first = await rows.first().textContent();
    expect(first).toContain(await codeFor(person.phone, 'register'));
    expect(first).toContain('sms');
    await t.close();
  });
});
