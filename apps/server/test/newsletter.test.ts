import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { newsletterSubscribers, outboxMessages } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { createShop, type Shop } from './checkout-fixtures.ts';
import { admin, createStaff, staffSignIn } from './staff-fixtures.ts';

let t: TestApp;
let shop: Shop;
let otherShop: Shop;

function call(path: 'newsletter-subscribe' | 'newsletter-confirm' | 'newsletter-unsubscribe', domain: string, payload: unknown, ip = '203.0.113.20') {
  return t.app.inject({ method: 'POST', url: `/api/${path}`, headers: { domain }, payload: payload as object, remoteAddress: ip });
}

/** The confirmation emails sent to an address by a store, oldest first. */
async function mails(storeId: number, to: string) {
  return t.db.select().from(outboxMessages)
    .where(and(eq(outboxMessages.storeId, storeId), eq(outboxMessages.to, to), eq(outboxMessages.purpose, 'newsletter-confirm')))
    .orderBy(outboxMessages.id);
}
function tokenOf(text: string): string {
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=(\S+)/.exec(text);
  expect(link, text).not.toBeNull();
  return decodeURIComponent(link![1]!);
}
async function subscriber(storeId: number, email: string) {
  const [row] = await t.db.select().from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.storeId, storeId), eq(newsletterSubscribers.email, email)));
  return row;
}

beforeAll(async () => {
  t = await buildTestApp({ ENQUIRY_LIMIT_PER_IP: '4' });
  shop = await createShop(t.db);
  otherShop = await createShop(t.db, 'n-');
});
afterAll(() => t?.close());

