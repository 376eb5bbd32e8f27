import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';
import { createStore } from './factories.ts';
import { call, createCustomer, latestCode, wrongCode } from './auth-fixtures.ts';
import { loadConfig } from '../src/config.ts';

// Password hashing runs scrypt at OWASP cost (128 MiB, ~0.5 s a hash): allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

/**
 * The caps of README "What an attacker gets", at their default settings. The clock is moved by
 * hand (only Date is faked): every limit is a token bucket, so the tests can stand right at the
 * edge of an hour, where a fixed window would hand out its allowance a second time.
 */

/**
 * An hour edge (a multiple of the one-hour window since the epoch, where a fixed window starts
 * afresh) one to two hours from now. Near, not years away: PGlite's PostgreSQL sets its timers from
 * this clock, and a timer set years ahead cannot be kept by Node's setTimeout (at most ~24.8 days)
 * once the clock is back, so the reused PGlite spun on it every millisecond for the next files.
 */
const HOUR = 3_600_000;
const HOUR_EDGE = Math.floor(Date.now() / HOUR) * HOUR + 2 * HOUR;

function at(ms: number): void {
  vi.setSystemTime(ms);
}

afterEach(() => {
  vi.useRealTimers();
});

/** A reset code request for a mobile number no account has: counted like a real send, sent to nobody. */
function requestCode(t: TestApp, domain: string, phone: string, ip: string) {
  return call(t, domain, '/api/forgot-password-send-otp', { phone }, { ip });
}

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);

describe('code sends (defaults: 30 per address, 1,000 per store, an hour)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await createStore(t.db, { domain: 'shop.test' });
    await createStore(t.db, { domain: 'other.test' });
  });
  afterAll(() => t?.close());

  it('gives one address 30 codes at once, then one every 2 minutes; the hour edge hands out nothing more', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(HOUR_EDGE - 60_000);
    const burst = [];
    for (let i = 0; i < 30; i++) burst.push(await requestCode(t, 'shop.test', `70100${String(i).padStart(5, '0')}`, '203.0.113.7'));
    expect(statuses(burst)).toEqual(Array(30).fill(200));
    const refused = await requestCode(t, 'shop.test', '7010099999', '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBe(120);

    // Two seconds later a fixed window would start afresh with 30 more.
    at(HOUR_EDGE + 1000);
    expect((await requestCode(t, 'shop.test', '7010099998', '203.0.113.7')).statusCode).toBe(429);
    // One refill interval (3,600 s / 30) after the burst: exactly one more.
    at(HOUR_EDGE - 60_000 + 120_000);
    expect((await requestCode(t, 'shop.test', '7010099997', '203.0.113.7')).statusCode).toBe(200);
    expect((await requestCode(t, 'shop.test', '7010099996', '203.0.113.7')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await requestCode(t, 'shop.test', '7010099995', '203.0.113.8')).statusCode).toBe(200);
  });

  it('counts an IPv6 network (/64) as one address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(HOUR_EDGE + 3 * 3600_000);
    const burst = [];
    for (let i = 0; i < 30; i++) burst.push(await requestCode(t, 'shop.test', `70200${String(i).padStart(5, '0')}`, `2001:db8:7:7::${(i + 1).toString(16)}`));
    expect(statuses(burst)).toEqual(Array(30).fill(200));
    expect((await requestCode(t, 'shop.test', '7020099999', '2001:db8:7:7:ffff:1:2:3')).statusCode).toBe(429);
    expect((await requestCode(t, 'shop.test', '7020099998', '2001:db8:7:8::1')).statusCode).toBe(200);
  });

  it('caps a store at 1,000 codes an hour however many addresses ask, and leaves other stores alone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = HOUR_EDGE + 6 * 3600_000 - 1000;
    at(start);
    let sent = 0;
    let refused = 0;
    // 34 addresses x 30 codes: more than the store allows, each address within its own cap.
    for (let ip = 0; ip < 34; ip++) {
      for (let i = 0; i < 30; i++) {
        const res = await requestCode(t, 'shop.test', `7${String(ip).padStart(3, '0')}${String(i).padStart(6, '0')}`, `198.51.100.${ip + 1}`);
        if (res.statusCode === 200) sent++;
        else if (res.statusCode === 429) refused++;
      }
    }
    expect(sent).toBe(1000);
    expect(refused).toBe(20);
    // Two seconds later, across the hour edge, fresh addresses get nothing more from this store...
    at(HOUR_EDGE + 6 * 3600_000 + 1000);
    expect((await requestCode(t, 'shop.test', '7999000001', '198.51.100.200')).statusCode).toBe(429);
    // ... while another store sends as usual.
    expect((await requestCode(t, 'other.test', '7999000002', '198.51.100.201')).statusCode).toBe(200);
    // The store's bucket refills at 1,000 an hour: one code every 3.6 s.
    at(start + 3600);
    expect((await requestCode(t, 'shop.test', '7999000003', '198.51.100.202')).statusCode).toBe(200);
    expect((await requestCode(t, 'shop.test', '7999000004', '198.51.100.203')).statusCode).toBe(429);
  });
});

