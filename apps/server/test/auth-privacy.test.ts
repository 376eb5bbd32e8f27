import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count } from 'drizzle-orm';
import { outboxMessages } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { createStore } from './factories.ts';
import { call, createCustomer, latestCode, PASSWORD } from './auth-fixtures.ts';

// Password hashing runs scrypt at OWASP cost (128 MiB, ~0.5 s a hash): allow for a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * A stranger learns no customer's contact details and reaches no customer through the code calls:
 * userId-based calls are bound to the identifier typed at Login or to a regId nobody can guess,
 * answers show destinations masked, and where the flow allows it (forgot-password,
 * login-send-otp) an unknown identifier is answered exactly like a known one.
 */

let t: TestApp;
let storeId: number;
const customerIds: number[] = [];

const ASHA = { email: 'asha@example.com', phone: '9812345678' };
const BEN = { email: 'ben@example.com', phone: '9811111111' };

beforeAll(async () => {
  // Generous send limits: this file asks for many codes (the limits have their own tests).
  t = await buildTestApp({ OTP_LIMIT_PER_RECIPIENT: '1000', OTP_LIMIT_PER_IP: '1000' });
  storeId = (await createStore(t.db, { domain: 'shop.test' })).id;
  customerIds.push((await createCustomer(t.db, storeId, ASHA)).id);
  customerIds.push((await createCustomer(t.db, storeId, { name: 'Ben', ...BEN })).id);
});
afterAll(() => t?.close());

async function outboxCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(outboxMessages);
  return row!.n;
}

/** Every customer email and phone of this file: none may appear in an answer to a stranger. */
function expectNoContactDetails(body: string): void {
  for (const value of [ASHA.email, ASHA.phone, BEN.email, BEN.phone]) expect(body).not.toContain(value);
}

describe('login-send-otp', () => {
  it('sends to the identifier typed at Login and answers it masked', async () => {
    const sent = await call(t, 'shop.test', '/api/login-send-otp', { userId: customerIds[0], phone: ASHA.phone, isPhone: true });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ userId: customerIds[0], regId: expect.any(Number), phone: '98******78', isPhone: true });
    const byEmail = await call(t, 'shop.test', '/api/login-send-otp', { userId: customerIds[0], phone: ASHA.email, isPhone: true });
    // The code goes to what was typed, whatever isPhone says.
    expect(byEmail.json()).toMatchObject({ phone: 'a***@example.com', isPhone: false });
    expect(await latestCode(t, ASHA.email, 'login')).toMatch(/^\d{6}$/);
  });

  it('guessing userIds yields no contact details and reaches nobody', async () => {
    const before = await outboxCount();
    const answers = [];
    // Every id around the real ones, with an identifier the stranger typed, and with one of another account.
    for (let userId = 1; userId <= Math.max(...customerIds) + 3; userId++) {
      for (const phone of ['9000012345', 'stranger@example.com', BEN.phone]) {
        if (userId === customerIds[1] && phone === BEN.phone) continue;
        const res = await call(t, 'shop.test', '/api/login-send-otp', { userId, phone, isPhone: true }, { ip: '203.0.113.7' });
        expect(res.statusCode).toBe(200);
        expectNoContactDetails(res.body);
        answers.push(res.json());
      }
    }
    expect(await outboxCount()).toBe(before);
    // The same shape as a real send: the caller's userId, a regId, the typed value masked.
    expect(answers[0]).toEqual({ userId: 1, regId: expect.any(Number), phone: '90******45', isPhone: true });
    expect(answers[1]).toEqual({ userId: 1, regId: expect.any(Number), phone: 's***@example.com', isPhone: false });
  });

  it('the regId of a decoy never signs in, and its resend reaches nobody', async () => {
    const before = await outboxCount();
    const decoy = (await call(t, 'shop.test', '/api/login-send-otp', { userId: customerIds[0], phone: BEN.phone })).json();
    const resent = await call(t, 'shop.test', '/api/login-resend-otp', { userId: customerIds[0], regId: decoy.regId });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ userId: customerIds[0], regId: expect.any(Number), phone: '98******11', isPhone: true });
    for (let i = 0; i < 4; i++) {
      const wrong = await call(t, 'shop.test', '/api/login-otp-verify', { userId: customerIds[0], regId: resent.json().regId, otp: String(100000 + i) });
      expect(wrong.json().errors.otp).toEqual(['The code is incorrect.']);
    }
    expect(await outboxCount()).toBe(before);
  });
});

