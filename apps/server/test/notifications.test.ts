import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { desc, eq, sql } from 'drizzle-orm';
import { outboxMessages } from '@gemstore/db';
import { rowsOf } from '../src/lib/db.ts';
import { PRODUCTION_SECRETS, buildTestApp, type TestApp } from './helper.ts';
import { createStore } from './factories.ts';
import { call, createCustomer } from './auth-fixtures.ts';

// Password hashing runs scrypt at OWASP cost (128 MiB, ~0.5 s a hash): allow for a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

interface MessageJobRow { state: string; retry_count: number; retry_limit: number; wait_seconds: number; data: { sealed?: string } }

/** The message jobs, oldest first, with how long until each may run again. */
async function messageJobs(t: TestApp): Promise<MessageJobRow[]> {
  return rowsOf<MessageJobRow>(await t.db.execute(sql`
    select state, retry_count, retry_limit, extract(epoch from start_after - now())::float as wait_seconds, data
    from pgboss.job where name = 'message' order by created_on`));
}

/** As if the retry delay had passed: every message job waiting to be retried is due now. */
async function retryDelayPasses(t: TestApp): Promise<void> {
  await t.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'message' and state = 'retry'`);
}

describe('dev outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const store = await createStore(t.db, { domain: 'shop.test', name: 'Ratna' });
    await createCustomer(t.db, store.id);
  });
  afterAll(() => t?.close());

  it('lists the messages for a recipient newest first, without a domain header', async () => {
    await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: '9812345678' });
    await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: 'asha@example.com' });
    const { userId } = (await call(t, 'shop.test', '/api/login', { phone: '9812345678' })).json();
    await call(t, 'shop.test', '/api/login-send-otp', { userId, phone: '9812345678', isPhone: true });

    const res = await t.app.inject({ url: '/api/dev/outbox?to=98123%2045678' });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json();
    expect(messages).toHaveLength(2);
    expect(messages[0]).toEqual({ to: '9812345678', channel: 'sms', purpose: 'login', code: expect.stringMatching(/^\d{6}$/), text: expect.any(String), created_at: expect.any(String) });
    expect(messages[0].text).toContain(messages[0].code);
    expect(messages[0].text).toContain('Ratna');
    expect(messages[1].purpose).toBe('reset');
    const email = (await t.app.inject({ url: '/api/dev/outbox?to=ASHA@example.com' })).json().messages;
    expect(email[0]).toMatchObject({ channel: 'email', purpose: 'reset' });
  });
});

describe('production mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, EMAIL_SENDER: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: '9' });
    const store = await createStore(t.db, { domain: 'shop.test' });
    await createCustomer(t.db, store.id);
  });
  afterAll(() => t?.close());

  it('has no dev outbox and stores no code', async () => {
    expect((await t.app.inject({ url: '/api/dev/outbox?to=9812345678' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/dev/outbox', headers: { domain: 'shop.test' } })).statusCode).toBe(404);
    const sent = await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: '9812345678' });
    expect(sent.statusCode).toBe(200);
    const [row] = await t.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(1);
    expect(row!.code).toBeNull();
    expect(row!.text).toContain('******');
    expect(row!.text).not.toMatch(/\d{6}/);
  });

  it('queues an email code for its sender sealed: the job holds neither the code nor the address in clear', async () => {
    const sent = await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: 'asha@example.com' });
    expect(sent.statusCode).toBe(200);
    const job = (await messageJobs(t)).at(-1);
    expect(job!.state).toBe('created');
    const text = JSON.stringify(job!.data);
    expect(text).not.toMatch(/\d{6}/);
    expect(text).not.toContain('asha');
  });
});

describe('smtp sender', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: { from: string; to: string[]; data: string }[] = [];
  let refusing = false;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom(_address, _session, callback) {
        callback(refusing ? Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }) : undefined);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await buildTestApp({ EMAIL_SENDER: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM: 'codes@ratna.test' });
    const store = await createStore(t.db, { domain: 'shop.test', name: 'Ratna' });
    await createCustomer(t.db, store.id);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the code by email', async () => {
    const sent = await call(t, 'shop.test', '/api/forgot-password', { email: 'asha@example.com' });
    expect(sent.statusCode).toBe(200);
    expect(received).toHaveLength(0);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    expect(received).toHaveLength(1);
    const [row] = await t.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(1);
    expect(row!.deliveredAt).not.toBeNull();
    expect(received[0]!.from).toBe('codes@ratna.test');
    expect(received[0]!.to).toEqual(['asha@example.com']);
    expect(received[0]!.data).toContain(row!.code!);
    expect(received[0]!.data).toMatch(/Subject: Ratna: your one-time code/);
  });

  it('SMS still goes to the outbox when only email uses SMTP', async () => {
    const sent = await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: '9812345678' });
    expect(sent.statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(received).toHaveLength(1);
  });

  it('keeps an email the server refused, tries it again later, and sends it once when the server takes mail again', async () => {
    refusing = true;
    const before = received.length;
    const sent = await call(t, 'shop.test', '/api/forgot-password', { email: 'asha@example.com' });
    expect(sent.statusCode).toBe(200);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 1 });
    const [row] = await t.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(1);
    expect(row!.deliveredAt).toBeNull();
    expect(row!.error).toMatch(/421/);
    expect(row!.error).toMatch(/try 1 of 11/);
    const [job] = (await messageJobs(t)).filter((j) => j.state === 'retry');
    expect(job!.wait_seconds).toBeGreaterThan(25);

    refusing = false;
    await t.app.jobs.runDue();
    expect(received).toHaveLength(before);
    await retryDelayPasses(t);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    expect(received).toHaveLength(before + 1);
    expect(received.at(-1)!.data).toContain(row!.code!);
    const [delivered] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, row!.id));
    expect(delivered!.deliveredAt).not.toBeNull();
    expect(delivered!.error).toBeNull();
    await retryDelayPasses(t);
    await t.app.jobs.runDue();
    expect(received).toHaveLength(before + 1);
  });
});

describe('msg91-style SMS and voice sender', () => {
  let t: TestApp;
  let server: Server;
  let status = 200;
  const requests: { url: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => { raw += c.toString(); });
      req.on('end', () => {
        requests.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) as Record<string, unknown> });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(status === 200 ? { type: 'success', message: 'queued' } : { type: 'error', message: 'no balance' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    t = await buildTestApp({
      SMS_SENDER: 'msg91', SMS_API_URL: `http://127.0.0.1:${port}/api/v5`, SMS_API_KEY: 'test-auth-key',
      SMS_SENDER_ID: 'RATNA', SMS_TEMPLATE_ID: 'tpl-sms', SMS_VOICE_TEMPLATE_ID: 'tpl-voice',
    });
    const store = await createStore(t.db, { domain: 'shop.test' });
    await createCustomer(t.db, store.id);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the SMS code with the authkey header and the country code', async () => {
    const sent = await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: '9812345678' });
    expect(sent.statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(requests).toHaveLength(1);
    const [row] = await t.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(1);
    const req = requests[0]!;
    expect(req.url).toBe('/api/v5/flow');
    expect(req.headers.authkey).toBe('test-auth-key');
    expect(req.body).toEqual({ template_id: 'tpl-sms', sender: 'RATNA', short_url: '0', recipients: [{ mobiles: '919812345678', otp: row!.code }] });
    expect(row!.deliveredAt).not.toBeNull();
  });

  it('places the voice call with the new code', async () => {
    const { userId, regId } = (await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: '9812345678' })).json();
    const voice = await call(t, 'shop.test', '/api/forgot-password-voice-otp', { userId, regId });
    expect(voice.statusCode).toBe(200);
    await t.app.jobs.runDue();
    const req = requests.at(-1)!;
    const [row] = await t.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(1);
    expect(row!.channel).toBe('voice');
    expect(req.url).toBe('/api/v5/voice/call');
    expect(req.body).toMatchObject({ template: 'tpl-voice', client_number: '919812345678', variables: { otp: { value: row!.code } } });
  });

  it('tries an SMS the provider refused again, each time later, and sends it exactly once when the provider is back', async () => {
    status = 500;
    const before = requests.length;
    const res = await call(t, 'shop.test', '/api/forgot-password-send-otp', { phone: '9812345678' });
    expect(res.statusCode).toBe(200);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 1 });
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, '9812345678')).orderBy(desc(outboxMessages.id)).limit(1);
    expect(row!.deliveredAt).toBeNull();
    expect(row!.error).toMatch(/500/);
    let job = (await messageJobs(t)).at(-1);
    // MESSAGE_RETRY_DELAY_SECONDS (30) before the first retry, about twice that before the second.
    expect(job).toMatchObject({ state: 'retry', retry_count: 0, retry_limit: 10 });
    expect(job!.wait_seconds).toBeGreaterThan(25);
    expect(job!.wait_seconds).toBeLessThanOrEqual(60);
    await t.app.jobs.runDue();
    expect(requests.length).toBe(before + 1);

    await retryDelayPasses(t);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 1 });
    job = (await messageJobs(t)).at(-1);
    expect(job).toMatchObject({ state: 'retry', retry_count: 1 });
    expect(job!.wait_seconds).toBeGreaterThan(55);

    status = 200;
    await retryDelayPasses(t);
    expect(await t.app.jobs.runDue()).toMatchObject({ ran: 1, failed: 0 });
    expect(requests.length).toBe(before + 3);
    expect(requests.at(-1)!.body).toMatchObject({ recipients: [{ mobiles: '919812345678', otp: row!.code }] });
    const [sent] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, row!.id));
    expect(sent!.deliveredAt).not.toBeNull();
    expect(sent!.error).toBeNull();
    job = (await messageJobs(t)).at(-1);
    expect(job!.state).toBe('completed');
    await retryDelayPasses(t);
    await t.app.jobs.runDue();
    expect(requests.length).toBe(before + 3);
  });
});

describe('the development outbox per store', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(); });
  afterAll(async () => { await t?.close(); });

  it("lists only the named store's messages, and every store's without a domain header", async () => {
    const a = await createStore(t.db, { domain: 'outbox-a.test' });
    const b = await createStore(t.db, { domain: 'outbox-b.test' });
    await t.db.insert(outboxMessages).values([
      { storeId: a.id, to: 'shared@example.com', channel: 'email', purpose: 'login', code: '111111', text: 'A code' },
      { storeId: b.id, to: 'shared@example.com', channel: 'email', purpose: 'login', code: '222222', text: 'B code' },
    ]);
    const codes = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ url: '/api/dev/outbox?to=shared@example.com', headers });
      expect(res.statusCode).toBe(200);
      return (res.json().messages as { code: string }[]).map((m) => m.code).sort();
    };
    expect(await codes({ domain: 'outbox-a.test' })).toEqual(['111111']);
    expect(await codes({ domain: 'outbox-b.test' })).toEqual(['222222']);
    expect(await codes({})).toEqual(['111111', '222222']);
    expect((await t.app.inject({ url: '/api/dev/outbox', headers: { domain: 'nobody.test' } })).statusCode).toBe(404);
  });
});
