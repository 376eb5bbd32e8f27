import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminPeopleRoutes } from '@gemstore/contracts';
import { STAFF_ROLES } from '@gemstore/contracts/constants';
import { auditLog, authTokens, customers, enquiries, enquiryReplies, outboxMessages, returnRequests } from '@gemstore/db';
import { hashToken } from '../src/lib/secrets.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createItem } from './factories.ts';
import { call, createCustomer, PASSWORD, signIn } from './auth-fixtures.ts';
import { insertAddress } from './checkout-fixtures.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';

let t: TestApp;
let cast: Awaited<ReturnType<typeof backOfficeStores>>;
let enquiryA: number;
let enquiryB: number;
let customerB: number;

const form = { name: 'Meera Iyer', email: 'meera@example.com', phone: '+91 98111 22233', message: 'Do you have a 5 ratti Ceylon yellow sapphire?\nWith a certificate.' };

async function enquire(domain: string, body = form, ip = '203.0.113.40'): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/enquiry', headers: { domain }, payload: body, remoteAddress: ip });
  expect(res.statusCode).toBe(200);
  const [row] = await t.db.select().from(enquiries).orderBy(enquiries.id).then((rows) => rows.slice(-1));
  return row!.id;
}

/** Every row of the tables these calls write, to prove a refused call changed nothing. */
async function snapshot() {
  const [e, r, c, tok, audit] = await Promise.all([
    t.db.select().from(enquiries).orderBy(enquiries.id), t.db.select().from(enquiryReplies), t.db.select().from(customers).orderBy(customers.id),
    t.db.select().from(authTokens).orderBy(authTokens.id), t.db.select().from(auditLog),
  ]);
  return JSON.stringify({ e, r, c, tok, audit });
}

beforeAll(async () => {
  t = await buildTestApp();
  cast = await backOfficeStores(t, 'b-');
  enquiryA = await enquire('a.test');
  enquiryB = await enquire('b.test', { ...form, name: 'Other Shop Visitor' });
  customerB = (await createCustomer(t.db, cast.b.id, { name: 'Bina of B', email: 'bina@example.com', phone: '9876500099' })).id;
});
afterAll(() => t?.close());

/** Each call of the group with A's ids (as a path, a method and a body). */
function callsOn(enquiryId: number, customerId: number) {
  return [
    { name: 'adminEnquiries', path: '/enquiries' },
    { name: 'adminEnquiry', path: `/enquiries/${enquiryId}` },
    { name: 'adminEnquiryReply', path: `/enquiries/${enquiryId}/reply`, body: { message: 'Yes, we have three.' } },
    { name: 'adminEnquiryHandled', path: `/enquiries/${enquiryId}/handled`, body: { handled: true } },
    { name: 'adminCustomers', path: '/customers?q=asha' },
    { name: 'adminCustomer', path: `/customers/${customerId}` },
    { name: 'adminCustomerBlock', path: `/customers/${customerId}/block`, body: { reason: 'test' } },
    { name: 'adminCustomerUnblock', path: `/customers/${customerId}/unblock`, body: {} },
    { name: 'adminDashboard', path: '/dashboard' },
  ] as const;
}

