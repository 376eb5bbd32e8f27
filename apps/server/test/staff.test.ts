import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditRoutes, endpoints, staffRoutes } from '@gemstore/contracts';
import { roleMay, STAFF_ROLES, type StaffRole } from '@gemstore/contracts/constants';
import { staff as staffTable } from '@gemstore/db';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './helper.ts';
import { createStore } from './factories.ts';
import { createCustomer, signIn as customerSignIn } from './auth-fixtures.ts';
import { admin, createStaff, invitationToken, latestEmail, STAFF_PASSWORD, staffSignIn, totpCode } from './staff-fixtures.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

afterEach(() => { vi.useRealTimers(); });

/** Every staff call of the table, with a body and id its schema reads (allowed callers may still get 404 or 422). */
const staffCalls = Object.entries({ ...staffRoutes, ...auditRoutes })
  // Logout is every member's (and ends the token the other calls use): it has its own test.
  .filter(([name, r]) => r.access === 'staff' && name !== 'adminLogout')
  .map(([name, r]) => ({ name, method: r.method, path: r.path.replace('/admin', '').replace(':id', '999999'), capability: 'capability' in r ? r.capability : undefined }));

function callAs(t: TestApp, domain: string, c: (typeof staffCalls)[number], token?: string) {
  return admin(t, domain, c.path, { method: c.method, token, ...(c.method === 'POST' ? { body: {} } : {}) });
}