describe('regId', () => {
  it('is not guessable: a neighbour of one regId names nobody else\'s code', async () => {
    const mine = (await call(t, 'shop.test', '/api/login-send-otp', { userId: customerIds[0], phone: ASHA.phone })).json().regId as number;
    const theirs = (await call(t, 'shop.test', '/api/login-send-otp', { userId: customerIds[1], phone: BEN.phone })).json().regId as number;
    expect(Math.abs(theirs - mine)).toBeGreaterThan(1000);
    const before = await outboxCount();
    for (let regId = mine - 3; regId <= mine + 3; regId++) {
      if (regId === mine) continue;
      for (const path of ['/api/login-resend-otp', '/api/login-voice-otp']) {
        const res = await call(t, 'shop.test', path, { userId: customerIds[1], regId });
        expect(res.statusCode).toBe(422);
        expectNoContactDetails(res.body);
      }
    }
    expect(await outboxCount()).toBe(before);
  });
});

describe('login-password-submit', () => {
  it('refuses a password sent for an identifier the account does not sign in with', async () => {
    const res = await call(t, 'shop.test', '/api/login-password-submit', { userId: customerIds[0], password: PASSWORD, phone: BEN.phone, isPhone: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(['The password is incorrect.']);
    const ok = await call(t, 'shop.test', '/api/login-password-submit', { userId: customerIds[0], password: PASSWORD, phone: ASHA.email, isPhone: false });
    expect(ok.statusCode).toBe(200);
  });
});

describe('forgot-password-send-otp', () => {
  /** Everything of an answer but the values that differ between any two requests. */
  const shape = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v]));

  it('answers a known and an unknown identifier alike, and only the known one gets a message', async () => {
    const known = await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: ASHA.phone });
    const before = await outboxCount();
    const unknown = await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: '9000054321' });
    expect(await outboxCount()).toBe(before);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(shape(unknown.json())).toEqual(shape(known.json()));
    expect(known.json()).toMatchObject({ is_phone: true, phone: '98******78' });
    expect(unknown.json()).toMatchObject({ is_phone: true, phone: '90******21' });
    expectNoContactDetails(unknown.body);

    // Asked again, each keeps its userId (a real account's does not change) and gets a new regId.
    const knownAgain = (await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: ASHA.phone })).json();
    const unknownAgain = (await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: '9000054321' })).json();
    expect(knownAgain.userId).toBe(known.json().userId);
    expect(unknownAgain.userId).toBe(unknown.json().userId);
    expect(unknownAgain.regId).not.toBe(unknown.json().regId);
    // A decoy userId looks like any other: within the ids handed out so far.
    expect(unknown.json().userId).toBeGreaterThanOrEqual(1);
    expect(unknown.json().userId).toBeLessThanOrEqual(Math.max(...customerIds));

    // The flow goes on the same way for both: the older code was replaced, wrong tries run out alike.
    for (const [first, again] of [[known.json(), knownAgain], [unknown.json(), unknownAgain]]) {
      const old = await call(t, 'shop.test', '/api/forgot-password-otp-submit', { userId: first.userId, regId: first.regId, otp: '000000' });
      expect(old.json().errors.otp).toEqual(['A newer code was sent. Please enter the latest code.']);
      const tampered = await call(t, 'shop.test', '/api/forgot-password-otp-submit', { userId: again.userId + 1, regId: again.regId, otp: '000000' });
      expect(tampered.json().errors.otp).toEqual(['This code is not valid. Please request a new one.']);
      const messages = [];
      for (let i = 0; i < 5; i++) {
        const res = await call(t, 'shop.test', '/api/forgot-password-otp-submit', { userId: again.userId, regId: again.regId, otp: String(900000 + i) });
        expect(res.statusCode).toBe(422);
        messages.push(res.json().errors.otp[0]);
      }
      expect(messages).toEqual([...Array(4).fill('The code is incorrect.'), 'Too many wrong tries. Please request a new code.']);
      const resent = await call(t, 'shop.test', '/api/forgot-password-resend-otp', { userId: again.userId, regId: again.regId });
      expect(resent.statusCode).toBe(200);
      expect(shape(resent.json())).toEqual({ userId: 'number', regId: 'number', phone: 'string', isPhone: 'boolean' });
    }
  });

  it('counts an unknown identifier against the same limits as a known one', async () => {
    const limited = await buildTestApp({ OTP_LIMIT_PER_RECIPIENT: '2' });
    try {
      const id = (await createStore(limited.db, { domain: 'limited.test' })).id;
      await createCustomer(limited.db, id, ASHA);
      for (const phone of [ASHA.phone, '9000054321']) {
        const codes = [];
        for (let i = 0; i < 3; i++) codes.push((await call(limited, 'limited.test', '/api/forgot-password-send-otp', { phone }, { ip: `192.0.2.${i + 1}` })).statusCode);
        expect(codes).toEqual([200, 200, 429]);
      }
    } finally {
      await limited.close();
    }
  });
});
