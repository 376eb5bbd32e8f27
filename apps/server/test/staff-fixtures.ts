/** Shared steps of the back-office tests: staff written to the database, calls to /api/admin through app.inject. */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { TOTP, Secret } from 'otpauth';
import { type Database, staff } from '@gemstore/db';
import { STAFF_ROLES, type StaffRole } from '@gemstore/contracts/constants';
import { hashPassword } from '../src/lib/password.ts';
import type { TestApp } from './helper.ts';
import { type Catalog, createCatalog, createStore } from './factories.ts';
import { createCustomer, signIn as customerSignIn } from './auth-fixtures.ts';

export const STAFF_PASSWORD = 'staff-pass-1';
let passwordHash: Promise<string> | undefined;

/** An active member with the password STAFF_PASSWORD. */
export async function createStaff(db: Database, storeId: number, role: StaffRole, email = `${role}@shop.test`) {
  passwordHash ??= hashPassword(STAFF_PASSWORD);
  const [row] = await db.insert(staff).values({ storeId, name: `The ${role}`, email, role, status: 'active', passwordHash: await passwordHash }).returning();
  return row!;
}

export interface AdminCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  token?: string;
  ip?: string;
  body?: object;
}

export function admin(t: TestApp, domain: string, path: string, options: AdminCall = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: options.method ?? (options.body ? 'POST' : 'GET'),
    url: `/api/admin${path}`,
    headers: { domain, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    remoteAddress: options.ip ?? '127.0.0.1',
    ...(options.body ? { payload: options.body } : {}),
  });
}

/** Signs in with STAFF_PASSWORD (no second factor); answers the token. */
export async function staffSignIn(t: TestApp, domain: string, email: string): Promise<string> {
  const res = await admin(t, domain, '/login', { body: { email, password: STAFF_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

/** The authenticator's code for a base32 secret at the current (possibly faked) time. */
export function totpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

/** The newest email the dev outbox holds for `to`. */
export async function latestEmail(t: TestApp, to: string): Promise<{ text: string; purpose: string }> {
  const res = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  const messages = res.json().messages as { text: string; purpose: string }[];
  expect(messages.length).toBeGreaterThan(0);
  return messages[0]!;
}

/** The invitation token of the link in the newest email to `to`. */
export async function invitationToken(t: TestApp, to: string): Promise<string> {
  const { text } = await latestEmail(t, to);
  const m = /\/admin\/invite\/([A-Za-z0-9_-]+)/.exec(text);
  expect(m).not.toBeNull();
  return m![1]!;
}

/**
 * The back-office tests' cast: store A (a.test) with a member of every role signed in and a signed-in
 * customer, and store B (b.test) with its owner signed in; a catalogue in each (B's urls prefixed by `bPrefix`).
 */
export async function backOfficeStores(t: TestApp, bPrefix = '') {
  const a = await createStore(t.db, { domain: 'a.test' });
  const b = await createStore(t.db, { domain: 'b.test' });
  const catA: Catalog = await createCatalog(t.db, a.id);
  const catB: Catalog = await createCatalog(t.db, b.id, bPrefix);
  const tokens = {} as Record<StaffRole, string>;
  for (const role of STAFF_ROLES) {
    await createStaff(t.db, a.id, role);
    tokens[role] = await staffSignIn(t, 'a.test', `${role}@shop.test`);
  }
  await createStaff(t.db, b.id, 'owner', 'owner@shop.test');
  const bOwnerToken = await staffSignIn(t, 'b.test', 'owner@shop.test');
  await createCustomer(t.db, a.id, { phone: '9876500001' });
  const customerToken = await customerSignIn(t, 'a.test', '9876500001');
  return { a, b, catA, catB, tokens, bOwnerToken, customerToken };
}