describe('sign-in checks per address (default 300 an hour)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await createStore(t.db, { domain: 'shop.test' });
  });
  afterAll(() => t?.close());

  it('refuses the 301st look-up from one address or one IPv6 /64, across the hour edge too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(HOUR_EDGE - 1000);
    const codes: number[] = [];
    for (let i = 0; i < 300; i++) {
      codes.push((await call(t, 'shop.test', '/api/login', { phone: `nobody${i}@example.com` }, { ip: '203.0.113.50' })).statusCode);
    }
    expect(codes.every((c) => c === 422)).toBe(true);
    expect((await call(t, 'shop.test', '/api/login', { phone: 'nobody@example.com' }, { ip: '203.0.113.50' })).statusCode).toBe(429);
    at(HOUR_EDGE + 1000);
    expect((await call(t, 'shop.test', '/api/login', { phone: 'nobody@example.com' }, { ip: '203.0.113.50' })).statusCode).toBe(429);

    const v6: number[] = [];
    for (let i = 0; i < 300; i++) {
      v6.push((await call(t, 'shop.test', '/api/login', { phone: `other${i}@example.com` }, { ip: `2001:db8:50:1:${i.toString(16)}::1` })).statusCode);
    }
    expect(v6.every((c) => c === 422)).toBe(true);
    expect((await call(t, 'shop.test', '/api/login', { phone: 'other@example.com' }, { ip: '2001:db8:50:1:ffff::9' })).statusCode).toBe(429);
    expect((await call(t, 'shop.test', '/api/login', { phone: 'other@example.com' }, { ip: '2001:db8:50:2::9' })).statusCode).toBe(422);
  });
});

describe('wrong guesses per account (default 50 an hour)', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    // Enough codes for 50 guesses at 5 tries a code; the account's own cap is the default.
    t = await buildTestApp({ OTP_LIMIT_PER_RECIPIENT: '100', OTP_LIMIT_PER_IP: '100' });
    const store = await createStore(t.db, { domain: 'shop.test' });
    userId = (await createCustomer(t.db, store.id)).id;
  });
  afterAll(() => t?.close());

  async function guess(ip: string): Promise<number> {
    const sent = await call(t, 'shop.test', '/api/login-send-otp', { userId, phone: '9812345678' }, { ip: '192.0.2.1' });
    expect(sent.statusCode).toBe(200);
    const code = await latestCode(t, '9812345678', 'login');
    return (await call(t, 'shop.test', '/api/login-otp-verify', { userId, regId: sent.json().regId, otp: wrongCode(code) }, { ip })).statusCode;
  }

  it('locks the account after 50 wrong codes from any number of addresses, then allows one every 72 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(HOUR_EDGE - 60_000);
    const results: number[] = [];
    for (let i = 0; i < 50; i++) results.push(await guess(`198.18.0.${i + 1}`));
    expect(results).toEqual(Array(50).fill(422));
    const locked = await guess('198.18.1.1');
    expect(locked).toBe(429);
    // The right code is refused too while the account is locked.
    const sent = await call(t, 'shop.test', '/api/login-send-otp', { userId, phone: '9812345678' }, { ip: '192.0.2.1' });
    const right = await call(t, 'shop.test', '/api/login-otp-verify', { userId, regId: sent.json().regId, otp: await latestCode(t, '9812345678', 'login') }, { ip: '198.18.1.2' });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/Too many failed attempts on this account/);
    // No fresh allowance at the hour edge; one try per 72 s (3,600 s / 50) afterwards.
    at(HOUR_EDGE + 1000);
    expect(await guess('198.18.1.3')).toBe(429);
    at(HOUR_EDGE - 60_000 + 72_000);
    expect(await guess('198.18.1.4')).toBe(422);
    expect(await guess('198.18.1.5')).toBe(429);
  });
});

describe('the global SMS guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ OTP_LIMIT_PER_STORE: '5', SMS_LIMIT_GLOBAL: '8' });
    await createStore(t.db, { domain: 'a.test' });
    await createStore(t.db, { domain: 'b.test' });
  });
  afterAll(() => t?.close());

  it('stops SMS over all stores once reached; a store meets its own cap first', async () => {
    const a = [];
    for (let i = 0; i < 6; i++) a.push(await requestCode(t, 'a.test', `73000000${i}0`, `192.0.2.${10 + i}`));
    expect(statuses(a)).toEqual([200, 200, 200, 200, 200, 429]);
    const b = [];
    for (let i = 0; i < 4; i++) b.push(await requestCode(t, 'b.test', `73100000${i}0`, `192.0.2.${20 + i}`));
    expect(statuses(b)).toEqual([200, 200, 200, 429]);
    // Email does not count against the SMS guard.
    expect((await call(t, 'b.test', '/api/forgot-password-send-otp', { phone: 'x@example.com' }, { ip: '192.0.2.30' })).statusCode).toBe(200);
  });

  it('refuses a configuration whose global guard is below a store cap', () => {
    expect(() => loadConfig({ OTP_LIMIT_PER_STORE: '500', SMS_LIMIT_GLOBAL: '100' })).toThrow(/SMS_LIMIT_GLOBAL: must be at least OTP_LIMIT_PER_STORE/);
  });
});
