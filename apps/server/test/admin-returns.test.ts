import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { and, eq, like } from 'drizzle-orm';
import { adminReturnRoutes, type ReturnStatus } from '@gemstore/contracts';
import { STAFF_ROLES, type StaffRole } from '@gemstore/contracts/constants';
import { auditLog, items, orderEvents, outboxMessages, refunds, returnRequests } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import type { Catalog, createStore } from './factories.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';
import { caller, createShopper, createStone, insertAddress, payWithSandbox, placeOrder, type Shop, type Shopper, courierIds } from './checkout-fixtures.ts';
import { multipart } from './multipart.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

type Store = Awaited<ReturnType<typeof createStore>>;

describe('back-office returns', () => {
  let t: TestApp;
  let a: Store;
  let catA: Catalog;
  let tokens: Record<StaffRole, string>;
  let bOwnerToken: string;
  let customerToken: string;
  let shopA: Shop;
  let asha: Shopper;
  let ashaAddress: number;
  let photo: Buffer;
  /** The shop's couriers by name. */
  let courier: Record<string, number>;

  const get = (path: string, token = tokens.assistant, domain = 'a.test') => admin(t, domain, path, { token });
  const post = (path: string, body: object = {}, token = tokens.assistant, domain = 'a.test') => admin(t, domain, path, { token, body });
  const status = (id: number, s: string, extra: object = {}, token = tokens.assistant) => post(`/returns/${id}/status`, { status: s, ...extra }, token);
  const view = async (orderId: number) => (await caller(t, 'a.test')('/api/order', asha, { orderId })).json().order;

  /** A paid, dispatched order of `n` stones with a return of all of them and two photos; answers the ids. */
  async function returned(n = 1) {
    const stones = await Promise.all(Array.from({ length: n }, () => createStone(t.db, shopA)));
    const orderId = (await placeOrder(t, shopA, asha, stones.map((s) => s.id), ashaAddress)).json().orderId as number;
    expect((await payWithSandbox(t, shopA, asha, orderId)).statusCode).toBe(303);
    expect((await post(`/orders/${orderId}/dispatch`, { courier_id: courier['Blue Dart'], tracking_number: 'BD-1001' })).statusCode).toBe(200);
    const lineIds = (await view(orderId)).details.map((d: { id: number }) => d.id) as number[];
    const { payload, contentType } = multipart([
      ['orderId', String(orderId)], ['reason', 'defective'], ['comment', 'A chip on the girdle'],
      ...lineIds.map((id, i) => [`detailIds[${i}]`, String(id)] as [string, string]),
      ['images[0]', photo, 'front.jpg', 'image/jpeg'], ['images[1]', photo, 'back.jpg', 'image/jpeg'],
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/return-request-create', payload, headers: { domain: 'a.test', 'content-type': contentType, authorization: `Bearer ${asha.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return { orderId, returnId: res.json().returnRequest.id as number, stones, lineIds };
  }
  /** A return moved along the happy path up to `to`. */
  async function returnAt(to: ReturnStatus) {
    const r = await returned();
    const path: Record<ReturnStatus, string[]> = {
      requested: [], approved: ['approved'], rejected: ['rejected'], picked_up: ['approved', 'picked_up'],
      received: ['approved', 'picked_up', 'received'], refunded: ['approved', 'picked_up', 'received', 'refunded'],
    };
    for (const s of path[to]) {
      const res = await status(r.returnId, s, { note: s === 'rejected' ? 'The certificate was not sent back.' : '', ...(s === 'picked_up' ? { courier_id: courier['Delhivery'], tracking_number: 'DL-5566' } : {}) }, tokens.owner);
      expect(res.statusCode, `${s}: ${res.body}`).toBe(200);
    }
    return r;
  }
  const messagesOf = (orderId: number) => t.db.select().from(outboxMessages).where(like(outboxMessages.dedupeKey, `order:${orderId}:%`));

  beforeAll(async () => {
    t = await buildTestApp();
    ({ a, catA, tokens, bOwnerToken, customerToken } = await backOfficeStores(t, 'b-'));
    courier = await courierIds(t, a.id);
    shopA = { store: a, catalog: catA, domain: 'a.test' };
    asha = await createShopper(t.db, a.id);
    ashaAddress = (await insertAddress(t.db, a.id, asha.id)).id;
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 150, g: 20, b: 60 } } }).jpeg().toBuffer();
  });
  afterAll(() => t?.close());

  it('lets every role work the queue, refunds only for owners and managers, and refuses guests, customers and other stores\' staff', async () => {
    const { returnId } = await returned();
    for (const [name, r] of Object.entries(adminReturnRoutes)) {
      const path = r.path.replace('/admin', '').replace(':id', String(returnId));
      const opts = { method: r.method, ...(r.method === 'GET' ? {} : { body: {} }) };
      for (const role of STAFF_ROLES) {
        const res = await admin(t, 'a.test', path, { ...opts, token: tokens[role] });
        expect([200, 422], `${name} as ${role}: ${res.body}`).toContain(res.statusCode);
      }
      expect((await admin(t, 'a.test', path, opts)).statusCode, name).toBe(401);
      expect((await admin(t, 'a.test', path, { ...opts, token: customerToken })).statusCode, name).toBe(401);
      expect((await admin(t, 'a.test', path, { ...opts, token: bOwnerToken })).statusCode, name).toBe(401);
      // Another store's owner, on their own store: the return is not there.
      if (r.path.includes(':id')) expect((await admin(t, 'b.test', path, { ...opts, token: bOwnerToken, body: { status: 'approved' } })).statusCode, name).toBe(404);
    }
    expect((await get('/returns', bOwnerToken, 'b.test')).json().total).toBe(0);

    const received = await returnAt('received');
    const refused = await status(received.returnId, 'refunded', {}, tokens.assistant);
    expect(refused.statusCode).toBe(403);
    expect((await get(`/returns/${received.returnId}`)).json().return.status).toBe('received');
    expect(await t.db.select().from(refunds).where(eq(refunds.returnId, received.returnId))).toHaveLength(0);
    expect((await status(received.returnId, 'refunded', {}, tokens.manager)).statusCode).toBe(200);
  });

  it('shows the queue and a return with its stones, private photos and the customer', async () => {
    const { returnId, orderId, stones } = await returned(2);
    const queue = (await get('/returns?status=requested')).json();
    // Its value is what its stones cost: here the whole order.
    const value = (await view(orderId)).details.reduce((s: number, d: { product_amount: number }) => s + d.product_amount, 0) as number;
    expect(value).toBeGreaterThan(0);
    expect(queue.data.find((r: { id: number }) => r.id === returnId)).toMatchObject({ order_id: orderId, status: 'requested', total_qty: 2, value, photos: 2, reason_label: 'Defective Product', customer: { id: asha.id } });
    expect((await get('/returns?status=open')).json().data.some((r: { id: number }) => r.id === returnId)).toBe(true);
    expect((await get('/returns?status=refunded')).json().data.some((r: { id: number }) => r.id === returnId)).toBe(false);
    expect((await get('/returns?status=lost')).statusCode).toBe(422);

    const ret = (await get(`/returns/${returnId}`)).json().return;
    expect(ret).toMatchObject({
      id: returnId, order_id: orderId, order_stage: 'return_requested', status: 'requested', comment: 'A chip on the girdle', customer: { email: asha.email },
      next: ['approved', 'rejected'], refund: null, rejection_reason: null,
    });
    expect(ret.lines.map((l: { sku: string }) => l.sku).sort()).toEqual(stones.map((s) => s.gin).sort());
    expect(ret.timeline.map((e: { kind: string; by: string }) => [e.kind, e.by])).toEqual([['return_requested', expect.stringMatching(/^Shopper/)]]);
    expect(ret.photos).toHaveLength(2);
    const image = await t.app.inject({ url: ret.photos[0].url, headers: { domain: 'a.test' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toMatch(/^private/);
    expect((await t.app.inject({ url: ret.photos[0].url, headers: { domain: 'b.test' } })).statusCode).toBe(404);
  });

  it('refuses every move the state does not allow with 409, changing nothing', async () => {
    const targets = ['approved', 'rejected', 'picked_up', 'received', 'refunded'] as const;
    const allowed: Record<ReturnStatus, readonly string[]> = {
      requested: ['approved', 'rejected'], approved: ['picked_up', 'rejected'], picked_up: ['received'],
      received: ['refunded', 'rejected'], rejected: [], refunded: [],
    };
    for (const from of ['requested', 'approved', 'picked_up', 'received', 'rejected', 'refunded'] as const) {
      const { returnId, orderId, stones } = await returnAt(from);
      const snapshot = async () => ({
        ret: (await t.db.select().from(returnRequests).where(eq(returnRequests.id, returnId)))[0],
        events: (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).length,
        messages: (await messagesOf(orderId)).length,
        refunds: (await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).length,
        stone: (await t.db.select({ s: items.status }).from(items).where(eq(items.id, stones[0]!.id)))[0]!.s,
        audit: (await t.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'return'), eq(auditLog.objectId, String(returnId))))).length,
      });
      for (const to of targets.filter((s) => !allowed[from].includes(s))) {
        const before = await snapshot();
        const res = await status(returnId, to, { note: 'Because', courier_id: courier['Fedex'], tracking_number: 'FX-1234' }, tokens.owner);
        expect(res.statusCode, `${from} -> ${to}: ${res.body}`).toBe(409);
        expect(res.json().code).toBe('invalid_return_status');
        expect(await snapshot()).toEqual(before);
      }
    }
  });

  it('takes each step with what the customer needs to see, tells them once, and takes the stones back', async () => {
    const { returnId, orderId, stones } = await returned();
    // Rejected needs the reason the customer reads.
    const noReason = await status(returnId, 'rejected');
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.note).toBeDefined();

    expect((await status(returnId, 'approved', { note: 'Send it with the certificate' })).statusCode).toBe(200);
    expect((await status(returnId, 'approved')).statusCode).toBe(409);
    // Picked Up needs the courier details: the customer has not sent them, so staff must.
    const noTracking = await status(returnId, 'picked_up');
    expect(noTracking.statusCode).toBe(422);
    expect(noTracking.json().errors.tracking_number).toBeDefined();
    const picked = await status(returnId, 'picked_up', { courier_id: courier['Delhivery'], tracking_number: 'DL-998877' });
    expect(picked.statusCode).toBe(200);
    expect(picked.json().return).toMatchObject({ status: 'picked_up', courier_partner: 'Delhivery', tracking_number: 'DL-998877', next: ['received'] });
    const shown = (await view(orderId)).returns[0];
    expect(shown).toMatchObject({ status: 'picked_up', status_label: 'Picked Up', courier_partner: 'Delhivery', tracking_number: 'DL-998877' });

    expect((await status(returnId, 'received')).statusCode).toBe(200);
    // The stone is back with the shop, hidden until staff show it again.
    expect((await t.db.select({ s: items.status }).from(items).where(eq(items.id, stones[0]!.id)))[0]!.s).toBe('hidden');

    const refunded = await status(returnId, 'refunded', { note: 'Full refund' }, tokens.owner);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().return).toMatchObject({ status: 'refunded', next: [], refund: { status: 'processed', kind: 'lines', amount: expect.any(Number), provider: 'sandbox' } });
    expect(refunded.json().return.lines.every((l: { refunded: boolean }) => l.refunded)).toBe(true);

    const order = await view(orderId);
    expect(order.returns[0]).toMatchObject({ status: 'refunded', status_label: 'Refunded' });
    expect(order.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'placed', 'paid', 'dispatched', 'return_requested', 'return_approved', 'return_picked_up', 'return_received', 'refund_processed', 'return_refunded',
    ]);
    expect(JSON.stringify(order.timeline)).not.toContain('Send it with the certificate');
    const purposes = (await messagesOf(orderId)).map((m) => m.purpose).sort();
    expect(purposes).toEqual(['order-dispatched', 'order-paid', 'order-placed', 'order-refund-processed', 'order-return-approved', 'order-return-picked-up']);
    const refundMail = (await messagesOf(orderId)).find((m) => m.purpose === 'order-refund-processed')!;
    expect(refundMail.text).toMatch(/We have refunded Rs\. [\d,]+\.00 for order/);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'return'), eq(auditLog.objectId, String(returnId))));
    expect(audit.map((e) => e.action)).toEqual(['return.status', 'return.status', 'return.status']);
  });

  it('offers to refund only what is left of a received return whose stones were partly refunded from the order', async () => {
    const { orderId, returnId, lineIds } = await returned(2);
    for (const s of ['approved', 'picked_up', 'received'] as const) {
      expect((await status(returnId, s, s === 'picked_up' ? { courier_id: courier['Delhivery'], tracking_number: 'DL-7001' } : {}, tokens.owner)).statusCode).toBe(200);
    }
    const prices = new Map(((await get(`/orders/${orderId}`, tokens.owner)).json().order.lines as { id: number; price: number }[]).map((l) => [l.id, l.price]));
    const [first, second] = [prices.get(lineIds[0]!)!, prices.get(lineIds[1]!)!];
    const owed = async () => ((await get('/refunds', tokens.owner)).json().returns_to_refund as { id: number; value: number; to_refund: number }[]).find((r) => r.id === returnId);
    expect(await owed()).toMatchObject({ value: first + second, to_refund: first + second });

    // One stone refunded from the order: the return offers the other's price, and refunding it pays that.
    const partial = await post(`/orders/${orderId}/refunds`, { idempotency_key: randomUUID(), line_ids: [lineIds[0]], reason: 'Refunded by phone' }, tokens.owner);
    expect(partial.statusCode, partial.body).toBe(200);
    expect(await owed()).toMatchObject({ value: first + second, to_refund: second });
    expect((await status(returnId, 'refunded', {}, tokens.owner)).statusCode).toBe(200);
    const paid = await t.db.select().from(refunds).where(eq(refunds.returnId, returnId));
    expect(paid.map((r) => r.amountPaise)).toEqual([Math.round(second * 100)]);
    expect(await owed()).toBeUndefined();
  });

  it('tells the customer why a return was rejected', async () => {
    const { returnId, orderId } = await returned();
    const res = await status(returnId, 'rejected', { note: 'The stone shows wear that was not there when it left us.' });
    expect(res.statusCode).toBe(200);
    const shown = (await view(orderId)).returns[0];
    expect(shown).toMatchObject({ status: 'rejected', status_label: 'Rejected', rejection_reason: 'The stone shows wear that was not there when it left us.' });
    expect((await view(orderId)).timeline.at(-1)).toMatchObject({ kind: 'return_rejected', detail: expect.stringContaining('shows wear') });
    const mail = (await messagesOf(orderId)).find((m) => m.purpose === 'order-return-rejected')!;
    expect(mail.text).toContain('Reason: The stone shows wear');
    expect(mail.html).toContain('Reason: The stone shows wear');
  });
});
