import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customers } from '@gemstore/db';
import { loggedUrl, serializeError, withoutContactDetails } from '../src/lib/logging.ts';
import { loadConfig } from '../src/config.ts';
import { PRODUCTION_SECRETS, buildTestApp, type TestApp } from './helper.ts';
import { addressForm, caller, createShop, createStone, formFields, postForm, type Shop, type Shopper } from './checkout-fixtures.ts';

/**
 * The log of a whole customer journey, written at the most detailed level, holds none of the
 * customer's personal data: not their phone, email, password hash, sign-in tokens, address or
 * message, not even where a database error carried them as query parameters.
 */
let t: TestApp;
let shop: Shop;
const lines: string[] = [];
const log = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

const PHONE = '9876501234';
const EMAIL = 'journey.customer@example.com';
const PASSWORD = 'journey-password-42';
const STREET = '77 Sapphire Residency';
const MESSAGE = 'Please hold the Kashmir sapphire for my anniversary';

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'trace' }, { logStream: log });
  shop = await createShop(t.db);
});
afterAll(() => t?.close());

async function latestCode(to: string): Promise<string> {
  const res = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json().messages[0].code as string;
}

describe('the log of a customer journey', () => {
  it('holds no phone, email, password hash, token, address or message text', async () => {
    const call = caller(t, shop.domain);
    const as = (token: string) => ({ id: 0, token, email: EMAIL, phone: PHONE }) as Shopper;

    // Register and verify both identifiers with the codes sent.
    const registered = await call('/api/register', null, { name: 'Journey', phone: PHONE, email: EMAIL, password: PASSWORD, password_confirmation: PASSWORD });
    expect(registered.statusCode).toBe(200);
    const { userId, regIdPhone, regIdEmail } = registered.json();
    const verified = await call('/api/register-otp-verify', null, {
      userId, regIdPhone, regIdEmail, phoneOtp: await latestCode(PHONE), emailOtp: await latestCode(EMAIL),
    });
    expect(verified.statusCode).toBe(200);
    const firstToken = verified.json().token as string;

    // Sign in again with the password.
    const login = await call('/api/login', null, { phone: PHONE });
    expect(login.statusCode).toBe(200);
    const signedIn = await call('/api/login-password-submit', null, { userId: login.json().userId, password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().token as string;
    const me = as(token);

    // Profile, address, order, payment through the sandbox.
    expect((await call('/api/update-profile', me, { name: 'Journey Rao', email: EMAIL, phone: PHONE })).statusCode).toBe(200);
    const saved = await call('/api/address-save', me, { address: addressForm({ phone: PHONE, address: STREET }) });
    expect(saved.statusCode).toBe(200);
    const stone = await createStone(t.db, shop);
    const placed = await call('/api/place-order', me, { itemIds: [stone.id], shippingAddressId: saved.json().address.id });
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().orderId as number;
    const pay = (await call('/api/retry-pay', me, { orderId })).json();
    const page = await t.app.inject({ url: pay.url });
    expect(page.statusCode).toBe(200);
    expect((await postForm(t, `/pay/callback/${orderId}`, formFields(page.body))).statusCode).toBe(303);
    expect((await call('/api/order', me, { orderId })).json().order.status).toBe('paid');
    expect((await call('/api/enquiry', null, { name: 'Journey', email: EMAIL, phone: PHONE, message: MESSAGE })).statusCode).toBe(200);

    // Database errors whose statements carry the customer's data as parameters, and whose
    // details name the whole failing row (password hash included).
    await t.db.execute(sql.raw(`alter table customers add constraint journey_fault check (name <> 'Fault') not valid`));
    await t.db.execute(sql.raw(`alter table enquiries add constraint journey_fault check (message <> '${MESSAGE}') not valid`));
    const faulty = await call('/api/update-profile', me, { name: 'Fault', email: EMAIL, phone: PHONE });
    expect(faulty.statusCode).toBe(500);
    expect(faulty.body).not.toContain(EMAIL);
    const faultyEnquiry = await call('/api/enquiry', null, { name: 'Journey', email: EMAIL, phone: PHONE, message: MESSAGE });
    expect(faultyEnquiry.statusCode).toBe(500);

    expect((await call('/api/logout', me)).statusCode).toBe(200);

    const [customer] = await t.db.select().from(customers).where(eq(customers.id, userId));
    const text = lines.join('');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);

    // None of the customer's data.
    for (const secret of [PHONE, EMAIL, customer!.passwordHash, firstToken, token, pay.token, STREET, MESSAGE, PASSWORD]) {
      expect(text).not.toContain(secret);
    }

    // Yet the log was written: requests, and the database errors with what an operator needs.
    expect(entries.filter((e) => e.msg === 'incoming request').length).toBeGreaterThan(15);
    const failures = entries.filter((e) => e.msg === 'unhandled error').map((e) => e.err as Record<string, unknown>);
    expect(failures).toHaveLength(2);
    for (const err of failures) {
      expect(err).toMatchObject({ type: 'DatabaseError', code: '23514', constraint: 'journey_fault', query: expect.stringMatching(/^(update|insert into) "(customers|enquiries)"/) });
      expect(err.stack).toMatch(/^DatabaseError: new row for relation "(customers|enquiries)" violates check constraint "journey_fault"\n\s+at /);
    }
    expect(text).toContain('/api/dev/outbox?to=*');
  }, 120_000);
});

describe('a delivery failure in the log', () => {
  let provider: Server;
  let withSms: TestApp;
  const smsLines: string[] = [];
  beforeAll(async () => {
    // An SMS provider that refuses, quoting the number and an email, as real ones do.
    provider = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.statusCode = 400;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ type: 'error', message: `Mobile +91 ${PHONE} of ${EMAIL} is on the do-not-disturb list` }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    withSms = await buildTestApp(
      { LOG_LEVEL: 'trace', SMS_SENDER: 'msg91', SMS_API_KEY: 'key', SMS_API_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}` },
      { logStream: new Writable({ write(chunk: Buffer, _encoding, done) { smsLines.push(chunk.toString()); done(); } }) },
    );
  });
  afterAll(async () => {
    await withSms?.close();
    await new Promise((resolve) => provider?.close(resolve));
  });

  it('masks the phone and email the provider quoted', async () => {
    const smsShop = await createShop(withSms.db);
    const res = await caller(withSms, smsShop.domain)('/api/register', null, { name: 'Journey', phone: PHONE, password: PASSWORD, password_confirmation: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await withSms.app.jobs.runDue()).toMatchObject({ failed: 1 });
    const text = smsLines.join('');
    const failure = smsLines.map((line) => JSON.parse(line) as Record<string, unknown>).find((e) => e.msg === 'message job failed; it will be tried again');
    expect(failure?.reason).toMatch(/^msg91 did not take register message \d+: SMS provider answered 400: \{"type":"error","message":"Mobile \[number\] of \[email\] is on the do-not-disturb list"\}$/);
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain(EMAIL);
  });

  it('masks emails and mobile numbers in free text, and leaves other numbers', () => {
    expect(withoutContactDetails('550 5.1.1 <a.b+c@mail.example.org>: Recipient address rejected'))
      .toBe('550 5.1.1 <[email]>: Recipient address rejected');
    expect(withoutContactDetails('to 919876501234, +91 98765 01234 and 98765 01234')).toBe('to [number], [number] and [number]');
    expect(withoutContactDetails('order 1234567 at 2026-11-24T10:00:00Z, status 400')).toBe('order 1234567 at 2026-11-24T10:00:00Z, status 400');
  });
});

describe('logged errors', () => {
  async function databaseError(statement: ReturnType<typeof sql>): Promise<Error> {
    try {
      await t.db.execute(statement);
    } catch (err) {
      return err as Error;
    }
    throw new Error('the statement ran');
  }

  it('keep a database error\'s code, names and statement, without its parameters or the value it refused', async () => {
    const err = await databaseError(sql`select ${EMAIL}::int as n`);
    const logged = serializeError(err);
    expect(JSON.stringify(logged)).not.toContain(EMAIL);
    expect(logged).toMatchObject({
      type: 'DatabaseError', code: '22P02', message: 'invalid input syntax for type integer: (value withheld)', query: 'select $1::int as n',
    });
    // Wrapped in another error, it is cleaned all the same.
    const wrapped = serializeError(new Error('the sweep failed', { cause: err }));
    expect(JSON.stringify(wrapped)).not.toContain(EMAIL);
    expect(wrapped).toMatchObject({ type: 'DatabaseError', code: '22P02' });
  });

  it('log every other error as pino does', () => {
    const logged = serializeError(Object.assign(new Error('boom'), { statusCode: 502 }));
    expect(logged).toMatchObject({ type: 'Error', message: 'boom', statusCode: 502 });
    expect(logged.stack).toMatch(/^Error: boom\n/);
  });
});

describe('logged URLs', () => {
  it('keep the path and the names of query parameters, never their values', () => {
    expect(loggedUrl('/api/posts')).toBe('/api/posts');
    expect(loggedUrl('/api/dev/outbox?to=9876501234')).toBe('/api/dev/outbox?to=*');
    expect(loggedUrl('/pay/sandbox/12?token=abc.def&x=1&x=2')).toBe('/pay/sandbox/12?token=*&x=*&x=*');
    expect(loggedUrl('/api/posts?journey.customer%40example.com')).toBe('/api/posts?*=*');
  });
});

describe('the development log', () => {
  let dev: TestApp;
  const devLines: string[] = [];
  beforeAll(async () => {
    dev = await buildTestApp(
      { LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' },
      { logStream: new Writable({ write(chunk: Buffer, _encoding, done) { devLines.push(...chunk.toString().split('\n').filter(Boolean)); done(); } }) },
    );
  });
  afterAll(() => dev?.close());

  it('is the format of development alone', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('writes one readable line per request, without query values', async () => {
    devLines.length = 0;
    expect((await dev.app.inject({ url: `/api/dev/outbox?to=${PHONE}` })).statusCode).toBe(200);
    expect((await dev.app.inject({ url: '/api/no-such-call', headers: { domain: 'localhost' } })).statusCode).toBe(404);
    expect(devLines).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/dev\/outbox\?to=\* 200 \d+ ms$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/no-such-call 404 \d+ ms$/),
    ]);
  });

  it('censors personal data as the JSON log does', async () => {
    devLines.length = 0;
    dev.app.log.info({ phone: PHONE, customer: { email: EMAIL, id: 7 }, reason: `refused ${EMAIL}` }, 'no answer');
    expect(devLines).toHaveLength(1);
    expect(devLines[0]).toMatch(/INFO: no answer \{"phone":"\[redacted\]","customer":\{"email":"\[redacted\]","id":7\},"reason":"refused \[email\]"\}$/);
  });
});