describe('staff sign-in, roles and tenancy', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createStore>>;
  let b: Awaited<ReturnType<typeof createStore>>;
  const tokens = {} as Record<StaffRole, string>;
  let bOwner: Awaited<ReturnType<typeof createStaff>>;
  let bOwnerToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    a = await createStore(t.db, { domain: 'a.test' });
    b = await createStore(t.db, { domain: 'b.test' });
    for (const role of STAFF_ROLES) {
      await createStaff(t.db, a.id, role);
      tokens[role] = await staffSignIn(t, 'a.test', `${role}@shop.test`);
    }
    // Store B has a member with the same email as A's owner: accounts are per store.
    bOwner = await createStaff(t.db, b.id, 'owner', 'owner@shop.test');
    bOwnerToken = await staffSignIn(t, 'b.test', 'owner@shop.test');
  });
  afterAll(() => t?.close());

  it('describes every staff call in the OpenAPI document with the staff scheme and the roles allowed', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(staffCalls.length).toBeGreaterThanOrEqual(11);
    expect(doc.paths['/api/admin/logout'].post.security).toEqual([{ staff: [] }]);
    for (const c of staffCalls) {
      const e = endpoints[c.name as keyof typeof endpoints];
      const op = doc.paths[`/api${e.path.replace(/:(\w+)/g, '{$1}')}`][c.method.toLowerCase()];
      expect(op.security, c.name).toEqual([{ staff: [] }]);
      expect(op['x-staff-roles'], c.name).toEqual(STAFF_ROLES.filter((r) => !c.capability || roleMay(r, c.capability)));
    }
    expect(doc.paths['/api/admin/staff'].post['x-staff-roles']).toEqual(['owner']);
  });

  it('answers a token and the member for the right password, and the same 422 for a wrong password or an unknown email', async () => {
    const ok = await admin(t, 'a.test', '/login', { body: { email: 'MANAGER@shop.test', password: STAFF_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().staff).toMatchObject({ email: 'manager@shop.test', role: 'manager', name: 'The manager' });
    expect(ok.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const wrong = await admin(t, 'a.test', '/login', { body: { email: 'manager@shop.test', password: 'nope-nope' } });
    const unknown = await admin(t, 'a.test', '/login', { body: { email: 'nobody@shop.test', password: 'nope-nope' } });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([422, 422]);
    expect(wrong.json()).toEqual(unknown.json());
    // A's password does not sign in to B: B's member has a different password hash only by chance; the store decides.
    expect((await admin(t, 'b.test', '/login', { body: { email: 'manager@shop.test', password: STAFF_PASSWORD } })).statusCode).toBe(422);
  });

  it('role matrix: each role against each staff call is allowed or 403, as ROLE_CAPABILITIES says', async () => {
    const matrix: string[] = [];
    for (const c of staffCalls) {
      for (const role of STAFF_ROLES) {
        const res = await callAs(t, 'a.test', c, tokens[role]);
        const allowed = !c.capability || roleMay(role, c.capability);
        expect(res.statusCode, `${role} ${c.name}: ${res.body}`).not.toBe(401);
        if (allowed) expect(res.statusCode, `${role} ${c.name}: ${res.body}`).not.toBe(403);
        else {
          expect(res.statusCode, `${role} ${c.name}`).toBe(403);
          expect(res.json().code).toBe('forbidden');
        }
        matrix.push(`${role}:${c.name}:${allowed}`);
      }
    }
    expect(matrix).toContain('manager:adminStaffList:false');
    expect(matrix).toContain('assistant:adminSecurityUpdate:false');
    expect(matrix).toContain('owner:adminAudit:true');
  });

  it('refuses signed-out callers (401 before validation) and customer tokens on every /api/admin call', async () => {
    await createCustomer(t.db, a.id, { email: 'shopper@example.com', phone: '9800000001' });
    const customerToken = await customerSignIn(t, 'a.test', 'shopper@example.com');
    for (const c of staffCalls) {
      expect((await callAs(t, 'a.test', c)).statusCode, c.name).toBe(401);
      expect((await callAs(t, 'a.test', c, customerToken)).statusCode, c.name).toBe(401);
    }
    // Even the public back-office calls refuse a customer token.
    const login = await admin(t, 'a.test', '/login', { token: customerToken, body: { email: 'owner@shop.test', password: STAFF_PASSWORD } });
    expect(login.statusCode).toBe(401);
    // The customer token still works where it belongs.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth-user', headers: { domain: 'a.test', authorization: `Bearer ${customerToken}` } })).statusCode).toBe(200);
  });

  it('refuses staff tokens on customer calls', async () => {
    for (const url of ['/api/auth-user', '/api/cart-all', '/api/orders', '/api/address']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { domain: 'a.test', authorization: `Bearer ${tokens.owner}` } });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("tenant matrix: store A's tokens answer 401 on store B's domain for every call, and B's objects are not found from A", async () => {
    for (const c of staffCalls) {
      for (const role of STAFF_ROLES) expect((await callAs(t, 'b.test', c, tokens[role])).statusCode, `${role} ${c.name}`).toBe(401);
    }
    const remove = await admin(t, 'a.test', `/staff/${bOwner.id}/remove`, { token: tokens.owner, body: {} });
    const role = await admin(t, 'a.test', `/staff/${bOwner.id}/role`, { token: tokens.owner, body: { role: 'assistant' } });
    expect([remove.statusCode, role.statusCode]).toEqual([404, 404]);
    const [row] = await t.db.select().from(staffTable).where(eq(staffTable.id, bOwner.id));
    expect(row).toMatchObject({ status: 'active', role: 'owner' });
    // A's list and audit name nothing of B's.
    const list = (await admin(t, 'a.test', '/staff', { token: tokens.owner })).json().staff as { id: number }[];
    expect(list.map((s) => s.id)).not.toContain(bOwner.id);
    expect((await admin(t, 'b.test', '/me', { token: bOwnerToken })).json().staff.id).toBe(bOwner.id);
    const audit = (await admin(t, 'a.test', `/audit?object_type=staff&object_id=${bOwner.id}`, { token: tokens.owner })).json();
    expect(audit.total).toBe(0);
  });

  it('tells a member who they are and what their role may do; logout ends the token', async () => {
    const me = await admin(t, 'a.test', '/me', { token: tokens.assistant });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ staff: { role: 'assistant', two_factor_enabled: false }, capabilities: ['catalogue', 'content', 'orders'] });
    const extra = await staffSignIn(t, 'a.test', 'assistant@shop.test');
    expect((await admin(t, 'a.test', '/logout', { token: extra, body: {} })).statusCode).toBe(200);
    expect((await admin(t, 'a.test', '/me', { token: extra })).statusCode).toBe(401);
    expect((await admin(t, 'a.test', '/me', { token: tokens.assistant })).statusCode).toBe(200);
  });

  it("names the time zone the store keeps its days in, for the back office's dates", async () => {
    expect((await admin(t, 'a.test', '/me', { token: tokens.owner })).json().store).toMatchObject({ time_zone: 'Asia/Kolkata' });
    const us = await createStore(t.db, { domain: 'us.test', isFromIndia: false });
    await createStaff(t.db, us.id, 'owner', 'owner@us.test');
    const usToken = await staffSignIn(t, 'us.test', 'owner@us.test');
    expect((await admin(t, 'us.test', '/me', { token: usToken })).json().store).toMatchObject({ time_zone: 'UTC' });
  });
});