describe('enquiries and customers in the back office: who may call', () => {
  it('covers every call of the group', () => {
    expect(callsOn(1, 1).map((c) => c.name).sort()).toEqual(Object.keys(adminPeopleRoutes).sort());
  });

  it('refuses guests, customer tokens and another store\'s staff, and changes nothing', async () => {
    const [asha] = await t.db.select().from(customers).where(and(eq(customers.storeId, cast.a.id), eq(customers.phone, '9876500001')));
    const before = await snapshot();
    for (const c of callsOn(enquiryA, asha!.id)) {
      const body = 'body' in c ? c.body : undefined;
      expect((await admin(t, 'a.test', c.path, { body })).statusCode, `${c.name} as a guest`).toBe(401);
      expect((await admin(t, 'a.test', c.path, { body, token: cast.customerToken })).statusCode, `${c.name} with a customer token`).toBe(401);
      // Store B's owner, on B's domain, asking for A's enquiry and customer: absent.
      if (c.name !== 'adminEnquiries' && c.name !== 'adminCustomers' && c.name !== 'adminDashboard') {
        expect((await admin(t, 'b.test', c.path, { body, token: cast.bOwnerToken })).statusCode, `${c.name} from store B`).toBe(404);
      }
      // A's token on B's domain is no token there.
      expect((await admin(t, 'b.test', c.path, { body, token: cast.tokens.owner })).statusCode, `${c.name} with A's token on B`).toBe(401);
    }
    expect(await snapshot()).toBe(before);
    // B's lists show B's rows only.
    const list = await admin(t, 'b.test', '/enquiries?status=all', { token: cast.bOwnerToken });
    expect(list.json().enquiries.map((e: { id: number }) => e.id)).toEqual([enquiryB]);
    const people = await admin(t, 'b.test', '/customers', { token: cast.bOwnerToken });
    expect(people.json().customers.map((c: { id: number }) => c.id)).toEqual([customerB]);
  });

  it('lets every role (capability orders) read the inbox and the customers', async () => {
    for (const role of STAFF_ROLES) {
      const token = cast.tokens[role];
      expect((await admin(t, 'a.test', '/enquiries', { token })).statusCode, role).toBe(200);
      expect((await admin(t, 'a.test', `/enquiries/${enquiryA}`, { token })).statusCode, role).toBe(200);
      expect((await admin(t, 'a.test', '/customers', { token })).statusCode, role).toBe(200);
      const id = (await admin(t, 'a.test', '/customers', { token })).json().customers[0].id;
      expect((await admin(t, 'a.test', `/customers/${id}`, { token })).statusCode, role).toBe(200);
      const e = await enquire('a.test', { ...form, name: `For ${role}` });
      expect((await admin(t, 'a.test', `/enquiries/${e}/reply`, { token, body: { message: `Hello from the ${role}` } })).statusCode, role).toBe(200);
      expect((await admin(t, 'a.test', `/enquiries/${e}/handled`, { token, body: { handled: true } })).statusCode, role).toBe(200);
      const c = await createCustomer(t.db, cast.a.id, { name: `Blockable ${role}`, email: `${role}.blockable@example.com`, phone: `98765${String(STAFF_ROLES.indexOf(role)).padStart(5, '1')}` });
      expect((await admin(t, 'a.test', `/customers/${c.id}/block`, { token, body: {} })).statusCode, role).toBe(200);
      expect((await admin(t, 'a.test', `/customers/${c.id}/unblock`, { token, body: {} })).statusCode, role).toBe(200);
    }
  });
});

