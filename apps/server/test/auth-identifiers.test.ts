import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { customers, outboxMessages } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { createStore } from './factories.ts';
import { call, createCustomer, latestCode, signIn, wrongCode } from './auth-fixtures.ts';

// Password hashing runs scrypt at OWASP cost (128 MiB, ~0.5 s a hash): allow for a loaded machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

/**
 * Only verified emails and phones receive codes or sign in. A new one on the profile waits for the
 * code sent to it; an unverified claim (a registration never finished, a pending change) neither
 * signs its holder in nor stops the real owner from taking the email or phone.
 */

let t: TestApp;
let storeId: number;

beforeAll(async () => {
  t = await buildTestApp({ OTP_LIMIT_PER_RECIPIENT: '1000', OTP_LIMIT_PER_IP: '1000' });
  storeId = (await createStore(t.db, { domain: 'shop.test' })).id;
});
afterAll(() => t?.close());

async function messagesTo(to: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.to, to));
  return row!.n;
}

async function customerRow(id: number) {
  const [row] = await t.db.select().from(customers).where(eq(customers.id, id));
  return row!;
}

function register(input: { name: string; phone?: string; email?: string; password?: string }) {
  const password = input.password ?? 'abcdef';
  return call(t, 'shop.test', '/api/register', { ...input, password, password_confirmation: password });
}