describe('staff management and the audit log', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createStaff>>;
  let ownerToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await createStore(t.db, { domain: 'shop.test' });
    const store = (await t.app.services.stores.findByDomain('shop.test'))!;
    owner = await createStaff(t.db, store.id, 'owner');
    ownerToken = await staffSignIn(t, 'shop.test', 'owner@shop.test');
  });
  afterAll(() => t?.close());

  it('invites by email with a single-use link that sets the password and signs in', async () => {
    const invite = await admin(t, 'shop.test', '/staff', { token: ownerToken, body: { email: 'Asha@Example.com', name: 'Asha', role: 'assistant' } });
    expect(invite.statusCode, invite.body).toBe(200);
    expect(invite.json().staff).toMatchObject({ email: 'asha@example.com', status: 'invited', role: 'assistant' });
    const email = await latestEmail(t, 'asha@example.com');
    expect(email.purpose).toBe('staff-invite');
    expect(email.text).toContain('http://shop.test/admin/invite/');
    const token = await invitationToken(t, 'asha@example.com');

    // Not a member until accepted.
    expect((await admin(t, 'shop.test', '/login', { body: { email: 'asha@example.com', password: 'whatever1' } })).statusCode).toBe(422);
    expect((await admin(t, 'shop.test', '/invitation', { body: { token } })).json()).toMatchObject({ email: 'asha@example.com', role: 'assistant' });
    const accept = await admin(t, 'shop.test', '/invitation/accept', { body: { token, password: 'new-pass-1', password_confirmation: 'new-pass-1' } });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json().staff).toMatchObject({ email: 'asha@example.com', role: 'assistant' });
    expect((await admin(t, 'shop.test', '/me', { token: accept.json().token })).statusCode).toBe(200);
    // Single use.
    const again = await admin(t, 'shop.test', '/invitation/accept', { body: { token, password: 'other-pass-1', password_confirmation: 'other-pass-1' } });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toBeDefined();
    expect((await admin(t, 'shop.test', '/login', { body: { email: 'asha@example.com', password: 'new-pass-1' } })).statusCode).toBe(200);
    // Inviting an active member again is a conflict.
    const dup = await admin(t, 'shop.test', '/staff', { token: ownerToken, body: { email: 'asha@example.com', name: 'Asha', role: 'manager' } });
    expect(dup.statusCode).toBe(409);
  });

  it('refuses an invitation after seven days, and a renewed invitation replaces the old link', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    await admin(t, 'shop.test', '/staff', { token: ownerToken, body: { email: 'late@example.com', name: 'Late', role: 'manager' } });
    const first = await invitationToken(t, 'late@example.com');
    vi.setSystemTime(start + 8 * 86400_000);
    expect((await admin(t, 'shop.test', '/invitation', { body: { token: first } })).statusCode).toBe(422);
    const renewed = await admin(t, 'shop.test', '/staff', { token: ownerToken, body: { email: 'late@example.com', name: 'Late', role: 'manager' } });
    expect(renewed.statusCode).toBe(200);
    const second = await invitationToken(t, 'late@example.com');
    expect(second).not.toBe(first);
    vi.setSystemTime(start + 9 * 86400_000);
    expect((await admin(t, 'shop.test', '/invitation', { body: { token: second } })).statusCode).toBe(200);
    expect((await admin(t, 'shop.test', '/invitation', { body: { token: first } })).statusCode).toBe(422);
  });

  it('ends the sign-ins of a member whose role changes or who is removed; the last owner stays', async () => {
    const store = (await t.app.services.stores.findByDomain('shop.test'))!;
    const manager = await createStaff(t.db, store.id, 'manager', 'm2@shop.test');
    const managerToken = await staffSignIn(t, 'shop.test', 'm2@shop.test');
    const change = await admin(t, 'shop.test', `/staff/${manager.id}/role`, { token: ownerToken, body: { role: 'assistant' } });
    expect(change.statusCode).toBe(200);
    expect(change.json().staff.role).toBe('assistant');
    expect((await admin(t, 'shop.test', '/me', { token: managerToken })).statusCode).toBe(401);
    const newToken = await staffSignIn(t, 'shop.test', 'm2@shop.test');
    expect((await admin(t, 'shop.test', '/me', { token: newToken })).json().staff.role).toBe('assistant');

    expect((await admin(t, 'shop.test', `/staff/${manager.id}/remove`, { token: ownerToken, body: {} })).statusCode).toBe(200);
    expect((await admin(t, 'shop.test', '/me', { token: newToken })).statusCode).toBe(401);
    expect((await admin(t, 'shop.test', '/login', { body: { email: 'm2@shop.test', password: STAFF_PASSWORD } })).statusCode).toBe(422);

    const lastOwner = await admin(t, 'shop.test', `/staff/${owner.id}/role`, { token: ownerToken, body: { role: 'manager' } });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().code).toBe('last_owner');
    expect((await admin(t, 'shop.test', `/staff/${owner.id}/remove`, { token: ownerToken, body: {} })).statusCode).toBe(409);
  });

  it('records every staff write with who, what and the fields changed; owners filter it by member and object', async () => {
    const all = await admin(t, 'shop.test', '/audit', { token: ownerToken });
    expect(all.statusCode).toBe(200);
    const entries = all.json().entries as { action: string; object_type: string; object_id: string; staff: { id: number } | null; changes: Record<string, { old: unknown; new: unknown }> }[];
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.invite', 'staff.accept_invitation', 'staff.reinvite', 'staff.role_change', 'staff.remove']));
    const roleChange = entries.find((e) => e.action === 'staff.role_change')!;
    expect(roleChange.staff?.id).toBe(owner.id);
    expect(roleChange.changes).toEqual({ role: { old: 'manager', new: 'assistant' } });
    const accepted = entries.find((e) => e.action === 'staff.accept_invitation')!;
    expect(accepted.staff?.id).toBe(Number(accepted.object_id));

    const byObject = (await admin(t, 'shop.test', `/audit?object_type=staff&object_id=${roleChange.object_id}`, { token: ownerToken })).json();
    // Besides the owner's changes, the member's own sign-ins (each one recorded, with its method and address).
    expect(byObject.entries.map((e: { action: string }) => e.action)).toEqual(['staff.remove', 'staff.sign_in', 'staff.role_change', 'staff.sign_in']);
    expect(byObject.entries[1]).toMatchObject({ changes: { method: { old: null, new: 'password' } }, ip: '127.0.0.1' });
    const byStaff = (await admin(t, 'shop.test', `/audit?staff_id=${accepted.staff!.id}`, { token: ownerToken })).json();
    // Accepting signed in (by the invitation), then a password sign-in.
    expect(byStaff.entries.map((e: { action: string; changes: { method?: { new: unknown } } }) => [e.action, e.changes.method?.new])).toEqual([
      ['staff.sign_in', 'password'], ['staff.sign_in', 'invitation'], ['staff.accept_invitation', undefined],
    ]);
    expect(byStaff.total).toBe(3);
  });

  it('lets the owner require two-factor: members without it may then only reach their own calls', async () => {
    const store = (await t.app.services.stores.findByDomain('shop.test'))!;
    // A second owner without two-factor: the calls it is refused are ones its role may make.
    await createStaff(t.db, store.id, 'owner', 'o2@shop.test');
    const secondOwner = await staffSignIn(t, 'shop.test', 'o2@shop.test');
    const early = await admin(t, 'shop.test', '/settings/security', { token: ownerToken, body: { two_factor_required: true } });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('two_factor_not_enabled');
    // The owner enrols first (the token stays valid: the actor is read from the database per request).
    const { secret } = (await admin(t, 'shop.test', '/me/totp/start', { token: ownerToken, body: {} })).json();
    expect((await admin(t, 'shop.test', '/me/totp/confirm', { token: ownerToken, body: { code: totpCode(secret) } })).statusCode).toBe(200);
    const set = await admin(t, 'shop.test', '/settings/security', { token: ownerToken, body: { two_factor_required: true } });
    expect(set.json()).toEqual({ two_factor_required: true });
    expect((await admin(t, 'shop.test', '/staff', { token: ownerToken })).statusCode).toBe(200);
    const blocked = await admin(t, 'shop.test', '/staff', { token: secondOwner });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('two_factor_required');
    const me = (await admin(t, 'shop.test', '/me', { token: secondOwner })).json();
    expect(me.two_factor_setup_required).toBe(true);
    expect(me.session).toMatchObject({ first_factor: 'password', second_factor: null, may_enrol: false });
    // A password alone may not enrol (it could be a thief's): a sign-in by a code sent to the member's email may.
    const passwordOnly = await admin(t, 'shop.test', '/me/totp/start', { token: secondOwner, body: {} });
    expect(passwordOnly.statusCode).toBe(403);
    expect(passwordOnly.json().code).toBe('fresh_sign_in_required');
    const { challenge } = (await admin(t, 'shop.test', '/login/email', { body: { email: 'o2@shop.test' } })).json();
    const code = /\b(\d{6})\b/.exec((await latestEmail(t, 'o2@shop.test')).text)![1]!;
    const emailed = await admin(t, 'shop.test', '/login/email/verify', { body: { challenge, code } });
    expect(emailed.statusCode, emailed.body).toBe(200);
    const emailedToken = emailed.json().token as string;
    expect((await admin(t, 'shop.test', '/me', { token: emailedToken })).json().session).toMatchObject({ first_factor: 'email_code', may_enrol: true });
    // Still not a two-factor sign-in: the store's calls stay closed until it enrols.
    expect((await admin(t, 'shop.test', '/staff', { token: emailedToken })).statusCode).toBe(403);
    expect((await admin(t, 'shop.test', '/me/totp/start', { token: emailedToken, body: {} })).statusCode).toBe(200);

    const audit = await t.db.query.auditLog.findMany();
    expect(audit.find((e) => e.action === 'settings.security')?.changes).toEqual({ two_factor_required: { old: false, new: true } });
  });
});

