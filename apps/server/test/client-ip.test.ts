import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { stores } from '@gemstore/db';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { caller, createShop, createShopper, createStone, insertAddress, placeOrder, type Shop } from './checkout-fixtures.ts';

/**
 * The caller's address decides the per-IP limits; X-Forwarded-For (and -Proto, -Host) count only
 * when the peer is a configured proxy (TRUSTED_PROXIES).
 */
const PER_IP = 10;
const limits = { OTP_LIMIT_PER_IP: String(PER_IP) };

/** A loopback stand-in for Razorpay's Orders API (the Checkout page names its absolute callback URL). */
let fakeRazorpay: Server;
let counter = 0;
let razorpayEnv: Record<string, string>;

let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  fakeRazorpay = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const b = JSON.parse(body) as { amount: number; currency: string; receipt: string };
      counter += 1;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: `order_Ip${counter}`, entity: 'order', amount: b.amount, amount_paid: 0, amount_due: b.amount, currency: b.currency, receipt: b.receipt, status: 'created', attempts: 0, notes: {}, created_at: 1700000000 }));
    });
  });
  await new Promise<void>((resolve) => fakeRazorpay.listen(0, '127.0.0.1', resolve));
  razorpayEnv = {
    RAZORPAY_KEY_ID: 'rzp_test_ip', RAZORPAY_KEY_SECRET: 'razorpay-secret-for-ip-tests',
    RAZORPAY_API_URL: `http://127.0.0.1:${(fakeRazorpay.address() as AddressInfo).port}`,
  };
  direct = await buildTestApp({ ...limits, ...razorpayEnv });
  proxied = await buildTestApp({ ...limits, ...razorpayEnv, TRUSTED_PROXIES: '10.0.0.0/8, 192.168.7.7' });
}, 120_000); // two apps, each on a fresh database
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
  await new Promise((resolve) => fakeRazorpay?.close(resolve));
});

let phoneCounter = 0;
function register(t: TestApp, domain: string, remoteAddress: string, forwardedFor?: string) {
  phoneCounter += 1;
  return t.app.inject({
    method: 'POST', url: '/api/register', remoteAddress,
    headers: { domain, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: { name: 'Visitor', phone: `98${String(phoneCounter).padStart(8, '0')}`, password: 'secret123', password_confirmation: 'secret123' },
  });
}

describe('client address without a trusted proxy (the default)', () => {
  it('ignores X-Forwarded-For: 40 registrations from one socket with 40 forged addresses meet one per-IP cap', async () => {
    const shop = await createShop(direct.db);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await register(direct, shop.domain, '203.0.113.50', `198.51.100.${i + 1}`);
      statuses.push(res.statusCode);
      if (res.statusCode !== 200) expect(res.json()).toMatchObject({ code: 'rate_limited' });
    }
    expect(statuses.slice(0, PER_IP)).toEqual(Array(PER_IP).fill(200));
    expect(statuses.slice(PER_IP)).toEqual(Array(40 - PER_IP).fill(429));
    // Another socket has its own allowance.
    expect((await register(direct, shop.domain, '203.0.113.51')).statusCode).toBe(200);
  }, 120_000); // each registration hashes a password (scrypt, about a third of a second)

  it('builds URLs from the Host header, not from X-Forwarded-Proto or -Host', async () => {
    const { url, orderId } = await razorpayPayUrl(direct);
    const page = await direct.app.inject({
      url, remoteAddress: '203.0.113.60',
      headers: { host: 'shop.example:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`"callback_url":"http://shop.example:8080/pay/callback/${orderId}"`);
    expect(page.body).not.toContain('evil.example');
  });
});

describe('client address behind a trusted proxy', () => {
  it('counts per address the proxy forwards, and a client cannot pose as another behind it', async () => {
    const shop = await createShop(proxied.db);
    for (let i = 0; i < PER_IP; i++) expect((await register(proxied, shop.domain, '10.0.0.2', '198.51.100.7')).statusCode).toBe(200);
    expect((await register(proxied, shop.domain, '10.0.0.2', '198.51.100.7')).statusCode).toBe(429);
    // The proxy appends the address it saw: what the client wrote before it is not believed.
    expect((await register(proxied, shop.domain, '10.0.0.2', '198.51.100.99, 198.51.100.7')).statusCode).toBe(429);
    // Another client through the same proxy, and through a second proxy hop, still has its allowance.
    expect((await register(proxied, shop.domain, '10.0.0.2', '198.51.100.8')).statusCode).toBe(200);
    expect((await register(proxied, shop.domain, '192.168.7.7', '198.51.100.9, 10.0.0.3')).statusCode).toBe(200);
  }, 120_000);

  it('does not believe a peer outside TRUSTED_PROXIES', async () => {
    const shop = await createShop(proxied.db);
    for (let i = 0; i < PER_IP; i++) expect((await register(proxied, shop.domain, '203.0.113.70', `198.51.100.${100 + i}`)).statusCode).toBe(200);
    expect((await register(proxied, shop.domain, '203.0.113.70', '198.51.100.200')).statusCode).toBe(429);
  }, 120_000);

  it('takes the protocol and host the proxy forwards', async () => {
    const { url, orderId } = await razorpayPayUrl(proxied);
    const page = await proxied.app.inject({
      url, remoteAddress: '10.0.0.2',
      headers: { host: 'internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`"callback_url":"https://shop.example/pay/callback/${orderId}"`);
  });
});

describe('TRUSTED_PROXIES', () => {
  it('is empty by default and takes addresses, CIDR ranges and named ranges', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustedProxies).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test', TRUSTED_PROXIES: ' 10.0.0.0/8,192.168.1.7 , ::1, fd00::/8,loopback' }).trustedProxies)
      .toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses an entry that is not an address or range, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUSTED_PROXIES: '10.0.0.0/8,proxy.internal' }))
      .toThrow(/TRUSTED_PROXIES: 'proxy\.internal' is not an IP address/);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
  });
});

/** A pending order of a Razorpay store and its payment page URL (from retry-pay). */
async function razorpayPayUrl(t: TestApp): Promise<{ url: string; orderId: number }> {
  const shop: Shop = await createShop(t.db, `ip${++counter}-`);
  await t.db.update(stores).set({ paymentProvider: 'razorpay' }).where(eq(stores.id, shop.store.id));
  const who = await createShopper(t.db, shop.store.id);
  const address = await insertAddress(t.db, shop.store.id, who.id);
  const stone = await createStone(t.db, shop);
  const orderId = (await placeOrder(t, shop, who, [stone.id], address.id)).json().orderId as number;
  const pay = await caller(t, shop.domain)('/api/retry-pay', who, { orderId });
  expect(pay.statusCode).toBe(200);
  return { url: pay.json().url as string, orderId };
}
