import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { customers, outboxMessages, passwordResetTokens } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { createStore } from './factories.ts';
import { call, createCustomer, latestCode, PASSWORD, signIn, wrongCode } from './auth-fixtures.ts';

// Password hashing runs scrypt at OWASP cost (128 MiB, ~0.5 s a hash): allow for a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let storeId: number;

beforeAll(async () => {
  t = await buildTestApp({ OTP_LIMIT_PER_RECIPIENT: '1000', OTP_LIMIT_PER_IP: '1000' });
  storeId = (await createStore(t.db, { domain: 'shop.test' })).id;
  await createStore(t.db, { domain: 'other.test' });
  await createCustomer(t.db, storeId, { email: 'asha@example.com', phone: '9812345678' });
});
afterAll(() => t?.close());

async function outboxCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(outboxMessages);
  return row!.n;
}

async function resetToken(identifier: string, body: Record<string, string> = { phone: identifier }, path = '/api/forgot-password-send-otp') {
  const sent = await call(t, 'shop.test', path, body);
  expect(sent.statusCode).toBe(200);
  const { userId, regId } = sent.json();
  const code = await latestCode(t, identifier, 'reset');
  const submitted = await call(t, 'shop.test', '/api/forgot-password-otp-submit', { userId, regId, otp: code });
  expect(submitted.statusCode).toBe(200);
  return submitted.json() as { userId: number; verification_token: string };
}