describe('the enquiries inbox', () => {
  it('lists open enquiries newest first, answers one by email, keeps the reply and records it', async () => {
    const token = cast.tokens.assistant;
    const fresh = await enquire('a.test', { ...form, name: 'Ravi', email: 'ravi@example.com', message: 'Is the ruby in the photo heated?' });
    const list = await admin(t, 'a.test', '/enquiries', { token });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.enquiries[0]).toMatchObject({ id: fresh, name: 'Ravi', status: 'new', excerpt: 'Is the ruby in the photo heated?' });
    expect(body.open).toBe(body.total);

    expect((await admin(t, 'a.test', `/enquiries/${fresh}/reply`, { token, body: { message: '  ' } })).json().errors.message).toBeDefined();
    const replied = await admin(t, 'a.test', `/enquiries/${fresh}/reply`, { token, body: { message: 'It is unheated, with a GRS report.' } });
    expect(replied.statusCode).toBe(200);
    expect(replied.json().enquiry).toMatchObject({ status: 'replied', replies: [{ body: 'It is unheated, with a GRS report.', staff: { name: 'The assistant' } }] });

    const [mail] = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.to, 'ravi@example.com'), eq(outboxMessages.purpose, 'enquiry_reply')));
    expect(mail).toMatchObject({ channel: 'email', storeId: cast.a.id, subject: `Re: your enquiry to ${cast.a.name}` });
    expect(mail!.text).toContain('It is unheated, with a GRS report.');
    expect(mail!.text).toContain('> Is the ruby in the photo heated?');

    const handled = await admin(t, 'a.test', `/enquiries/${fresh}/handled`, { token, body: { handled: true } });
    expect(handled.json().enquiry).toMatchObject({ status: 'handled' });
    expect(handled.json().enquiry.handled_at).not.toBeNull();
    // Handled twice changes and records nothing more; the open list no longer shows it, the handled list does.
    await admin(t, 'a.test', `/enquiries/${fresh}/handled`, { token, body: { handled: true } });
    expect((await admin(t, 'a.test', '/enquiries', { token })).json().enquiries.some((e: { id: number }) => e.id === fresh)).toBe(false);
    expect((await admin(t, 'a.test', '/enquiries?status=handled', { token })).json().enquiries.some((e: { id: number }) => e.id === fresh)).toBe(true);
    const reopened = await admin(t, 'a.test', `/enquiries/${fresh}/handled`, { token, body: { handled: false } });
    expect(reopened.json().enquiry.status).toBe('replied');

    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'enquiry'), eq(auditLog.objectId, String(fresh))));
    expect(entries.map((e) => e.action).sort()).toEqual(['enquiry.handled', 'enquiry.reopened', 'enquiry.reply']);
  });

  it('greets the enquirer once: "Dear <name>," above a reply, none added to a reply that greets already', async () => {
    const token = cast.tokens.assistant;
    const mailTo = async (email: string) => {
      const [mail] = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.to, email), eq(outboxMessages.purpose, 'enquiry_reply')));
      return mail!.text;
    };
    const plain = await enquire('a.test', { ...form, name: 'Meera', email: 'meera.greet@example.com', message: 'Do you have blue sapphires?' }, '203.0.113.60');
    await admin(t, 'a.test', `/enquiries/${plain}/reply`, { token, body: { message: 'Yes, twelve of them.' } });
    expect((await mailTo('meera.greet@example.com')).startsWith('Dear Meera,\n\nYes, twelve of them.')).toBe(true);

    for (const [i, opening] of ['Dear Arjun,', 'Hi Arjun,', 'hello Arjun', 'Namaste Arjun ji,', 'Good morning Arjun,'].entries()) {
      const email = `arjun${i}@example.com`;
      const id = await enquire('a.test', { ...form, name: 'Arjun', email, message: 'Is the emerald oiled?' }, `203.0.113.${61 + i}`);
      await admin(t, 'a.test', `/enquiries/${id}/reply`, { token, body: { message: `${opening}\n\nIt is lightly oiled.` } });
      const text = await mailTo(email);
      expect(text.startsWith(`${opening}\n\nIt is lightly oiled.`), text).toBe(true);
      expect(text.match(/\b(Dear|Hi|hello|Namaste|Good morning)\b/gi), text).toHaveLength(1);
    }
  });
});

