import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { and, eq, like } from 'drizzle-orm';
import { adminReturnRoutes, type ReturnStatus } from '@gemstore/contracts';
import { STAFF_ROLES } from '@gemstore/contracts/constants';
import { auditLog, items, orderEvents, outboxMessages, refunds, returnRequests } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { admin } from './staff-fixtures.ts';
import { type BodyOf, refusal, type TestClient } from './client.ts';
import { type Buyer, shopWorld, type ShopWorld } from './world.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

type Move = BodyOf<'adminReturnStatus'>;

describe('back-office returns', () => {
  let t: TestApp;
  let world: ShopWorld;
  let asha: Buyer;
  let photo: Buffer;
  /** The shop's couriers by name. */
  let courier: Record<string, number>;

  /** Staff move a return (an assistant unless said). */
  const status = (id: number, to: Move['status'], extra: Omit<Move, 'status'> = {}, as: TestClient = world.staff.assistant) =>
    as.adminReturnStatus({ params: { id }, body: { status: to, ...extra } });
  const view = async (orderId: number) => (await asha.api.order({ body: { orderId } })).order;

  /** A paid, dispatched order of `n` stones with a return of all of them and two photos; answers the ids. */
  async function returned(n = 1) {
    const stones = await Promise.all(Array.from({ length: n }, () => world.stone()));
    const orderId = await world.paidOrder(asha, stones);
    await world.staff.assistant.adminOrderDispatch({ params: { id: orderId }, body: { courier_id: courier['Blue Dart'], tracking_number: 'BD-1001' } });
    const lineIds = (await view(orderId)).details.map((d) => d.id);
    const form = new FormData();
    form.append('orderId', String(orderId));
    form.append('reason', 'defective');
    form.append('comment', 'A chip on the girdle');
    lineIds.forEach((id, i) => form.append(`detailIds[${i}]`, String(id)));
    form.append('images[0]', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'front.jpg');
    form.append('images[1]', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'back.jpg');
    const res = await asha.api.returnRequestCreate({ form });
    return { orderId, returnId: res.returnRequest.id, stones, lineIds };
  }
  /** A return moved along the happy path up to `to`. */
  async function returnAt(to: ReturnStatus) {
    const r = await returned();
    const path: Record<ReturnStatus, Move['status'][]> = {
      requested: [], approved: ['approved'], rejected: ['rejected'], picked_up: ['approved', 'picked_up'],
      received: ['approved', 'picked_up', 'received'], refunded: ['approved', 'picked_up', 'received', 'refunded'],
    };
    for (const s of path[to]) {
      await status(r.returnId, s, { note: s === 'rejected' ? 'The certificate was not sent back.' : '', ...(s === 'picked_up' ? { courier_id: courier['Delhivery'], tracking_number: 'DL-5566' } : {}) }, world.staff.owner);
    }
    return r;
  }
  const messagesOf = (orderId: number) => t.db.select().from(outboxMessages).where(like(outboxMessages.dedupeKey, `order:${orderId}:%`));

  beforeAll(async () => {
    t = await buildTestApp();
    world = await shopWorld(t);
    courier = await world.couriers();
    asha = await world.shopper();
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 150, g: 20, b: 60 } } }).jpeg().toBuffer();
  });
  afterAll(() => t?.close());

  it('lets every role work the queue, refunds only for owners and managers, and refuses guests, customers and other stores\' staff', async () => {
    const { returnId } = await returned();
    const { tokens, customerToken, otherOwnerToken: bOwnerToken } = world;
    // Every route of the table, the same way for each caller: sent raw, with an empty body.
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
    expect((await world.otherOwner.adminReturns()).total).toBe(0);

    const received = await returnAt('received');
    await expect(status(received.returnId, 'refunded', {}, world.staff.assistant)).rejects.toMatchObject({ status: 403 });
    expect((await world.staff.assistant.adminReturn({ params: { id: received.returnId } })).return.status).toBe('received');
    expect(await t.db.select().from(refunds).where(eq(refunds.returnId, received.returnId))).toHaveLength(0);
    await status(received.returnId, 'refunded', {}, world.staff.manager);
  });

  it('shows the queue and a return with its stones, private photos and the customer', async () => {
    const { returnId, orderId, stones } = await returned(2);
    const { assistant } = world.staff;
    const queue = await assistant.adminReturns({ query: { status: 'requested' } });
    // Its value is what its stones cost: here the whole order.
    const value = (await view(orderId)).details.reduce((s, d) => s + d.product_amount, 0);
    expect(value).toBeGreaterThan(0);
    expect(queue.data.find((r) => r.id === returnId)).toMatchObject({ order_id: orderId, status: 'requested', total_qty: 2, value, photos: 2, reason_label: 'Defective Product', customer: { id: asha.id } });
    expect((await assistant.adminReturns({ query: { status: 'open' } })).data.some((r) => r.id === returnId)).toBe(true);
    expect((await assistant.adminReturns({ query: { status: 'refunded' } })).data.some((r) => r.id === returnId)).toBe(false);
    // A status no return has: a request the typed client cannot make.
    expect((await admin(t, 'a.test', '/returns?status=lost', { token: world.tokens.assistant })).statusCode).toBe(422);

    const ret = (await assistant.adminReturn({ params: { id: returnId } })).return;
    expect(ret).toMatchObject({
      id: returnId, order_id: orderId, order_stage: 'return_requested', status: 'requested', comment: 'A chip on the girdle', customer: { email: asha.email },
      next: ['approved', 'rejected'], refund: null, rejection_reason: null,
    });
    expect(ret.lines.map((l) => l.sku).sort()).toEqual(stones.map((s) => s.gin).sort());
    expect(ret.timeline.map((e) => [e.kind, e.by])).toEqual([['return_requested', expect.stringMatching(/^Shopper/)]]);
    expect(ret.photos).toHaveLength(2);
    // The photo's signed link, as the page shows it.
    const image = await t.app.inject({ url: ret.photos[0]!.url, headers: { domain: 'a.test' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toMatch(/^private/);
    expect((await t.app.inject({ url: ret.photos[0]!.url, headers: { domain: 'b.test' } })).statusCode).toBe(404);
  });

  it('refuses every move the state does not allow with 409, changing nothing', async () => {
    const targets = ['approved', 'rejected', 'picked_up', 'received', 'refunded'] as const;
    const allowed: Record<ReturnStatus, readonly Move['status'][]> = {
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
        const res = await refusal(status(returnId, to, { note: 'Because', courier_id: courier['Fedex'], tracking_number: 'FX-1234' }, world.staff.owner));
        expect(res.status, `${from} -> ${to}: ${res.message}`).toBe(409);
        expect(res.code).toBe('invalid_return_status');
        expect(await snapshot()).toEqual(before);
      }
    }
  });

  it('takes each step with what the customer needs to see, tells them once, and takes the stones back', async () => {
    const { returnId, orderId, stones } = await returned();
    // Rejected needs the reason the customer reads.
    const noReason = await refusal(status(returnId, 'rejected'));
    expect(noReason.status).toBe(422);
    expect(noReason.errors.note).toBeDefined();

    await status(returnId, 'approved', { note: 'Send it with the certificate' });
    await expect(status(returnId, 'approved')).rejects.toMatchObject({ status: 409 });
    // Picked Up needs the courier details: the customer has not sent them, so staff must.
    const noTracking = await refusal(status(returnId, 'picked_up'));
    expect(noTracking.status).toBe(422);
    expect(noTracking.errors.tracking_number).toBeDefined();
    const picked = await status(returnId, 'picked_up', { courier_id: courier['Delhivery'], tracking_number: 'DL-998877' });
    expect(picked.return).toMatchObject({ status: 'picked_up', courier_partner: 'Delhivery', tracking_number: 'DL-998877', next: ['received'] });
    const shown = (await view(orderId)).returns[0];
    expect(shown).toMatchObject({ status: 'picked_up', status_label: 'Picked Up', courier_partner: 'Delhivery', tracking_number: 'DL-998877' });

    await status(returnId, 'received');
    // The stone is back with the shop, hidden until staff show it again.
    expect((await t.db.select({ s: items.status }).from(items).where(eq(items.id, stones[0]!.id)))[0]!.s).toBe('hidden');

    const refunded = await status(returnId, 'refunded', { note: 'Full refund' }, world.staff.owner);
    expect(refunded.return).toMatchObject({ status: 'refunded', next: [], refund: { status: 'processed', kind: 'lines', amount: expect.any(Number), provider: 'sandbox' } });
    expect(refunded.return.lines.every((l) => l.refunded)).toBe(true);

    const order = await view(orderId);
    expect(order.returns[0]).toMatchObject({ status: 'refunded', status_label: 'Refunded' });
    expect(order.timeline.map((e) => e.kind)).toEqual([
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
      await status(returnId, s, s === 'picked_up' ? { courier_id: courier['Delhivery'], tracking_number: 'DL-7001' } : {}, world.staff.owner);
    }
    const { owner } = world.staff;
    const prices = new Map((await owner.adminOrder({ params: { id: orderId } })).order.lines.map((l) => [l.id, l.price]));
    const [first, second] = [prices.get(lineIds[0]!)!, prices.get(lineIds[1]!)!];
    const owed = async () => (await owner.adminRefunds()).returns_to_refund.find((r) => r.id === returnId);
    expect(await owed()).toMatchObject({ value: first + second, to_refund: first + second });

    // One stone refunded from the order: the return offers the other's price, and refunding it pays that.
    await world.refund(orderId, [lineIds[0]!], 'Refunded by phone', owner);
    expect(await owed()).toMatchObject({ value: first + second, to_refund: second });
    await status(returnId, 'refunded', {}, owner);
    const paid = await t.db.select().from(refunds).where(eq(refunds.returnId, returnId));
    expect(paid.map((r) => r.amountPaise)).toEqual([Math.round(second * 100)]);
    expect(await owed()).toBeUndefined();
  });

  it('tells the customer why a return was rejected', async () => {
    const { returnId, orderId } = await returned();
    await status(returnId, 'rejected', { note: 'The stone shows wear that was not there when it left us.' });
    const shown = (await view(orderId)).returns[0];
    expect(shown).toMatchObject({ status: 'rejected', status_label: 'Rejected', rejection_reason: 'The stone shows wear that was not there when it left us.' });
    expect((await view(orderId)).timeline.at(-1)).toMatchObject({ kind: 'return_rejected', detail: expect.stringContaining('shows wear') });
    const mail = (await messagesOf(orderId)).find((m) => m.purpose === 'order-return-rejected')!;
    expect(mail.text).toContain('Reason: The stone shows wear');
    expect(mail.html).toContain('Reason: The stone shows wear');
  });
});
