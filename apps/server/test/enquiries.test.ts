import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { enquiries, outboxMessages } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { createShop, type Shop } from './checkout-fixtures.ts';

let t: TestApp;
let shop: Shop;
let otherShop: Shop;

const form = { name: 'Meera', email: 'meera@example.com', phone: '+91 98111 22233', message: 'Do you have a 5 ratti Ceylon yellow sapphire?' };

function send(domain: string, payload: unknown, ip = '203.0.113.10') {
  return t.app.inject({ method: 'POST', url: '/api/enquiry', headers: { domain }, payload: payload as object, remoteAddress: ip });
}

beforeAll(async () => {
  t = await buildTestApp({ ENQUIRY_LIMIT_PER_IP: '3' });
  shop = await createShop(t.db);
  otherShop = await createShop(t.db, 'o-');
});
afterAll(() => t?.close());

describe('enquiry', () => {
  it('stores the enquiry for the store and emails the store through the outbox', async () => {
    const res = await send(shop.domain, form, '203.0.113.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    const rows = await t.db.select().from(enquiries).where(eq(enquiries.storeId, shop.store.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Meera', email: 'meera@example.com', phone: '+91 98111 22233', message: form.message });
    const mail = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.to, shop.store.email), eq(outboxMessages.purpose, 'enquiry')));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: 'email', storeId: shop.store.id, subject: 'Enquiry from Meera' });
    expect(mail[0]!.text).toContain(form.message);
    expect(mail[0]!.text).toContain('meera@example.com');
    expect(await t.db.select().from(enquiries).where(eq(enquiries.storeId, otherShop.store.id))).toHaveLength(0);
  });

  it('requires every field, with field errors', async () => {
    const res = await send(shop.domain, {}, '203.0.113.2');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'message', 'name', 'phone']);
    const bad = await send(shop.domain, { ...form, email: 'not-an-email', phone: 'call me', name: '  ' }, '203.0.113.2');
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'phone']);
    expect((await send(shop.domain, { ...form, message: 'x'.repeat(2001) }, '203.0.113.2')).json().errors.message).toBeDefined();
  });

  it('limits enquiries per IP and store', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 3; i += 1) expect((await send(shop.domain, form, ip)).statusCode).toBe(200);
    const limited = await send(shop.domain, form, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address, or the same address on another shop, is counted apart.
    expect((await send(shop.domain, form, '198.51.100.8')).statusCode).toBe(200);
    expect((await send(otherShop.domain, form, ip)).statusCode).toBe(200);
  });

  it('needs a known shop', async () => {
    expect((await send('nowhere.test', form)).statusCode).toBe(404);
  });
});
