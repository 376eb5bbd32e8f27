import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { authTokens, customers } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { createStore } from './factories.ts';
import { call, createCustomer, latestCode, PASSWORD, signIn, wrongCode } from './auth-fixtures.ts';

// Password hashing runs scrypt at OWASP cost (128 MiB, ~0.5 s a hash): allow for a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let india: Awaited<ReturnType<typeof createStore>>;

beforeAll(async () => {
  t = await buildTestApp();
  india = await createStore(t.db, { domain: 'india.test', isFromIndia: true });
  await createStore(t.db, { domain: 'abroad.test', isFromIndia: false });
  await createCustomer(t.db, india.id, { email: 'asha@example.com', phone: '9812345678' });
});
afterAll(() => t?.close());

describe('login', () => {
  it('answers userId, is_phone and phone for a known mobile number or email', async () => {
    const byPhone = await call(t, 'india.test', '/api/login', { phone: '98123 45678' });
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json()).toMatchObject({ is_phone: true, phone: '9812345678' });
    const byEmail = await call(t, 'india.test', '/api/login', { phone: 'ASHA@example.com' });
    expect(byEmail.json()).toMatchObject({ userId: byPhone.json().userId, is_phone: false, phone: 'asha@example.com' });
  });

  it('answers 422 on phone for an unknown or malformed identifier, and for one that exists only in another store', async () => {
    for (const phone of ['nobody@example.com', 'not an identifier', '']) {
      const res = await call(t, 'india.test', '/api/login', { phone });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.phone).toBeDefined();
    }
    const other = await call(t, 'abroad.test', '/api/login', { phone: 'asha@example.com' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.phone).toBeDefined();
  });

  it('rejects an identifier longer than 128 characters', async () => {
    const res = await call(t, 'india.test', '/api/login', { phone: `${'a'.repeat(120)}@example.com` });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['phone']);
  });

  it('signs in with the right password and refuses a wrong one', async () => {
    const { userId } = (await call(t, 'india.test', '/api/login', { phone: '9812345678' })).json();
    const wrong = await call(t, 'india.test', '/api/login-password-submit', { userId, password: 'nope-nope', phone: '9812345678', isPhone: true });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toBeDefined();

    const ok = await call(t, 'india.test', '/api/login-password-submit', { userId: String(userId), password: PASSWORD, phone: '9812345678', isPhone: 'true' });
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({
      id: userId, name: 'Asha Rao', email: 'asha@example.com', phone: '9812345678', phone_country_code_id: 99, date_of_birth: null, gender: null,
    });
    // Only the hash is stored.
    const rows = await t.db.select().from(authTokens).where(eq(authTokens.customerId, userId));
    expect(rows.some((r) => r.tokenHash === body.token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);

    const alias = await call(t, 'india.test', '/api/login-with-password', { userId, password: PASSWORD });
    expect(alias.statusCode).toBe(200);
    expect(alias.json().token).not.toBe(body.token);
  });

  it('refuses a userId of another store', async () => {
    const { userId } = (await call(t, 'india.test', '/api/login', { phone: '9812345678' })).json();
    const res = await call(t, 'abroad.test', '/api/login-password-submit', { userId, password: PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toBeDefined();
  });

  it('signs in with a login code sent by SMS or email', async () => {
    const { userId } = (await call(t, 'india.test', '/api/login', { phone: 'asha@example.com' })).json();
    const sent = await call(t, 'india.test', '/api/login-send-otp', { userId, phone: 'asha@example.com', isPhone: false });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ userId, phone: 'a***@example.com', isPhone: false });
    const code = await latestCode(t, 'asha@example.com', 'login');
    const wrong = await call(t, 'india.test', '/api/login-otp-verify', { userId, regId: sent.json().regId, otp: wrongCode(code), isPhone: false, phone: 'asha@example.com' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.otp).toBeDefined();
    const ok = await call(t, 'india.test', '/api/login-otp-verify', { userId, regId: sent.json().regId, otp: code, isPhone: false, phone: 'asha@example.com' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(userId);

    const sms = await call(t, 'india.test', '/api/login-send-otp', { userId, phone: '9812345678', isPhone: true });
    expect(sms.json()).toMatchObject({ phone: '98******78', isPhone: true });
    const smsOk = await call(t, 'india.test', '/api/login-otp-verify', { userId, regId: sms.json().regId, otp: await latestCode(t, '9812345678', 'login') });
    expect(smsOk.statusCode).toBe(200);
  });
});

describe('session', () => {
  it('answers the user for a valid token, 401 without or after logout', async () => {
    const token = await signIn(t, 'india.test', '9812345678');
    const me = await call(t, 'india.test', '/api/auth-user', {}, { token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('asha@example.com');

    expect((await call(t, 'india.test', '/api/auth-user', {})).statusCode).toBe(401);
    expect((await call(t, 'india.test', '/api/auth-user', {}, { token: 'x'.repeat(43) })).statusCode).toBe(401);

    const out = await call(t, 'india.test', '/api/logout', {}, { token });
    expect(out.statusCode).toBe(200);
    expect((await call(t, 'india.test', '/api/auth-user', {}, { token })).statusCode).toBe(401);
    expect((await call(t, 'india.test', '/api/logout', {}, { token })).statusCode).toBe(401);
  });

  it('rejects a token of one store in another store', async () => {
    const token = await signIn(t, 'india.test', '9812345678');
    expect((await call(t, 'india.test', '/api/auth-user', {}, { token })).statusCode).toBe(200);
    const res = await call(t, 'abroad.test', '/api/auth-user', {}, { token });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });

  it('gives a new token at each sign-in; logging out one keeps the other', async () => {
    const a = await signIn(t, 'india.test', '9812345678');
    const b = await signIn(t, 'india.test', '9812345678');
    expect(a).not.toBe(b);
    await call(t, 'india.test', '/api/logout', {}, { token: a });
    expect((await call(t, 'india.test', '/api/auth-user', {}, { token: b })).statusCode).toBe(200);
  });

  it('expires a token left idle too long', async () => {
    const token = await signIn(t, 'india.test', '9812345678');
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(token).digest('hex');
    await t.db.update(authTokens).set({ lastUsedAt: new Date(Date.now() - 31 * 86400_000) }).where(eq(authTokens.tokenHash, hash));
    expect((await call(t, 'india.test', '/api/auth-user', {}, { token })).statusCode).toBe(401);
  });
});

describe('register', () => {
  it('registers in an Indian store with a mobile number only, then verifies the phone code and signs in', async () => {
    const res = await call(t, 'india.test', '/api/register', { name: 'Ravi', phone: '9000000001', password: 'abcdef', password_confirmation: 'abcdef' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isPhone: true, phone: '9000000001', email: null, regIdEmail: null });
    expect(body.regIdPhone).toEqual(expect.any(Number));
    const [row] = await t.db.select().from(customers).where(eq(customers.id, body.userId));
    expect(row!.phoneCountryCodeId).toBe(99);
    expect(row!.phoneVerifiedAt).toBeNull();
    expect(row!.passwordHash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);

    const code = await latestCode(t, '9000000001', 'register');
    const wrong = await call(t, 'india.test', '/api/register-otp-verify', { userId: body.userId, regIdPhone: body.regIdPhone, regIdEmail: null, phoneOtp: wrongCode(code), emailOtp: '', isPhone: true });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['phoneOtp']);
    const ok = await call(t, 'india.test', '/api/register-otp-verify', { userId: body.userId, regIdPhone: body.regIdPhone, regIdEmail: 'null', phoneOtp: code, emailOtp: '', isPhone: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ name: 'Ravi', phone: '9000000001' });
    const me = await call(t, 'india.test', '/api/auth-user', {}, { token: ok.json().token });
    expect(me.statusCode).toBe(200);
  });

  it('requires the mobile number in an Indian store and the email elsewhere', async () => {
    const india1 = await call(t, 'india.test', '/api/register', { name: 'No Phone', email: 'np@example.com', password: 'abcdef', password_confirmation: 'abcdef' });
    expect(india1.statusCode).toBe(422);
    expect(india1.json().errors.phone).toBeDefined();
    const abroad1 = await call(t, 'abroad.test', '/api/register', { name: 'No Email', phone: '9000000002', password: 'abcdef', password_confirmation: 'abcdef' });
    expect(abroad1.statusCode).toBe(422);
    expect(abroad1.json().errors.email).toBeDefined();
  });

  it('registers abroad with an email only and verifies it (user-register / user-verify-otp)', async () => {
    const res = await call(t, 'abroad.test', '/api/user-register', {
      name: 'Emma', country_code: 233, phone: '', email: 'Emma@Example.com', password: 'abcdef', password_confirmation: 'abcdef',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email: 'emma@example.com', phone: null, regIdPhone: null, isPhone: false });
    const ok = await call(t, 'abroad.test', '/api/user-verify-otp', {
      userId: body.userId, regIdEmail: body.regIdEmail, emailOtp: await latestCode(t, 'emma@example.com', 'register'), isPhone: false,
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, body.userId));
    expect(row!.emailVerifiedAt).not.toBeNull();
  });

  it('answers field errors for a short password, a mismatched confirmation, a long name and a bad email', async () => {
    const res = await call(t, 'india.test', '/api/register', { name: 'x'.repeat(51), phone: '9000000003', email: 'bad', password: 'abc', password_confirmation: 'abd' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.password).toEqual(['Passwords must be at least 6 characters.']);
    expect(errors.name).toBeDefined();
    expect(errors.email).toBeDefined();
    const mismatch = await call(t, 'india.test', '/api/register', { name: 'Ok', phone: '9000000003', password: 'abcdef', password_confirmation: 'abcdeg' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The password confirmation does not match.'] });
  });

  it('refuses an email or phone already registered in the same store, but not in another store', async () => {
    const dupPhone = await call(t, 'india.test', '/api/register', { name: 'Dup', phone: '9812345678', password: 'abcdef', password_confirmation: 'abcdef' });
    expect(dupPhone.statusCode).toBe(422);
    expect(dupPhone.json().errors.phone).toBeDefined();
    const dupEmail = await call(t, 'india.test', '/api/register', { name: 'Dup', phone: '9000000004', email: 'asha@example.com', password: 'abcdef', password_confirmation: 'abcdef' });
    expect(dupEmail.statusCode).toBe(422);
    expect(dupEmail.json().errors.email).toBeDefined();
    const elsewhere = await call(t, 'abroad.test', '/api/register', { name: 'Asha', email: 'asha@example.com', phone: '9812345678', password: 'abcdef', password_confirmation: 'abcdef' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses an unknown country code', async () => {
    const res = await call(t, 'india.test', '/api/register', { name: 'Cc', country_code: 9999, phone: '9000000005', password: 'abcdef', password_confirmation: 'abcdef' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.country_code).toBeDefined();
  });

  it('sends an unverified account from password sign-in to the register codes', async () => {
    const reg = await call(t, 'india.test', '/api/register', { name: 'Later', phone: '9000000006', email: 'later@example.com', password: 'abcdef', password_confirmation: 'abcdef' });
    expect(reg.statusCode).toBe(200);
    const firstPhoneRegId = reg.json().regIdPhone;
    const firstPhoneCode = await latestCode(t, '9000000006', 'register');

    const login = await call(t, 'india.test', '/api/login', { phone: 'later@example.com' });
    const res = await call(t, 'india.test', '/api/login-password-submit', { userId: login.json().userId, password: 'abcdef', phone: 'later@example.com', isPhone: false });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toBeUndefined();
    // The email was typed at Login; the phone was not, so it comes back masked.
    expect(body).toMatchObject({ userId: login.json().userId, isPhone: true, phone: '90******06', email: 'later@example.com' });
    expect(body.regIdPhone).not.toBe(firstPhoneRegId);

    // The fresh codes replaced the first ones.
    const old = await call(t, 'india.test', '/api/register-otp-verify', { userId: body.userId, regIdPhone: firstPhoneRegId, phoneOtp: firstPhoneCode });
    expect(old.statusCode).toBe(422);
    expect(old.json().errors.phoneOtp).toBeDefined();

    const ok = await call(t, 'india.test', '/api/register-otp-verify', {
      userId: body.userId, regIdPhone: body.regIdPhone, regIdEmail: body.regIdEmail,
      phoneOtp: await latestCode(t, '9000000006', 'register'), emailOtp: await latestCode(t, 'later@example.com', 'register'), isPhone: true,
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db.select().from(customers).where(and(eq(customers.id, body.userId), eq(customers.storeId, india.id)));
    expect(row!.phoneVerifiedAt).not.toBeNull();
    expect(row!.emailVerifiedAt).not.toBeNull();
    // Now verified: password sign-in answers a token.
    const again = await call(t, 'india.test', '/api/login-password-submit', { userId: body.userId, password: 'abcdef' });
    expect(again.json().token).toEqual(expect.any(String));
  });

  it('answers per-field errors when no register code is given', async () => {
    const reg = await call(t, 'india.test', '/api/register', { name: 'Blank', phone: '9000000007', password: 'abcdef', password_confirmation: 'abcdef' });
    const res = await call(t, 'india.test', '/api/register-otp-verify', { userId: reg.json().userId, regIdPhone: reg.json().regIdPhone, phoneOtp: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ phoneOtp: ['Enter the code.'] });
  });
});

describe('country codes', () => {
  it('lists codes with India as id 99 (+91)', async () => {
    const res = await t.app.inject({ url: '/api/country-codes', headers: { domain: 'india.test' } });
    expect(res.statusCode).toBe(200);
    const list = res.json().country_codes as { id: number; phonecode: string; name: string; iso: string }[];
    expect(list.length).toBeGreaterThan(200);
    expect(list.find((c) => c.id === 99)).toEqual({ id: 99, phonecode: '91', name: 'India', iso: 'IN' });
    expect(new Set(list.map((c) => c.id)).size).toBe(list.length);
  });
});
