import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { inject } from 'vitest';
import { DEMO_OWNER } from '../../apps/server/src/modules/staff/demo-staff.ts';
import type { ApiClient, Endpoints } from '@gemstore/contracts/client';
import { apiClient, origin } from './browser.ts';

/** Steps the back-office browser tests share: signing in (with a second factor when it is on) and staff calls of the API. */

/**
 * An authenticator's code, `stepsAhead` periods from now. The server accepts the next step's code
 * too (clock drift), never a step at or before the last it accepted, so a sign-in right after
 * enrolment uses the next step's code instead of waiting for the clock.
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/**
 * A member (the demo owner unless another is given) signed in through the API on `host`'s store, on
 * the shared server or at `base`: their token and the typed client as them. For a member without a
 * second factor (with one, sign-in answers a challenge).
 */
export async function staffSession(
  host: string, { member = DEMO_OWNER, base }: { member?: { email: string; password: string }; base?: string } = {},
): Promise<{ token: string; api: ApiClient<Endpoints> }> {
  const signedIn = await apiClient(host, { base }).adminLogin({ body: { email: member.email, password: member.password } });
  if (!('token' in signedIn)) throw new Error(`${member.email} has two-factor on: sign-in answered a challenge.`);
  return { token: signedIn.token, api: apiClient(host, { token: signedIn.token, base }) };
}

/** A staff call by path, for a path the page built (its address's query); other calls go through `staffSession`'s typed client. */
export async function staffApi<T>(host: string, path: string, init: { token?: string; body?: unknown; base?: string } = {}): Promise<T> {
  const res = await fetch(`${init.base ?? `http://127.0.0.1:${inject('e2ePort')}`}/api/admin/${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      domain: host, ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`admin/${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Signs a member (the demo owner unless another is given) in on the back office's sign-in page of
 * `host`'s store, on the shared server or at `base` (an origin whose host is that store's); with
 * `secret` (two-factor on), answers the code step with the authenticator's code for the next
 * period. Resolves on the home page.
 */
export async function signInToBackOffice(
  page: Page, host: string,
  { secret, base, member = DEMO_OWNER }: { secret?: string; base?: string; member?: { email: string; password: string; name: string } } = {},
): Promise<void> {
  await page.goto(`${base ?? origin(host)}/admin/login`);
  await page.getByLabel('Email').fill(member.email);
  await page.locator('input[name=password]').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (secret) {
    await page.getByLabel('Code').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.getByRole('heading', { name: `Welcome, ${member.name}` }).waitFor();
}
