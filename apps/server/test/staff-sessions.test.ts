import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { auditLog, staff as staffTable } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { createStore } from './factories.ts';
import { multipart } from './multipart.ts';
import { admin, createStaff, latestEmail, STAFF_PASSWORD, staffSignIn, totpCode } from './staff-fixtures.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

afterEach(() => { vi.useRealTimers(); });

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

/** Signs in from a browser and an address of the test's choosing; answers the token. */
async function signInFrom(t: TestApp, domain: string, email: string, userAgent: string, ip: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST', url: '/api/admin/login', remoteAddress: ip,
    headers: { domain, 'user-agent': userAgent }, payload: { email, password: STAFF_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

/** Signs in with a code sent to the member's email; answers the token (two-factor off) or the challenge for the authenticator code. */
async function signInByEmail(t: TestApp, domain: string, email: string): Promise<{ token?: string; challenge?: string }> {
  const sent = await admin(t, domain, '/login/email', { body: { email } });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = /\b(\d{6})\b/.exec((await latestEmail(t, email)).text)![1]!;
  const res = await admin(t, domain, '/login/email/verify', { body: { challenge: sent.json().challenge, code } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Turns two-factor on in the sign-in of `token`; answers the secret and the recovery codes. */
async function enrol(t: TestApp, domain: string, token: string): Promise<{ secret: string; recovery: string[] }> {
  const start = await admin(t, domain, '/me/totp/start', { token, body: {} });
  expect(start.statusCode, start.body).toBe(200);
  const secret = start.json().secret as string;
  const confirm = await admin(t, domain, '/me/totp/confirm', { token, body: { code: totpCode(secret) } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, recovery: confirm.json().recovery_codes };
}

/** Moves the clock to the start of the next 30-second step, so a fresh authenticator code is accepted. */
function nextStep() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 30_000);
}

describe('sign-ins that remember how they were made', () => {
  let t: TestApp;
  let storeId: number;
  let ownerToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    storeId = (await createStore(t.db, { domain: 'shop.test' })).id;
    await createStaff(t.db, storeId, 'owner');
    ownerToken = await staffSignIn(t, 'shop.test', 'owner@shop.test');
    await enrol(t, 'shop.test', ownerToken);
    const required = await admin(t, 'shop.test', '/settings/security', { token: ownerToken, body: { two_factor_required: true } });
    expect(required.statusCode, required.body).toBe(200);
  });
  afterAll(() => t?.close());

  it('keeps a password-only sign-in refused when the member turns two-factor on elsewhere', async () => {
    await createStaff(t.db, storeId, 'manager', 'm@shop.test');
    const passwordOnly = await staffSignIn(t, 'shop.test', 'm@shop.test');
    expect((await admin(t, 'shop.test', '/orders', { token: passwordOnly })).json().code).toBe('two_factor_required');

    // The member enrols from a sign-in that proved more than the password (an emailed code).
    const { token: emailed } = await signInByEmail(t, 'shop.test', 'm@shop.test');
    const { secret } = await enrol(t, 'shop.test', emailed!);
    // The enrolling sign-in proved the code; the password-only one was ended.
    expect((await admin(t, 'shop.test', '/orders', { token: emailed })).statusCode).toBe(200);
    expect((await admin(t, 'shop.test', '/orders', { token: passwordOnly })).statusCode).toBe(401);

    // A password-only sign-in that outlived the change (made before it, ended by nothing) is judged by how it was made.
    const [member] = await t.db.select().from(staffTable).where(eq(staffTable.email, 'm@shop.test'));
    await t.db.update(staffTable).set({ totpEnabled: false }).where(eq(staffTable.id, member!.id));
    const before = await staffSignIn(t, 'shop.test', 'm@shop.test');
    await t.db.update(staffTable).set({ totpEnabled: true }).where(eq(staffTable.id, member!.id));
    const stale = await admin(t, 'shop.test', '/orders', { token: before });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('two_factor_required');
    expect((await admin(t, 'shop.test', '/me', { token: before })).json()).toMatchObject({
      two_factor_setup_required: false, two_factor_sign_in_required: true, session: { first_factor: 'password', second_factor: null },
    });

    // Signing in again with the code gives full access.
    nextStep();
    const withCode = await admin(t, 'shop.test', '/login', { body: { email: 'm@shop.test', password: STAFF_PASSWORD, code: totpCode(secret) } });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect((await admin(t, 'shop.test', '/me', { token: withCode.json().token })).json().session).toMatchObject({ first_factor: 'password', second_factor: 'totp' });
    expect((await admin(t, 'shop.test', '/orders', { token: withCode.json().token })).statusCode).toBe(200);
  });

  it('lets an invited member enrol from the sign-in that accepted the invitation, not from a later password one', async () => {
    await admin(t, 'shop.test', '/staff', { token: ownerToken, body: { email: 'new@shop.test', name: 'New', role: 'assistant' } });
    const link = /\/admin\/invite\/([A-Za-z0-9_-]+)/.exec((await latestEmail(t, 'new@shop.test')).text)![1]!;
    const accepted = await admin(t, 'shop.test', '/invitation/accept', { body: { token: link, password: 'new-pass-1', password_confirmation: 'new-pass-1' } });
    expect(accepted.statusCode).toBe(200);
    const later = await admin(t, 'shop.test', '/login', { body: { email: 'new@shop.test', password: 'new-pass-1' } });
    expect((await admin(t, 'shop.test', '/me/totp/start', { token: later.json().token, body: {} })).json().code).toBe('fresh_sign_in_required');
    expect((await admin(t, 'shop.test', '/me', { token: accepted.json().token })).json().session).toMatchObject({ first_factor: 'invitation', may_enrol: true });
    await enrol(t, 'shop.test', accepted.json().token);
  });

  it('turns two-factor off only with the password and a current or recovery code, ending the other sign-ins', async () => {
    const other = await createStore(t.db, { domain: 'free.test' });
    await createStaff(t.db, other.id, 'owner', 'free@shop.test');
    const first = await staffSignIn(t, 'free.test', 'free@shop.test');
    const { secret, recovery } = await enrol(t, 'free.test', first);
    nextStep();
    const second = (await admin(t, 'free.test', '/login', { body: { email: 'free@shop.test', password: STAFF_PASSWORD, code: totpCode(secret) } })).json().token as string;

    const passwordOnly = await admin(t, 'free.test', '/me/totp/disable', { token: first, body: { password: STAFF_PASSWORD } });
    expect(passwordOnly.statusCode).toBe(422);
    expect(passwordOnly.json().errors.code).toBeDefined();
    const wrongCode = await admin(t, 'free.test', '/me/totp/disable', { token: first, body: { password: STAFF_PASSWORD, code: '000000' === totpCode(secret) ? '111111' : '000000' } });
    expect(wrongCode.json().errors).toEqual({ code: ['The code is incorrect.'] });
    const wrongPassword = await admin(t, 'free.test', '/me/totp/disable', { token: first, body: { password: 'not-it-1', code: recovery[0] } });
    expect(wrongPassword.json().errors).toEqual({ password: ['The password is incorrect.'] });
    const off = await admin(t, 'free.test', '/me/totp/disable', { token: first, body: { password: STAFF_PASSWORD, code: recovery[0] } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await admin(t, 'free.test', '/me', { token: first })).json().staff.two_factor_enabled).toBe(false);
    expect((await admin(t, 'free.test', '/me', { token: second })).statusCode).toBe(401);
  });

  it('changes the password with the current one and ends every other sign-in', async () => {
    await createStaff(t.db, storeId, 'assistant', 'pw@shop.test');
    const { token: here } = await signInByEmail(t, 'shop.test', 'pw@shop.test');
    const elsewhere = await staffSignIn(t, 'shop.test', 'pw@shop.test');
    const wrong = await admin(t, 'shop.test', '/me/password', { token: here, body: { current_password: 'not-it-1', password: 'brand-new-1', password_confirmation: 'brand-new-1' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toBeDefined();
    const changed = await admin(t, 'shop.test', '/me/password', { token: here, body: { current_password: STAFF_PASSWORD, password: 'brand-new-1', password_confirmation: 'brand-new-1' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await admin(t, 'shop.test', '/me', { token: here })).statusCode).toBe(200);
    expect((await admin(t, 'shop.test', '/me', { token: elsewhere })).statusCode).toBe(401);
    expect((await admin(t, 'shop.test', '/login', { body: { email: 'pw@shop.test', password: 'brand-new-1' } })).statusCode).toBe(200);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.password_change'));
    expect(entry).toMatchObject({ ip: '127.0.0.1', changes: { other_sessions_ended: { old: null, new: 1 } } });
  });
});

describe('sign-ins with an absolute lifetime, listed and ended', () => {
  let t: TestApp;
  let storeId: number;

  beforeAll(async () => {
    t = await buildTestApp({ STAFF_SESSION_DAYS: '3', TOKEN_IDLE_DAYS: '2' });
    storeId = (await createStore(t.db, { domain: 'shop.test' })).id;
    await createStore(t.db, { domain: 'other.test' });
    await createStaff(t.db, storeId, 'owner');
  });
  afterAll(() => t?.close());

  it('refuses a token past its lifetime however often it was used', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    await createStaff(t.db, storeId, 'manager', 'daily@shop.test');
    const token = await staffSignIn(t, 'shop.test', 'daily@shop.test');
    // Used every day, so never idle for two.
    for (const day of [1, 2]) {
      vi.setSystemTime(start + day * 86400_000);
      expect((await admin(t, 'shop.test', '/me', { token })).statusCode).toBe(200);
    }
    vi.setSystemTime(start + 3 * 86400_000 - 60_000);
    const me = (await admin(t, 'shop.test', '/me', { token })).json();
    expect(Date.parse(me.session.expires_at)).toBe(start + 3 * 86400_000);
    vi.setSystemTime(start + 3 * 86400_000 + 1000);
    const late = await admin(t, 'shop.test', '/me', { token });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('invalid_staff_token');
  });

  it('lists a member\'s sign-ins with when, where and on what; ends one or all others', async () => {
    const phone = await signInFrom(t, 'shop.test', 'owner@shop.test', SAFARI_ON_IPHONE, '198.51.100.7');
    const desk = await signInFrom(t, 'shop.test', 'owner@shop.test', CHROME_ON_WINDOWS, '203.0.113.20');
    const third = await signInFrom(t, 'shop.test', 'owner@shop.test', 'curl/8.1', '203.0.113.21');
    const list = await admin(t, 'shop.test', '/me/sessions', { token: desk, ip: '203.0.113.20' });
    expect(list.statusCode, list.body).toBe(200);
    const sessions = list.json().sessions as { id: number; device: string; ip: string; current: boolean; first_factor: string; created_at: string; last_used_at: string; expires_at: string }[];
    expect(sessions).toHaveLength(3);
    const current = sessions.find((s) => s.current)!;
    expect(current).toMatchObject({ device: 'Chrome 120 on Windows 10', ip: '203.0.113.20', first_factor: 'password' });
    expect(Date.parse(current.expires_at) - Date.parse(current.created_at)).toBe(3 * 86400_000);
    const onPhone = sessions.find((s) => s.ip === '198.51.100.7')!;
    expect(onPhone.device).toBe('Safari 17 on iOS');

    // A use from a new address is recorded.
    expect((await admin(t, 'shop.test', '/me', { token: phone, ip: '198.51.100.99' })).statusCode).toBe(200);
    const moved = (await admin(t, 'shop.test', '/me/sessions', { token: desk, ip: '203.0.113.20' })).json().sessions as { id: number; ip: string }[];
    expect(moved.find((s) => s.id === onPhone.id)!.ip).toBe('198.51.100.99');

    const endOne = await admin(t, 'shop.test', `/me/sessions/${onPhone.id}/end`, { token: desk, body: {} });
    expect(endOne.json()).toMatchObject({ ended: 1 });
    expect((await admin(t, 'shop.test', '/me', { token: phone })).statusCode).toBe(401);
    expect((await admin(t, 'shop.test', `/me/sessions/${onPhone.id}/end`, { token: desk, body: {} })).statusCode).toBe(404);
    const others = await admin(t, 'shop.test', '/me/sessions/end-others', { token: desk, body: {} });
    expect(others.json()).toMatchObject({ ended: 1 });
    expect((await admin(t, 'shop.test', '/me', { token: third })).statusCode).toBe(401);
    expect((await admin(t, 'shop.test', '/me', { token: desk })).statusCode).toBe(200);
  });

  it('lets owners list and end a member\'s sign-ins; a member cannot end another\'s', async () => {
    const owner = await staffSignIn(t, 'shop.test', 'owner@shop.test');
    const assistant = await createStaff(t.db, storeId, 'assistant', 'a@shop.test');
    const one = await signInFrom(t, 'shop.test', 'a@shop.test', CHROME_ON_WINDOWS, '192.0.2.1');
    const two = await signInFrom(t, 'shop.test', 'a@shop.test', SAFARI_ON_IPHONE, '192.0.2.2');
    const listed = (await admin(t, 'shop.test', `/staff/${assistant.id}/sessions`, { token: owner })).json().sessions as { id: number; ip: string; current: boolean }[];
    expect(listed.map((s) => s.ip).sort()).toEqual(['192.0.2.1', '192.0.2.2']);
    expect(listed.every((s) => !s.current)).toBe(true);
    // Not the assistant's to see or end: the staff capability is the owner's.
    expect((await admin(t, 'shop.test', `/staff/${assistant.id}/sessions`, { token: one })).statusCode).toBe(403);
    const ownerSessions = (await admin(t, 'shop.test', '/me/sessions', { token: owner })).json().sessions as { id: number }[];
    expect((await admin(t, 'shop.test', `/me/sessions/${ownerSessions[0]!.id}/end`, { token: one, body: {} })).statusCode).toBe(404);

    const first = listed.find((s) => s.ip === '192.0.2.1')!;
    expect((await admin(t, 'shop.test', `/staff/${assistant.id}/sessions/${first.id}/end`, { token: owner, body: {} })).json()).toMatchObject({ ended: 1 });
    expect((await admin(t, 'shop.test', '/me', { token: one })).statusCode).toBe(401);
    expect((await admin(t, 'shop.test', `/staff/${assistant.id}/sessions/end`, { token: owner, body: {} })).json()).toMatchObject({ ended: 1 });
    expect((await admin(t, 'shop.test', '/me', { token: two })).statusCode).toBe(401);
    // Another store's owner finds no such member.
    await createStaff(t.db, (await t.app.services.stores.findByDomain('other.test'))!.id, 'owner', 'o@other.test');
    const foreign = await staffSignIn(t, 'other.test', 'o@other.test');
    expect((await admin(t, 'other.test', `/staff/${assistant.id}/sessions`, { token: foreign })).statusCode).toBe(404);
    const ends = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.sessions_end'), eq(auditLog.objectId, String(assistant.id))));
    expect(ends).toHaveLength(2);
  });
});

describe('audit entries with the client address', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Behind a proxy on the loopback: the address is the forwarded one, as the rate limits see it.
    t = await buildTestApp({ TRUSTED_PROXIES: 'loopback' });
    const store = await createStore(t.db, { domain: 'shop.test' });
    await createStaff(t.db, store.id, 'owner');
  });
  afterAll(() => t?.close());

  const via = (ip: string) => ({ 'x-forwarded-for': ip });

  it('records a picture upload, two-factor enrolment and sign-ins (refused too) with the address', async () => {
    const refused = await t.app.inject({
      method: 'POST', url: '/api/admin/login', remoteAddress: '127.0.0.1', headers: { domain: 'shop.test', ...via('198.51.100.66') },
      payload: { email: 'owner@shop.test', password: 'wrong-pass-1' },
    });
    expect(refused.statusCode).toBe(422);
    const signIn = await t.app.inject({
      method: 'POST', url: '/api/admin/login', remoteAddress: '127.0.0.1', headers: { domain: 'shop.test', ...via('203.0.113.5') },
      payload: { email: 'owner@shop.test', password: STAFF_PASSWORD },
    });
    const token = signIn.json().token as string;
    const call = (method: 'POST', url: string, payload: object, headers: Record<string, string> = { 'content-type': 'application/json' }) => t.app.inject({
      method, url, remoteAddress: '127.0.0.1', headers: { domain: 'shop.test', authorization: `Bearer ${token}`, ...via('203.0.113.5'), ...headers },
      payload: payload as never,
    });

    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#36c' } }).jpeg().toBuffer();
    const { payload, contentType } = multipart([['file', jpeg, 'stone.jpg', 'image/jpeg']]);
    const upload = await call('POST', '/api/admin/media', payload, { 'content-type': contentType });
    expect(upload.statusCode, upload.body).toBe(200);
    const start = await call('POST', '/api/admin/me/totp/start', {});
    const confirm = await call('POST', '/api/admin/me/totp/confirm', { code: totpCode(start.json().secret) });
    expect(confirm.statusCode).toBe(200);

    const log = (await admin(t, 'shop.test', '/audit', { token })).json().entries as { action: string; ip: string; object_id: string; changes: Record<string, { new: unknown }> }[];
    const byAction = (action: string) => log.filter((e) => e.action === action);
    expect(byAction('media.upload')).toEqual([expect.objectContaining({ ip: '203.0.113.5', object_id: upload.json().photo.name })]);
    expect(byAction('staff.two_factor_start')).toEqual([expect.objectContaining({ ip: '203.0.113.5' })]);
    expect(byAction('staff.two_factor_enable')).toEqual([expect.objectContaining({ ip: '203.0.113.5' })]);
    expect(byAction('staff.sign_in')).toEqual([expect.objectContaining({ ip: '203.0.113.5', changes: { method: { old: null, new: 'password' } } })]);
    expect(byAction('staff.sign_in_refused')).toEqual([expect.objectContaining({ ip: '198.51.100.66', changes: { reason: { old: null, new: 'wrong_password' } } })]);
  });
});

describe('a locked password path', () => {
  let t: TestApp;
  let secret: string;
  let ownerToken: string;

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_FAILURE_LIMIT_PER_ACCOUNT: '4' });
    const store = await createStore(t.db, { domain: 'shop.test' });
    await createStaff(t.db, store.id, 'owner');
    await createStaff(t.db, store.id, 'manager', 'm@shop.test');
    ownerToken = await staffSignIn(t, 'shop.test', 'owner@shop.test');
    const member = await staffSignIn(t, 'shop.test', 'm@shop.test');
    ({ secret } = await enrol(t, 'shop.test', member));
  });
  afterAll(() => t?.close());

  const login = (body: object, ip = '198.51.100.1') => admin(t, 'shop.test', '/login', { ip, body: { email: 'm@shop.test', ...body } });

  it('still signs in a member who proves the second factor, or an emailed code, and tells the owners', async () => {
    // An attacker from several addresses fills the member's password bucket.
    for (let i = 0; i < 6; i++) await login({ password: `guess-${i}-pass` }, `198.51.100.${10 + (i % 3)}`);
    const locked = await login({ password: STAFF_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('password_locked');

    // While locked, a wrong password with a code and the right password with a wrong code get the same answer.
    nextStep();
    const badCode = '000000' === totpCode(secret) ? '111111' : '000000';
    const guess = await login({ password: 'guess-x-pass', code: totpCode(secret) });
    const noCode = await login({ password: STAFF_PASSWORD, code: badCode });
    expect([guess.statusCode, noCode.statusCode]).toEqual([422, 422]);
    expect(guess.json()).toEqual(noCode.json());

    // The member: password and a fresh authenticator code.
    nextStep();
    const member = await login({ password: STAFF_PASSWORD, code: totpCode(secret) });
    expect(member.statusCode, member.body).toBe(200);
    expect((await admin(t, 'shop.test', '/me', { token: member.json().token })).json().session).toMatchObject({ second_factor: 'totp' });

    // Or an emailed code, then the authenticator code.
    const { challenge } = await signInByEmail(t, 'shop.test', 'm@shop.test');
    expect(challenge).toBeDefined();
    nextStep();
    const viaEmail = await admin(t, 'shop.test', '/login/totp', { body: { challenge, code: totpCode(secret) } });
    expect(viaEmail.statusCode, viaEmail.body).toBe(200);
    expect((await admin(t, 'shop.test', '/me', { token: viaEmail.json().token })).json().session).toMatchObject({ first_factor: 'email_code', second_factor: 'totp' });

    // The owners see who is attacked.
    const alerts = await admin(t, 'shop.test', '/staff/sign-in-alerts', { token: ownerToken });
    expect(alerts.statusCode, alerts.body).toBe(200);
    expect(alerts.json().alerts).toEqual([expect.objectContaining({
      staff: expect.objectContaining({ email: 'm@shop.test' }), password_locked: true, addresses: 4, refusals: 9,
    })]);
  });
});