describe('password reset', () => {
  it('resets end to end: code, verification token, new password; old tokens revoked, old password refused', async () => {
    const oldToken = await signIn(t, 'shop.test', '9812345678');

    const sent = await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: '9812345678' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ is_phone: true, phone: '98******78', regId: expect.any(Number), userId: expect.any(Number) });
    const { userId, regId } = sent.json();
    const code = await latestCode(t, '9812345678', 'reset');

    const wrong = await call(t, 'shop.test', '/api/forgot-password-otp-submit', { userId, regId, otp: wrongCode(code) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.otp).toBeDefined();

    const ok = await call(t, 'shop.test', '/api/forgot-password-otp-submit', { userId, regId, otp: code });
    expect(ok.statusCode).toBe(200);
    const { verification_token } = ok.json();
    expect(verification_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const mismatch = await call(t, 'shop.test', '/api/submit-new-password', { password: 'newpass1', password_confirmation: 'newpass2', userId, verification_token, isPhone: true });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toBeDefined();
    const short = await call(t, 'shop.test', '/api/submit-new-password', { password: 'abc', password_confirmation: 'abc', userId, verification_token, isPhone: true });
    expect(short.json().errors.password).toEqual(['Passwords must be at least 6 characters.']);

    const done = await call(t, 'shop.test', '/api/submit-new-password', { password: 'newpass1', password_confirmation: 'newpass1', userId, verification_token, isPhone: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toEqual(expect.any(String));

    expect((await call(t, 'shop.test', '/api/auth-user', {}, { token: oldToken })).statusCode).toBe(401);
    const oldPassword = await call(t, 'shop.test', '/api/login-password-submit', { userId, password: PASSWORD });
    expect(oldPassword.statusCode).toBe(422);
    const newPassword = await call(t, 'shop.test', '/api/login-password-submit', { userId, password: 'newpass1' });
    expect(newPassword.statusCode).toBe(200);
    expect((await call(t, 'shop.test', '/api/auth-user', {}, { token: newPassword.json().token })).statusCode).toBe(200);

    // The verification token is single use.
    const reuse = await call(t, 'shop.test', '/api/submit-new-password', { password: 'another1', password_confirmation: 'another1', userId, verification_token, isPhone: true });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().errors.verification_token).toBeDefined();
    // Put the fixture password back for the other tests.
    const again = await resetToken('9812345678');
    expect((await call(t, 'shop.test', '/api/submit-new-password', { password: PASSWORD, password_confirmation: PASSWORD, ...again })).statusCode).toBe(200);
  });

  it('works by email through forgot-password {email}, with the errors keyed email', async () => {
    const malformed = await call(t, 'shop.test', '/api/forgot-password', { email: 'nobody at example' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.email).toBeDefined();
    const { userId, verification_token } = await resetToken('asha@example.com', { email: 'asha@example.com' }, '/api/forgot-password');
    const done = await call(t, 'shop.test', '/api/submit-new-password', { password: PASSWORD, password_confirmation: PASSWORD, userId, verification_token, isPhone: false });
    expect(done.statusCode).toBe(200);
  });

  it('sends nothing for an unknown identifier, or one that exists only in another store, and never lets its answer pass', async () => {
    for (const [domain, phone] of [['shop.test', '9000000000'], ['other.test', '9812345678']] as const) {
      const before = await outboxCount();
      const res = await call(t, domain, '/api/forgot-password-send-otp', { phone });
      expect(res.statusCode).toBe(200);
      expect(await outboxCount()).toBe(before);
      const { userId, regId } = res.json();
      const submit = await call(t, domain, '/api/forgot-password-otp-submit', { userId, regId, otp: '123456' });
      expect(submit.statusCode).toBe(422);
      expect(submit.json().errors.otp).toEqual(['The code is incorrect.']);
    }
  });

  it('refuses an expired verification token, a token of another customer, and a reset code used as a login code', async () => {
    const { userId, verification_token } = await resetToken('9812345678');
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.customerId, userId));
    const expired = await call(t, 'shop.test', '/api/submit-new-password', { password: 'newpass1', password_confirmation: 'newpass1', userId, verification_token });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.verification_token).toBeDefined();

    const other = await createCustomer(t.db, storeId, { email: 'ben@example.com', phone: '9811111111' });
    const fresh = await resetToken('9812345678');
    const foreign = await call(t, 'shop.test', '/api/submit-new-password', { password: 'newpass1', password_confirmation: 'newpass1', userId: other.id, verification_token: fresh.verification_token });
    expect(foreign.statusCode).toBe(422);
    const otherStore = await call(t, 'other.test', '/api/submit-new-password', { password: 'newpass1', password_confirmation: 'newpass1', ...fresh });
    expect(otherStore.statusCode).toBe(422);

    const sent = await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: '9812345678' });
    const code = await latestCode(t, '9812345678', 'reset');
    const asLogin = await call(t, 'shop.test', '/api/login-otp-verify', { userId, regId: sent.json().regId, otp: code });
    expect(asLogin.statusCode).toBe(422);
  });

  it('resends and voice-calls reset codes, each voiding the last', async () => {
    const sent = await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: '9812345678' });
    const { userId, regId } = sent.json();
    const first = await latestCode(t, '9812345678', 'reset');
    const resent = await call(t, 'shop.test', '/api/forgot-password-resend-otp', { userId, regId });
    expect(resent.statusCode).toBe(200);
    const voice = await call(t, 'shop.test', '/api/forgot-password-voice-otp', { userId, regId: resent.json().regId });
    expect(voice.statusCode).toBe(200);
    const latest = await latestCode(t, '9812345678', 'reset');
    expect((await call(t, 'shop.test', '/api/forgot-password-otp-submit', { userId, regId, otp: first })).statusCode).toBe(422);
    expect((await call(t, 'shop.test', '/api/forgot-password-otp-submit', { userId, regId: voice.json().regId, otp: latest })).statusCode).toBe(200);
  });

  it('sends no reset code to an email or phone nobody verified', async () => {
    const c = await createCustomer(t.db, storeId, { email: 'new@example.com', phone: '9822222222', verified: false });
    const before = await outboxCount();
    const res = await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: 'new@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().userId).not.toBe(c.id);
    expect(await outboxCount()).toBe(before);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row!.emailVerifiedAt).toBeNull();
  });
});