describe('a new email or phone on the profile', () => {
  let userId: number;
  let token: string;
  beforeAll(async () => {
    userId = (await createCustomer(t.db, storeId, { email: 'asha@example.com', phone: '9812345678' })).id;
    token = await signIn(t, 'shop.test', '9812345678');
  });

  it('waits for its code: until then the verified one signs in and gets the codes', async () => {
    const res = await call(t, 'shop.test', '/api/update-profile', {
      name: 'Asha', email: 'asha.new@example.com', phone: '9812345678', phone_country_code_id: 99,
    }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'asha@example.com', phone: '9812345678' });
    expect(res.json().verify).toEqual([{ regId: expect.any(Number), to: 'asha.new@example.com', isPhone: false }]);
    expect(await latestCode(t, 'asha.new@example.com', 'change')).toMatch(/^\d{6}$/);

    // The new email does not sign in and gets no code; the old one still does both.
    expect((await call(t, 'shop.test', '/api/login', { phone: 'asha.new@example.com' })).statusCode).toBe(422);
    const sends = await messagesTo('asha.new@example.com');
    await call(t, 'shop.test', '/api/forgot-password', { email: 'asha.new@example.com' });
    await call(t, 'shop.test', '/api/login-send-otp', { userId, phone: 'asha.new@example.com' });
    expect(await messagesTo('asha.new@example.com')).toBe(sends);
    expect((await call(t, 'shop.test', '/api/login', { phone: 'asha@example.com' })).json().userId).toBe(userId);
    expect((await call(t, 'shop.test', '/api/forgot-password', { email: 'asha@example.com' })).statusCode).toBe(200);
    expect(await latestCode(t, 'asha@example.com', 'reset')).toMatch(/^\d{6}$/);
  });

  it('replaces the old one once its code comes back', async () => {
    const { regId } = (await call(t, 'shop.test', '/api/user-update', { name: 'Asha', email: 'asha.new@example.com', phone: '9812345678' }, { token })).json().verify[0];
    const code = await latestCode(t, 'asha.new@example.com', 'change');
    const wrong = await call(t, 'shop.test', '/api/verify-profile-identifier', { regId, otp: wrongCode(code) }, { token });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.otp).toEqual(['The code is incorrect.']);
    expect((await call(t, 'shop.test', '/api/verify-profile-identifier', { regId, otp: code })).statusCode).toBe(401);

    const ok = await call(t, 'shop.test', '/api/verify-profile-identifier', { regId, otp: code }, { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ user: { email: 'asha.new@example.com', phone: '9812345678' }, verify: [] });
    expect(await customerRow(userId)).toMatchObject({ email: 'asha.new@example.com', pendingEmail: null });
    expect((await customerRow(userId)).emailVerifiedAt).not.toBeNull();
    expect((await call(t, 'shop.test', '/api/login', { phone: 'asha.new@example.com' })).json().userId).toBe(userId);
    expect((await call(t, 'shop.test', '/api/login', { phone: 'asha@example.com' })).statusCode).toBe(422);
  });

  it('a new phone number comes with its country code, and can be sent again', async () => {
    const res = await call(t, 'shop.test', '/api/update-profile', {
      name: 'Asha', email: 'asha.new@example.com', phone: '4155550100', phone_country_code_id: 231,
    }, { token });
    expect(res.json().user).toMatchObject({ phone: '9812345678', phone_country_code_id: 99 });
    const first = res.json().verify[0];
    expect(first).toMatchObject({ to: '4155550100', isPhone: true });
    const resent = await call(t, 'shop.test', '/api/profile-resend-otp', { regId: first.regId }, { token });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ phone: '41******00', isPhone: true });
    const stale = await call(t, 'shop.test', '/api/verify-profile-identifier', { regId: first.regId, otp: await latestCode(t, '4155550100', 'change') }, { token });
    expect(stale.json().errors.otp).toEqual(['A newer code was sent. Please enter the latest code.']);
    const ok = await call(t, 'shop.test', '/api/verify-profile-identifier', { regId: resent.json().regId, otp: await latestCode(t, '4155550100', 'change') }, { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ phone: '4155550100', phone_country_code_id: 231 });
  });

  it('keeps a verified email or phone on the account', async () => {
    // Verified email, a phone never verified: dropping the email would leave nothing to sign in with.
    const ravi = await createCustomer(t.db, storeId, { email: 'ravi@example.com', phone: '9700000020' });
    await t.db.update(customers).set({ phoneVerifiedAt: null }).where(eq(customers.id, ravi.id));
    const raviToken = await signIn(t, 'shop.test', 'ravi@example.com');
    const drop = await call(t, 'shop.test', '/api/user-update', { name: 'Ravi', email: '', phone: '9700000020' }, { token: raviToken });
    expect(drop.statusCode).toBe(422);
    expect(drop.json().errors.email[0]).toMatch(/Keep a verified email or mobile number/);
    expect((await customerRow(ravi.id)).email).toBe('ravi@example.com');
    // Both new at once: each waits for its own code.
    const both = await call(t, 'shop.test', '/api/user-update', { name: 'Ravi', email: 'ravi.new@example.com', phone: '9700000021' }, { token: raviToken });
    expect(both.json().verify.map((v: { to: string }) => v.to)).toEqual(['ravi.new@example.com', '9700000021']);
  });
});