describe('two-factor sign-in', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_FAILURE_LIMIT_PER_ACCOUNT: '6' });
    const store = await createStore(t.db, { domain: 'shop.test' });
    await createStaff(t.db, store.id, 'owner');
    token = await staffSignIn(t, 'shop.test', 'owner@shop.test');
  });
  afterAll(() => t?.close());

  it('enrols with a QR code, refuses wrong and reused codes, and takes each recovery code once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // The start of a 30-second step, so the next step is exactly 30 s away.
    const t0 = Math.floor(Date.now() / 30_000) * 30_000;
    vi.setSystemTime(t0);
    const start = await admin(t, 'shop.test', '/me/totp/start', { token, body: {} });
    expect(start.statusCode).toBe(200);
    const { secret, otpauth_uri: uri, qr_code: qr } = start.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg');

    const wrongConfirm = await admin(t, 'shop.test', '/me/totp/confirm', { token, body: { code: String((Number(totpCode(secret)) + 1) % 1e6).padStart(6, '0') } });
    expect(wrongConfirm.statusCode).toBe(422);
    const enrolCode = totpCode(secret);
    const confirm = await admin(t, 'shop.test', '/me/totp/confirm', { token, body: { code: enrolCode } });
    expect(confirm.statusCode).toBe(200);
    const recovery = confirm.json().recovery_codes as string[];
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    // The secret is never answered again, and is not stored in the clear.
    const [row] = await t.db.select().from(staffTable).where(eq(staffTable.email, 'owner@shop.test'));
    expect(row!.totpSecret).not.toContain(secret);
    expect((await admin(t, 'shop.test', '/me', { token })).json().staff.two_factor_enabled).toBe(true);

    const challengeOf = async () => {
      const res = await admin(t, 'shop.test', '/login', { body: { email: 'owner@shop.test', password: STAFF_PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect(res.json().token).toBeUndefined();
      return res.json().challenge as string;
    };
    const totp = (challenge: string, code: string) => admin(t, 'shop.test', '/login/totp', { body: { challenge, code } });

    // The code that confirmed enrolment is used: within its window it is refused.
    const c1 = await challengeOf();
    const replayed = await totp(c1, enrolCode);
    expect(replayed.statusCode).toBe(422);
    // A used code says so, a wrong one does not.
    expect(replayed.json().errors.code).toEqual(['This code was already used; wait for the next one.']);
    const wrong = await totp(c1, '000000' === enrolCode ? '111111' : '000000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(['The code is incorrect.']);
    vi.setSystemTime(t0 + 30_000);
    const fresh = totpCode(secret);
    const signedIn = await totp(c1, fresh);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await admin(t, 'shop.test', '/me', { token: signedIn.json().token })).statusCode).toBe(200);
    // The challenge is used, and the code too.
    expect((await totp(c1, fresh)).statusCode).toBe(422);
    const c2 = await challengeOf();
    const reused = await totp(c2, fresh);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.code).toEqual(['This code was already used; wait for the next one.']);
    // With the password in one call, the same.
    const reusedWithPassword = await admin(t, 'shop.test', '/login', { body: { email: 'owner@shop.test', password: STAFF_PASSWORD, code: fresh } });
    expect(reusedWithPassword.statusCode).toBe(422);
    expect(reusedWithPassword.json().errors.code).toEqual(['This code was already used; wait for the next one.']);

    // A recovery code, typed loosely, works once.
    const loose = recovery[0]!.toUpperCase().replaceAll('-', ' ');
    expect((await totp(c2, loose)).statusCode).toBe(200);
    const c3 = await challengeOf();
    expect((await totp(c3, recovery[0]!)).statusCode).toBe(422);
    expect((await totp(c3, recovery[1]!)).statusCode).toBe(200);

    // Audit: enrolment recorded.
    const audit = await t.db.query.auditLog.findMany();
    expect(audit.map((e) => e.action)).toContain('staff.two_factor_enable');
  });

  it('locks the member out after repeated wrong passwords and codes, like customers', async () => {
    // Six failures so far or now fill the bucket; then even the right password is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await admin(t, 'shop.test', '/login', { body: { email: 'owner@shop.test', password: 'wrong-pass' } })).statusCode);
    }
    expect(statuses).toContain(429);
    const right = await admin(t, 'shop.test', '/login', { body: { email: 'owner@shop.test', password: STAFF_PASSWORD } });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('password_locked');
  });
});