describe('newsletter sign-up (double opt-in)', () => {
  it("adds an address only once the link emailed to it is opened, on the store's own domain", async () => {
    const res = await call('newsletter-subscribe', shop.domain, { email: '  Kavya@Example.com ' }, '203.0.113.21');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('kavya@example.com');
    expect(await subscriber(shop.store.id, 'kavya@example.com')).toMatchObject({ status: 'pending' });
    const [mail] = await mails(shop.store.id, 'kavya@example.com');
    expect(mail!.subject).toContain(shop.store.name);
    expect(mail!.text).toContain(`://${shop.domain}`);
    const token = tokenOf(mail!.text);

    // The link is the store's: another store does not know it.
    expect((await call('newsletter-confirm', otherShop.domain, { token })).statusCode).toBe(404);
    const confirmed = await call('newsletter-confirm', shop.domain, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toContain('kavya@example.com is now subscribed');
    expect(await subscriber(shop.store.id, 'kavya@example.com')).toMatchObject({ status: 'confirmed', tokenHash: null });
    // Used once.
    expect((await call('newsletter-confirm', shop.domain, { token })).statusCode).toBe(404);
    expect(await subscriber(otherShop.store.id, 'kavya@example.com')).toBeUndefined();
  });

  it('answers a subscribed address as any other and sends it nothing more; a repeated ask replaces the link', async () => {
    const before = (await mails(shop.store.id, 'kavya@example.com')).length;
    const again = await call('newsletter-subscribe', shop.domain, { email: 'kavya@example.com' }, '203.0.113.22');
    expect(again.statusCode).toBe(200);
    const fresh = await call('newsletter-subscribe', shop.domain, { email: 'ravi@example.com' }, '203.0.113.22');
    expect(again.json().message.replace('kavya', 'ravi')).toBe(fresh.json().message);
    expect(await mails(shop.store.id, 'kavya@example.com')).toHaveLength(before);
    expect(await subscriber(shop.store.id, 'kavya@example.com')).toMatchObject({ status: 'confirmed' });

    await call('newsletter-subscribe', shop.domain, { email: 'ravi@example.com' }, '203.0.113.22');
    const [first, second] = await mails(shop.store.id, 'ravi@example.com');
    expect((await call('newsletter-confirm', shop.domain, { token: tokenOf(first!.text) })).statusCode).toBe(404);
    expect((await call('newsletter-confirm', shop.domain, { token: tokenOf(second!.text) })).statusCode).toBe(200);
  });

  it('refuses an expired link and a malformed one', async () => {
    await call('newsletter-subscribe', shop.domain, { email: 'late@example.com' }, '203.0.113.23');
    const [mail] = await mails(shop.store.id, 'late@example.com');
    await t.db.update(newsletterSubscribers).set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscribers.email, 'late@example.com'));
    expect((await call('newsletter-confirm', shop.domain, { token: tokenOf(mail!.text) })).statusCode).toBe(404);
    expect(await subscriber(shop.store.id, 'late@example.com')).toMatchObject({ status: 'pending' });
    const bad = await call('newsletter-confirm', shop.domain, { token: 'x'.repeat(201) });
    expect(bad.statusCode).toBe(422);
    expect((await call('newsletter-confirm', shop.domain, {})).json().errors.token).toBeDefined();
  });

  it('checks the address, and limits sign-ups per IP and confirmation emails per address', async () => {
    const bad = await call('newsletter-subscribe', shop.domain, { email: 'not-an-email' }, '203.0.113.24');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toEqual(['Enter a valid email address.']);

    // One address asked for from many IPs: three emails, then 429 (nobody floods an inbox through the form).
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await call('newsletter-subscribe', shop.domain, { email: 'victim@example.com' }, `198.51.100.${i + 1}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(await mails(shop.store.id, 'victim@example.com')).toHaveLength(3);

    // One IP: four sign-ups in the window, then 429.
    const fromOne = [];
    for (let i = 0; i < 5; i++) fromOne.push((await call('newsletter-subscribe', shop.domain, { email: `p${i}@example.com` }, '192.0.2.77')).statusCode);
    expect(fromOne).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('unsubscribing, and the list staff see and export', () => {
  /** Subscribes and confirms an address; answers the unsubscribe link's email and token from the welcome email. */
  async function subscribed(email: string, ip: string): Promise<{ email: string; token: string }> {
    await call('newsletter-subscribe', shop.domain, { email }, ip);
    const [mail] = await mails(shop.store.id, email);
    expect((await call('newsletter-confirm', shop.domain, { token: tokenOf(mail!.text) })).statusCode).toBe(200);
    const [welcome] = await t.db.select().from(outboxMessages)
      .where(and(eq(outboxMessages.storeId, shop.store.id), eq(outboxMessages.to, email), eq(outboxMessages.purpose, 'newsletter-welcome')));
    const link = /https?:\/\/(\S+)\/newsletter\/unsubscribe\?email=(\S+)&token=(\S+)/.exec(welcome!.text);
    expect(link, welcome!.text).not.toBeNull();
    expect(link![1]!.split(':')[0]).toBe(shop.domain);
    return { email: decodeURIComponent(link![2]!), token: link![3]! };
  }

  it('takes an address off the list through the link in its email; staff see it as unsubscribed and the export leaves it out', async () => {
    const owner = await createStaff(t.db, shop.store.id, 'assistant', 'newsletter-staff@shop.test');
    const token = await staffSignIn(t, shop.domain, owner.email);
    const stays = await subscribed('stays@example.com', '203.0.113.31');
    const leaves = await subscribed('leaves@example.com', '203.0.113.32');
    await call('newsletter-subscribe', shop.domain, { email: 'waiting@example.com' }, '203.0.113.33');

    // A link with another address's signature, or another store's, takes nobody off.
    expect((await call('newsletter-unsubscribe', shop.domain, { email: leaves.email, token: stays.token })).statusCode).toBe(404);
    expect((await call('newsletter-unsubscribe', otherShop.domain, leaves)).statusCode).toBe(404);
    expect((await call('newsletter-unsubscribe', shop.domain, { email: leaves.email })).json().errors.token).toBeDefined();
    const off = await call('newsletter-unsubscribe', shop.domain, leaves);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(`leaves@example.com will receive no more newsletters from ${shop.store.name}.`);
    expect(await subscriber(shop.store.id, 'leaves@example.com')).toMatchObject({ status: 'unsubscribed' });
    // Twice: the same answer, nothing changes.
    expect((await call('newsletter-unsubscribe', shop.domain, leaves)).statusCode).toBe(200);

    const list = await admin(t, shop.domain, '/newsletter', { token });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().subscribers as { email: string; status: string; unsubscribed_at: string | null }[];
    expect(rows.find((r) => r.email === 'leaves@example.com')).toMatchObject({ status: 'unsubscribed' });
    expect(rows.find((r) => r.email === 'leaves@example.com')!.unsubscribed_at).not.toBeNull();
    expect(rows.find((r) => r.email === 'stays@example.com')).toMatchObject({ status: 'confirmed', unsubscribed_at: null });
    expect(rows.find((r) => r.email === 'waiting@example.com')).toMatchObject({ status: 'pending' });
    const counts = list.json().counts;
    expect(counts.unsubscribed).toBe(1);
    expect(counts.confirmed + counts.pending + counts.unsubscribed).toBe(list.json().total);
    const onlyOff = await admin(t, shop.domain, '/newsletter?status=unsubscribed', { token });
    expect(onlyOff.json().subscribers.map((r: { email: string }) => r.email)).toEqual(['leaves@example.com']);
    expect((await admin(t, shop.domain, '/newsletter?status=gone', { token })).statusCode).toBe(422);

    const csv = await admin(t, shop.domain, '/newsletter/export.csv', { token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/newsletter-subscribers-\d{4}-\d\d-\d\d\.csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('email,subscribed_on,confirmed_on');
    const emails = lines.slice(1).map((l) => l.split(',')[0]);
    expect(emails).toContain('stays@example.com');
    expect(emails).not.toContain('leaves@example.com');
    expect(emails).not.toContain('waiting@example.com');
    expect(emails).toHaveLength(counts.confirmed);

    // Signing up again takes the double opt-in again: pending until the new link is opened.
    await call('newsletter-subscribe', shop.domain, { email: 'leaves@example.com' }, '203.0.113.34');
    expect(await subscriber(shop.store.id, 'leaves@example.com')).toMatchObject({ status: 'pending' });

    // Signed out, or another store's staff: refused.
    expect((await admin(t, shop.domain, '/newsletter')).statusCode).toBe(401);
    expect((await admin(t, shop.domain, '/newsletter/export.csv')).statusCode).toBe(401);
    expect((await admin(t, otherShop.domain, '/newsletter', { token })).statusCode).toBe(401);
  });
});