describe('squatting', () => {
  it('an unfinished registration neither blocks the owner nor signs in by the number', async () => {
    const squatter = await register({ name: 'Squatter', phone: '9700000001', email: 'squatter@example.com', password: 'squat-pass' });
    expect(squatter.statusCode).toBe(200);
    // The squatter verifies only their own email and signs in by it.
    const emailCode = await latestCode(t, 'squatter@example.com', 'register');
    const verified = await call(t, 'shop.test', '/api/register-otp-verify', { userId: squatter.json().userId, regIdEmail: squatter.json().regIdEmail, emailOtp: emailCode });
    expect(verified.statusCode).toBe(200);

    // The number signs nobody in, and codes for it reach nobody.
    const sends = await messagesTo('9700000001');
    expect((await call(t, 'shop.test', '/api/login', { phone: '9700000001' })).statusCode).toBe(422);
    expect((await call(t, 'shop.test', '/api/login-password-submit', { userId: squatter.json().userId, password: 'squat-pass', phone: '9700000001', isPhone: true })).statusCode).toBe(422);
    expect((await call(t, 'shop.test', '/api/login-send-otp', { userId: squatter.json().userId, phone: '9700000001', isPhone: true })).statusCode).toBe(200);
    expect((await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: '9700000001' })).statusCode).toBe(200);
    expect(await messagesTo('9700000001')).toBe(sends);

    // The owner registers with it, verifies it, and owns it; the squatter's claim is gone.
    const owner = await register({ name: 'Owner', phone: '9700000001' });
    expect(owner.statusCode).toBe(200);
    const ok = await call(t, 'shop.test', '/api/register-otp-verify', {
      userId: owner.json().userId, regIdPhone: owner.json().regIdPhone, phoneOtp: await latestCode(t, '9700000001', 'register'),
    });
    expect(ok.statusCode).toBe(200);
    expect((await customerRow(squatter.json().userId)).phone).toBeNull();
    expect((await call(t, 'shop.test', '/api/login', { phone: '9700000001' })).json().userId).toBe(owner.json().userId);
    // Now verified, it is taken: nobody else registers it.
    expect((await register({ name: 'Late', phone: '9700000001' })).json().errors.phone).toEqual(['This mobile number is already registered.']);
  });

  it('a pending profile change does not block the owner, and the owner\'s verification ends it', async () => {
    await createCustomer(t.db, storeId, { email: 'mallory@example.com', phone: '9700000009' });
    const token = await signIn(t, 'shop.test', 'mallory@example.com');
    const change = await call(t, 'shop.test', '/api/user-update', { name: 'Mallory', email: 'mallory@example.com', phone: '9700000002' }, { token });
    expect(change.statusCode).toBe(200);
    expect((await call(t, 'shop.test', '/api/login', { phone: '9700000002' })).statusCode).toBe(422);

    const owner = await register({ name: 'Owner Two', phone: '9700000002' });
    expect(owner.statusCode).toBe(200);
    const ownerCode = await latestCode(t, '9700000002', 'register');
    expect((await call(t, 'shop.test', '/api/register-otp-verify', { userId: owner.json().userId, regIdPhone: owner.json().regIdPhone, phoneOtp: ownerCode })).statusCode).toBe(200);
    const mallory = await call(t, 'shop.test', '/api/auth-user', {}, { token });
    expect(mallory.json().user.phone).toBe('9700000009');
    const [row] = await t.db.select().from(customers).where(eq(customers.email, 'mallory@example.com'));
    expect(row!.pendingPhone).toBeNull();
  });

  it('whoever verifies first owns it: the later code is refused', async () => {
    const first = await register({ name: 'First', phone: '9700000003' });
    const firstCode = await latestCode(t, '9700000003', 'register');
    const second = await register({ name: 'Second', phone: '9700000003' });
    const secondCode = await latestCode(t, '9700000003', 'register');
    expect((await call(t, 'shop.test', '/api/register-otp-verify', { userId: second.json().userId, regIdPhone: second.json().regIdPhone, phoneOtp: secondCode })).statusCode).toBe(200);
    const late = await call(t, 'shop.test', '/api/register-otp-verify', { userId: first.json().userId, regIdPhone: first.json().regIdPhone, phoneOtp: firstCode });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.phoneOtp).toBeDefined();
  });

  it('a registration not finished still finishes through password sign-in', async () => {
    const reg = await register({ name: 'Later', phone: '9700000004', password: 'later-pass' });
    const login = await call(t, 'shop.test', '/api/login', { phone: '9700000004' });
    expect(login.json().userId).toBe(reg.json().userId);
    const password = await call(t, 'shop.test', '/api/login-password-submit', { userId: reg.json().userId, password: 'later-pass', phone: '9700000004', isPhone: true });
    expect(password.json()).toMatchObject({ userId: reg.json().userId, regIdPhone: expect.any(Number), phone: '9700000004' });
    // A one-time password is no way around the verification.
    const otp = await call(t, 'shop.test', '/api/login-send-otp', { userId: reg.json().userId, phone: '9700000004', isPhone: true });
    expect(otp.statusCode).toBe(422);
    expect(otp.json().errors.phone[0]).toMatch(/not verified yet/);
  });
});
