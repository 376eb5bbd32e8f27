/** Shared steps of the account tests: calls through app.inject, codes read from the dev outbox. */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { customers, type Database } from '@gemstore/db';
import { hashPassword } from '../src/lib/password.ts';
import type { TestApp } from './helper.ts';

export const PASSWORD = 'secret123';
let passwordHash: Promise<string> | undefined;

export interface CallOptions {
  token?: string;
  ip?: string;
}

export async function call(t: TestApp, domain: string, path: string, payload?: object, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: payload === undefined && path === '/api/country-codes' ? 'GET' : 'POST',
    url: path,
    headers: { domain, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    remoteAddress: options.ip ?? '127.0.0.1',
    ...(payload !== undefined ? { payload } : {}),
  });
}

/** The newest code the dev outbox holds for `to`. */
export async function latestCode(t: TestApp, to: string, purpose?: string): Promise<string> {
  const res = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  const messages = (res.json().messages as { code: string; purpose: string }[]).filter((m) => !purpose || m.purpose === purpose);
  expect(messages.length).toBeGreaterThan(0);
  return messages[0]!.code;
}

/** A different 6-digit code than `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

export interface CustomerInput {
  name?: string;
  email?: string | null;
  phone?: string | null;
  verified?: boolean;
}

/** A customer written straight to the database with the password PASSWORD. */
export async function createCustomer(db: Database, storeId: number, input: CustomerInput = {}): Promise<typeof customers.$inferSelect> {
  passwordHash ??= hashPassword(PASSWORD);
  const now = new Date();
  const verified = input.verified ?? true;
  const [row] = await db.insert(customers).values({
    storeId,
    name: input.name ?? 'Asha Rao',
    email: input.email === undefined ? 'asha@example.com' : input.email,
    phone: input.phone === undefined ? '9812345678' : input.phone,
    passwordHash: await passwordHash,
    emailVerifiedAt: verified ? now : null,
    phoneVerifiedAt: verified ? now : null,
  }).returning();
  return row!;
}

/** Signs in with PASSWORD; answers the token. */
export async function signIn(t: TestApp, domain: string, identifier: string): Promise<string> {
  const login = await call(t, domain, '/api/login', { phone: identifier });
  expect(login.statusCode).toBe(200);
  const res = await call(t, domain, '/api/login-password-submit', { userId: login.json().userId, password: PASSWORD, phone: identifier, isPhone: login.json().is_phone });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}