describe('staff sign-in per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_LIMIT_PER_IP: '3' });
    await createStore(t.db, { domain: 'shop.test' });
  });
  afterAll(() => t?.close());

  it('counts sign-in attempts per address with the customers\' limit', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await admin(t, 'shop.test', '/login', { ip: '198.51.100.4', body: { email: `x${i}@shop.test`, password: 'whatever1' } })).statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 429]);
    expect((await admin(t, 'shop.test', '/login', { ip: '198.51.100.5', body: { email: 'y@shop.test', password: 'whatever1' } })).statusCode).toBe(422);
  });
});

describe('a forgotten staff password', () => {
  let t: TestApp;
  let storeId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    storeId = (await createStore(t.db, { domain: 'reset.test' })).id;
    const store = await createStore(t.db, { domain: 'reset-other.test' });
    await createStaff(t.db, store.id, 'owner', 'owner@reset.test');
  });
  afterAll(() => t?.close());

  it('emails a reset code; the code sets a new password once, ends every sign-in, and an unknown email gets the same answer', async () => {
    const member = await createStaff(t.db, storeId, 'manager', 'manager@reset.test');
    const before = await staffSignIn(t, 'reset.test', member.email);

    const unknown = await admin(t, 'reset.test', '/password/forgot', { body: { email: 'nobody@reset.test' } });
    const asked = await admin(t, 'reset.test', '/password/forgot', { body: { email: member.email } });
    expect([unknown.statusCode, asked.statusCode]).toEqual([200, 200]);
    expect(Object.keys(unknown.json())).toEqual(Object.keys(asked.json()));
    const mail = await latestEmail(t, member.email);
    expect(mail.purpose).toBe('staff-password-reset');
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const { challenge } = asked.json();

    // A sign-in code's challenge does not reset, nor a wrong code; a wrong code is counted.
    const wrong = await admin(t, 'reset.test', '/password/reset', { body: { challenge, code: code === '000000' ? '111111' : '000000', password: 'new-pass-123', password_confirmation: 'new-pass-123' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(['The code is incorrect.']);
    const mismatch = await admin(t, 'reset.test', '/password/reset', { body: { challenge, code, password: 'new-pass-123', password_confirmation: 'other-pass-123' } });
    expect(mismatch.json().errors.password_confirmation).toBeDefined();

    const reset = await admin(t, 'reset.test', '/password/reset', { body: { challenge, code, password: 'new-pass-123', password_confirmation: 'new-pass-123' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe('Your password is changed. Sign in with it now.');
    // Used once; the old sign-in ended; the old password no longer works, the new one does.
    expect((await admin(t, 'reset.test', '/password/reset', { body: { challenge, code, password: 'other-pass-123', password_confirmation: 'other-pass-123' } })).statusCode).toBe(422);
    expect((await admin(t, 'reset.test', '/me', { token: before })).statusCode).toBe(401);
    expect((await admin(t, 'reset.test', '/login', { body: { email: member.email, password: STAFF_PASSWORD } })).statusCode).toBe(422);
    expect((await admin(t, 'reset.test', '/login', { body: { email: member.email, password: 'new-pass-123' } })).statusCode).toBe(200);
    // Another store's member of the same email is untouched.
    expect((await admin(t, 'reset-other.test', '/password/forgot', { body: { email: member.email } })).statusCode).toBe(200);
    const audit = await t.db.query.auditLog.findMany();
    expect(audit.map((e) => e.action)).toContain('staff.password_reset');
  });

  it('is limited like the other sign-in paths: codes per email, then calls per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await admin(t, 'reset.test', '/password/forgot', { body: { email: 'flood@reset.test' }, ip: '198.51.100.9' })).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
  });
});
