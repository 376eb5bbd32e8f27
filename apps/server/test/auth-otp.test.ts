import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { otpCodes, outboxMessages } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { createStore } from './factories.ts';
import { call, createCustomer, latestCode, wrongCode } from './auth-fixtures.ts';

// Password hashing runs scrypt at OWASP cost (128 MiB, ~0.5 s a hash): allow for a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let userId: number;
let otherUserId: number;

/** Sends a login code to the mobile number; answers its regId and code. */
async function loginCode(id = userId, to = '9812345678'): Promise<{ regId: number; code: string }> {
  const sent = await call(t, 'shop.test', '/api/login-send-otp', { userId: id, phone: to, isPhone: !to.includes('@') });
  expect(sent.statusCode).toBe(200);
  return { regId: sent.json().regId, code: await latestCode(t, to, 'login') };
}

function verify(regId: number, otp: string, id = userId) {
  return call(t, 'shop.test', '/api/login-otp-verify', { userId: id, regId, otp, isPhone: true, phone: '9812345678' });
}

beforeAll(async () => {
  // Generous send limits: this file sends many codes to one number (the limits have their own tests below).
  t = await buildTestApp({ OTP_LIMIT_PER_RECIPIENT: '1000', OTP_LIMIT_PER_IP: '1000' });
  const store = await createStore(t.db, { domain: 'shop.test' });
  await createStore(t.db, { domain: 'other.test' });
  userId = (await createCustomer(t.db, store.id)).id;
  otherUserId = (await createCustomer(t.db, store.id, { email: 'ben@example.com', phone: '9811111111' })).id;
});
afterAll(() => t?.close());

describe('one-time codes', () => {
  it('are 6 digits, stored hashed, valid for 10 minutes', async () => {
    const { regId, code } = await loginCode();
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.regId, regId));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(9.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 1000);
    expect((await verify(regId, code)).statusCode).toBe(200);
  });

  it('refuses a wrong code, then accepts the right one', async () => {
    const { regId, code } = await loginCode();
    const wrong = await verify(regId, wrongCode(code));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.otp).toEqual(['The code is incorrect.']);
    expect((await verify(regId, 'abc')).statusCode).toBe(422);
    expect((await verify(regId, code)).statusCode).toBe(200);
  });

  it('refuses a used code', async () => {
    const { regId, code } = await loginCode();
    expect((await verify(regId, code)).statusCode).toBe(200);
    const again = await verify(regId, code);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.otp[0]).toMatch(/already been used/);
  });

  it('refuses an expired code', async () => {
    const { regId, code } = await loginCode();
    await t.db.update(otpCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(otpCodes.regId, regId));
    const res = await verify(regId, code);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.otp[0]).toMatch(/expired/);
  });

  it('refuses a code of another purpose, another customer or another store', async () => {
    const reset = await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: '9812345678' });
    expect(reset.statusCode).toBe(200);
    const resetCode = await latestCode(t, '9812345678', 'reset');
    const asLogin = await verify(reset.json().regId, resetCode);
    expect(asLogin.statusCode).toBe(422);
    expect(asLogin.json().errors.otp[0]).toMatch(/not valid/);

    const { regId, code } = await loginCode();
    expect((await verify(regId, code, otherUserId)).statusCode).toBe(422);
    const foreign = await call(t, 'other.test', '/api/login-otp-verify', { userId, regId, otp: code });
    expect(foreign.statusCode).toBe(422);
    // Still good where it belongs.
    expect((await verify(regId, code)).statusCode).toBe(200);
  });

  it('allows at most 5 wrong tries per code', async () => {
    const { regId, code } = await loginCode();
    for (let i = 0; i < 4; i++) expect((await verify(regId, wrongCode(code))).json().errors.otp).toEqual(['The code is incorrect.']);
    const fifth = await verify(regId, wrongCode(code));
    expect(fifth.json().errors.otp[0]).toMatch(/Too many wrong tries/);
    const right = await verify(regId, code);
    expect(right.statusCode).toBe(422);
    expect(right.json().errors.otp[0]).toMatch(/Too many wrong tries/);
  });

  it('resend voids the old code and answers a new regId; the new one works', async () => {
    const first = await loginCode();
    const resent = await call(t, 'shop.test', '/api/login-resend-otp', { userId, regId: first.regId });
    expect(resent.statusCode).toBe(200);
    // The resend names only the code: where it went comes back masked.
    expect(resent.json()).toMatchObject({ userId, phone: '98******78', isPhone: true });
    const newRegId = resent.json().regId;
    expect(newRegId).not.toBe(first.regId);
    const newCode = await latestCode(t, '9812345678', 'login');

    const old = await verify(first.regId, first.code);
    expect(old.statusCode).toBe(422);
    expect(old.json().errors.otp[0]).toMatch(/newer code/);
    expect((await verify(newRegId, newCode)).statusCode).toBe(200);
  });

  it('voice resend calls the mobile number; refuses it for an email code', async () => {
    const first = await loginCode();
    const voice = await call(t, 'shop.test', '/api/login-voice-otp', { userId, regId: first.regId });
    expect(voice.statusCode).toBe(200);
    const [msg] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, '9812345678')).orderBy(outboxMessages.id).then((r) => r.slice(-1));
    expect(msg!.channel).toBe('voice');
    expect((await verify(voice.json().regId, msg!.code!)).statusCode).toBe(200);

    const byEmail = await loginCode(userId, 'asha@example.com');
    const refused = await call(t, 'shop.test', '/api/login-voice-otp', { userId, regId: byEmail.regId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.otp).toBeDefined();
    const emailResend = await call(t, 'shop.test', '/api/login-resend-otp', { userId, regId: byEmail.regId });
    expect(emailResend.statusCode).toBe(200);
    expect(emailResend.json()).toMatchObject({ phone: 'a***@example.com', isPhone: false });
  });

  it('refuses a resend for a regId of another customer or purpose', async () => {
    const { regId } = await loginCode();
    expect((await call(t, 'shop.test', '/api/login-resend-otp', { userId: otherUserId, regId })).statusCode).toBe(422);
    expect((await call(t, 'shop.test', '/api/register-resend-otp', { userId, regId })).statusCode).toBe(422);
    expect((await call(t, 'shop.test', '/api/forgot-password-voice-otp', { userId, regId })).statusCode).toBe(422);
  });

  it('needs the identifier typed at Login', async () => {
    for (const phone of [undefined, '', 'not an identifier']) {
      const res = await call(t, 'shop.test', '/api/login-send-otp', { userId, phone, isPhone: true });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['phone']);
    }
  });
});