describe('customers', () => {
  it('finds customers by part of a name, email or mobile number, on this store only', async () => {
    const token = cast.tokens.manager;
    await createCustomer(t.db, cast.a.id, { name: 'Kavya Menon', email: 'kavya.m@example.com', phone: '9000012345' });
    const search = async (q: string) => (await admin(t, 'a.test', `/customers?q=${encodeURIComponent(q)}`, { token })).json().customers.map((c: { name: string }) => c.name);
    expect(await search('kavya')).toEqual(['Kavya Menon']);
    expect(await search('KAVYA.M@')).toEqual(['Kavya Menon']);
    expect(await search('90000 12345')).toEqual(['Kavya Menon']);
    expect(await search('bina')).toEqual([]);
    // A wildcard is a literal character.
    expect(await search('%')).toEqual([]);
  });

  it('shows a customer with orders, addresses and returns', async () => {
    const c = await createCustomer(t.db, cast.a.id, { name: 'Dev Shah', email: 'dev@example.com', phone: '9000054321' });
    const address = await insertAddress(t.db, cast.a.id, c.id);
    const stone = await createItem(t.db, cast.a.id, { catalog: cast.catA, pricePaise: 1_234_500 });
    const token = await signIn(t, 'a.test', '9000054321');
    const placed = await call(t, 'a.test', '/api/place-order', { itemIds: [stone.id], shippingAddressId: address.id, billingAddressId: address.id, paymentMethodId: 1001, origin: 'http://a.test' }, { token });
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().orderId as number;
    await t.db.insert(returnRequests).values({ storeId: cast.a.id, orderId, customerId: c.id, reason: 'defective', status: 'requested' });

    const page = await admin(t, 'a.test', `/customers/${c.id}`, { token: cast.tokens.assistant });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      customer: { id: c.id, name: 'Dev Shah', email: 'dev@example.com', phone: '9000054321', blocked: false, verified: true },
      orders: [{ id: orderId, status: 'pending', total_amount: 12345, total_qty: 1, dispatched: false }],
      addresses: [{ id: address.id, primary: true, label: 'Home' }],
      returns: [{ order_id: orderId, status: 'Requested', reason: 'Defective Product' }],
    });
    expect(page.json().addresses[0].text).toContain('Jaipur');
  });

  it('blocks a customer: their tokens stop working, sign-in and ordering are refused with a clear message; unblocking restores them', async () => {
    const c = await createCustomer(t.db, cast.a.id, { name: 'Blocked Bhanu', email: 'bhanu@example.com', phone: '9000099999' });
    const address = await insertAddress(t.db, cast.a.id, c.id);
    const stone = await createItem(t.db, cast.a.id, { catalog: cast.catA });
    const token = await signIn(t, 'a.test', '9000099999');
    const otherToken = await signIn(t, 'a.test', 'bhanu@example.com');
    const order = { itemIds: [stone.id], shippingAddressId: address.id, billingAddressId: address.id, paymentMethodId: 1001, origin: 'http://a.test' };

    const blocked = await admin(t, 'a.test', `/customers/${c.id}/block`, { token: cast.tokens.manager, body: { reason: 'Chargebacks on three orders' } });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().customer).toMatchObject({ blocked: true, blocked_reason: 'Chargebacks on three orders' });

    for (const tok of [token, otherToken]) {
      expect((await call(t, 'a.test', '/api/auth-user', {}, { token: tok })).statusCode).toBe(401);
      expect((await call(t, 'a.test', '/api/place-order', order, { token: tok })).statusCode).toBe(401);
    }
    const login = await call(t, 'a.test', '/api/login', { phone: '9000099999' });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'account_blocked', message: expect.stringContaining('blocked') });
    const password = await call(t, 'a.test', '/api/login-password-submit', { userId: c.id, password: PASSWORD, phone: '9000099999', isPhone: true });
    expect(password.statusCode).toBe(403);
    expect(password.json().code).toBe('account_blocked');
    const otp = await call(t, 'a.test', '/api/login-send-otp', { userId: c.id, phone: '9000099999', isPhone: true });
    expect(otp.statusCode).toBe(403);
    const live = await t.db.select().from(authTokens).where(eq(authTokens.customerId, c.id));
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);
    // A token that escaped the revocation (written straight to the table) still orders nothing.
    const stray = 'stray-token-of-a-blocked-customer-0123456789';
    await t.db.insert(authTokens).values({ storeId: cast.a.id, customerId: c.id, tokenHash: hashToken(stray) });
    const refused = await call(t, 'a.test', '/api/place-order', order, { token: stray });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_blocked');
    await t.db.delete(authTokens).where(eq(authTokens.tokenHash, hashToken(stray)));
    // The storefront's stone stays free: nothing was ordered.
    expect((await call(t, 'a.test', '/api/items-by-ids', { itemIds: [stone.id] })).json().items).toHaveLength(1);

    const unblocked = await admin(t, 'a.test', `/customers/${c.id}/unblock`, { token: cast.tokens.manager, body: {} });
    expect(unblocked.json().customer).toMatchObject({ blocked: false, blocked_at: null, blocked_reason: '' });
    const again = await signIn(t, 'a.test', '9000099999');
    expect((await call(t, 'a.test', '/api/place-order', order, { token: again })).statusCode).toBe(200);

    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'customer'), eq(auditLog.objectId, String(c.id))));
    expect(entries.map((e) => e.action)).toEqual(['customer.block', 'customer.unblock']);
    expect(entries[0]!.changes).toMatchObject({ blocked: { old: false, new: true }, blocked_reason: { old: '', new: 'Chargebacks on three orders' } });
  });

  it('answers 404 for a customer or enquiry that does not exist and 422 for a bad id', async () => {
    const token = cast.tokens.owner;
    expect((await admin(t, 'a.test', '/customers/999999', { token })).statusCode).toBe(404);
    expect((await admin(t, 'a.test', '/enquiries/999999', { token })).statusCode).toBe(404);
    expect((await admin(t, 'a.test', '/customers/abc', { token })).statusCode).toBe(422);
    expect((await admin(t, 'a.test', `/customers/${customerB}/block`, { token, body: {} })).statusCode).toBe(404);
    expect((await t.db.select().from(customers).where(eq(customers.id, customerB)))[0]!.blockedAt).toBeNull();
  });
});
