import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { and, eq, like } from 'drizzle-orm';
import type { StaffRole } from '@gemstore/contracts/constants';
import { items, orderEvents, orders, outboxMessages, payments, refundLines, refunds, stores } from '@gemstore/db';
import { buildApp } from '../src/app.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import type { Catalog, createStore } from './factories.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';
import { caller, createShopper, createStone, insertAddress, placeOrder, postForm, type Shop, type Shopper, courierIds } from './checkout-fixtures.ts';
import { type FakeRefund, type FakeRazorpay, startFakeRazorpay } from './fake-razorpay.ts';
import { multipart } from './multipart.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

type Store = Awaited<ReturnType<typeof createStore>>;
const KEY_ID = 'rzp_test_reconcile';
const KEY_SECRET = 'razorpay-key-secret-for-reconciliation';
const WEBHOOK_SECRET = 'razorpay-webhook-secret-for-reconciliation';

/** A moment `minutes` from now: the job judges what is due from the time it is given. */
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('refund webhooks and the reconciliation job', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let a: Store;
  let b: Store;
  let tokens: Record<StaffRole, string>;
  let bOwnerToken: string;
  let shops: Record<'a' | 'b', Shop>;
  let people: Record<'a' | 'b', { who: Shopper; address: number; token: () => string; domain: string }>;
  let photo: Buffer;
  /** The shop's couriers by name. */
  let courier: Record<string, number>;

  const post = (domain: string, token: string, path: string, body: object) => admin(t, domain, path, { token, body });
  const refundRows = (orderId: number) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const eventsOf = (orderId: number, kind: string) => t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, kind)));
  const mailsOf = (orderId: number, step: string) => t.db.select().from(outboxMessages).where(like(outboxMessages.dedupeKey, `order:${orderId}:${step}%`));
  const job = (now = new Date()) => t.app.flows.reconciliation.run({ log: t.app.log, now });
  const askedAbout = (path: string) => fake.calls.filter((c) => c.method === 'GET' && c.path === path).length;

  /** An order of a store on Razorpay, paid through the Checkout callback as Razorpay signs it. */
  async function paidOrder(s: 'a' | 'b', n = 1) {
    const { who, address, token, domain } = people[s];
    const stones = await Promise.all(Array.from({ length: n }, () => createStone(t.db, shops[s], { pricePaise: 2_500_000 })));
    const orderId = (await placeOrder(t, shops[s], who, stones.map((x) => x.id), address)).json().orderId as number;
    const q = (await caller(t, domain)('/api/retry-pay', who, { orderId })).json();
    const paymentId = `pay_C${orderId}x${randomUUID().slice(0, 8)}`;
    const signature = createHmac('sha256', KEY_SECRET).update(`${q.order_id}|${paymentId}`).digest('hex');
    const back = await postForm(t, `/pay/callback/${orderId}`, { razorpay_payment_id: paymentId, razorpay_order_id: q.order_id, razorpay_signature: signature });
    expect(back.headers.location).toBe(`/order/view/${orderId}`);
    const lineIds = (await admin(t, domain, `/orders/${orderId}`, { token: token() })).json().order.lines.map((l: { id: number }) => l.id) as number[];
    return { orderId, lineIds, paymentId, providerOrderId: q.order_id as string, stones };
  }

  /** A refund of these stones from store `s`'s back office (a fresh key each time). */
  const refundLinesOf = (s: 'a' | 'b', orderId: number, lineIds: number[]) =>
    post(people[s].domain, people[s].token(), `/orders/${orderId}/refunds`, { idempotency_key: randomUUID(), line_ids: lineIds });

  /** A refund Razorpay made whose answer never reached the shop (it answered 500 after making it). */
  async function refundWithLostAnswer(s: 'a' | 'b', orderId: number, lineIds: number[], made = true) {
    fake.refundTrouble = { status: 500, code: 'SERVER_ERROR', description: 'We are facing some trouble completing your request at the moment.' };
    fake.refundDespiteTrouble = made;
    const res = await refundLinesOf(s, orderId, lineIds);
    fake.reset();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund).toMatchObject({ status: 'pending', provider_refund_id: null });
    return { refundId: res.json().refund.id as number, made: made ? fake.refunds.at(-1)! : null };
  }

  /** A Razorpay refund webhook as Razorpay sends it: the refund, and the payment it belongs to. */
  function refundEvent(name: 'refund.created' | 'refund.processed' | 'refund.failed', refund: FakeRefund, overrides: Partial<FakeRefund> = {}) {
    const status = name === 'refund.processed' ? 'processed' : name === 'refund.failed' ? 'failed' : 'pending';
    return JSON.stringify({
      entity: 'event', account_id: 'acc_Reconcile1', event: name, contains: ['refund', 'payment'],
      payload: {
        refund: { entity: { ...refund, status, speed_requested: 'normal', ...overrides } },
        payment: { entity: { id: refund.payment_id, entity: 'payment', amount: 2_500_000, currency: 'INR', status: 'captured', order_id: 'order_Unrelated', amount_refunded: refund.amount } },
      },
      created_at: 1700000100,
    });
  }
  function deliver(body: string, eventId: string) {
    return t.app.inject({
      method: 'POST', url: '/api/payments/razorpay/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex'), 'x-razorpay-event-id': eventId },
      payload: body,
    });
  }

  /** A paid order of store B, dispatched, returned by its customer and received back by staff. */
  async function receivedReturn() {
    const { orderId, lineIds, paymentId } = await paidOrder('b');
    const step = (path: string, body: object) => post('b.test', bOwnerToken, path, body);
    expect((await step(`/orders/${orderId}/dispatch`, { courier_id: courier['Blue Dart'], tracking_number: 'BD-77' })).statusCode).toBe(200);
    const detailIds = (await caller(t, 'b.test')('/api/order', people.b.who, { orderId })).json().order.details.map((d: { id: number }) => d.id) as number[];
    const { payload, contentType } = multipart([
      ['orderId', String(orderId)], ['reason', 'defective'], ['comment', 'A chip on the girdle'],
      ...detailIds.map((id, i) => [`detailIds[${i}]`, String(id)] as [string, string]), ['images[0]', photo, 'front.jpg', 'image/jpeg'],
    ]);
    const created = await t.app.inject({ method: 'POST', url: '/api/return-request-create', payload, headers: { domain: 'b.test', 'content-type': contentType, authorization: `Bearer ${people.b.who.token}` } });
    expect(created.statusCode, created.body).toBe(200);
    const returnId = created.json().returnRequest.id as number;
    for (const [s, extra] of [['approved', {}], ['picked_up', { courier_id: courier['Delhivery'], tracking_number: 'DL-88' }], ['received', {}]] as const) {
      const res = await step(`/returns/${returnId}/status`, { status: s, ...extra });
      expect(res.statusCode, `${s}: ${res.body}`).toBe(200);
    }
    return { orderId, lineIds, paymentId, returnId, step };
  }
  const returnStatus = async (returnId: number) => (await admin(t, 'b.test', `/returns/${returnId}`, { token: bOwnerToken })).json().return.status as string;

  beforeAll(async () => {
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 90, b: 160 } } }).jpeg().toBuffer();
    fake = await startFakeRazorpay();
    t = await buildTestApp({
      RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, RAZORPAY_API_URL: fake.url, RAZORPAY_TIMEOUT_MS: '1000',
    });
    let catA: Catalog;
    let catB: Catalog;
    ({ a, b, catA, catB, tokens, bOwnerToken } = await backOfficeStores(t, 'b-'));
    courier = await courierIds(t, b.id);
    // Both shops take payments through Razorpay, on the same account keys (as two shops of one seller would).
    await t.db.update(stores).set({ paymentProvider: 'razorpay' });
    shops = { a: { store: a, catalog: catA, domain: 'a.test' }, b: { store: b, catalog: catB, domain: 'b.test' } };
    const asha = await createShopper(t.db, a.id);
    const ravi = await createShopper(t.db, b.id);
    people = {
      a: { who: asha, address: (await insertAddress(t.db, a.id, asha.id)).id, token: () => tokens.manager, domain: 'a.test' },
      b: { who: ravi, address: (await insertAddress(t.db, b.id, ravi.id)).id, token: () => bOwnerToken, domain: 'b.test' },
    };
  });
  beforeEach(() => fake.reset());
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  describe('webhooks', () => {
    it('applies refund.processed once: two identical deliveries settle it once and tell the customer once', async () => {
      const { orderId, lineIds } = await paidOrder('b', 2);
      const { refundId, made } = await refundWithLostAnswer('b', orderId, [lineIds[0]!]);
      expect(await mailsOf(orderId, 'refund:')).toHaveLength(0);

      const body = refundEvent('refund.processed', made!);
      const first = await deliver(body, 'evt_rp_1');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().outcome).toBe('refund_processed');
      const again = await deliver(body, 'evt_rp_1');
      expect(again.json().outcome).toBe('repeat_event');
      // The same news under another event id (Razorpay's retry, or refund.created arriving late) changes nothing either.
      expect((await deliver(body, 'evt_rp_2')).json().outcome).toBe('repeat');
      expect((await deliver(refundEvent('refund.created', made!), 'evt_rp_3')).json().outcome).toBe('repeat');

      const [row] = await refundRows(orderId);
      expect(row).toMatchObject({ id: refundId, status: 'processed', providerRefundId: made!.id });
      expect(await eventsOf(orderId, 'refund_processed')).toEqual([expect.objectContaining({ actor: 'provider', refundId })]);
      const mails = await mailsOf(orderId, 'refund:');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`${b.name}: refund for order #${orderId}`);
      const view = (await caller(t, 'b.test')('/api/order', people.b.who, { orderId })).json().order;
      expect(view.timeline.filter((e: { kind: string }) => e.kind === 'refund_processed')).toHaveLength(1);
    });

    it('moves a refund Razorpay accepted from started to processed, with no second message', async () => {
      const { orderId, lineIds } = await paidOrder('b');
      fake.refundStatus = 'pending';
      const res = await refundLinesOf('b', orderId, lineIds);
      expect(res.json().refund.status).toBe('pending');
      const made = fake.refunds.at(-1)!;
      const [x, y] = await Promise.all([deliver(refundEvent('refund.processed', made), 'evt_rs_1'), deliver(refundEvent('refund.processed', made), 'evt_rs_1')]);
      expect([x.json().outcome, y.json().outcome].sort()).toEqual(['refund_processed', 'repeat_event']);
      expect((await refundRows(orderId))[0]!.status).toBe('processed');
      expect(await eventsOf(orderId, 'refund_started')).toHaveLength(1);
      expect(await eventsOf(orderId, 'refund_processed')).toHaveLength(1);
      expect(await mailsOf(orderId, 'refund:')).toHaveLength(1);
    });

    it('on refund.failed frees the stones, so they can be refunded again; a replay changes nothing', async () => {
      const { orderId, lineIds } = await paidOrder('b', 2);
      fake.refundStatus = 'pending';
      const first = await refundLinesOf('b', orderId, lineIds);
      const made = fake.refunds.at(-1)!;
      fake.reset();
      // Meanwhile the stones cannot be refunded another way.
      expect((await refundLinesOf('b', orderId, [lineIds[1]!])).json().code).toBe('line_already_refunded');

      const body = refundEvent('refund.failed', made);
      expect((await deliver(body, 'evt_rf_1')).json().outcome).toBe('refund_failed');
      expect((await deliver(body, 'evt_rf_1')).json().outcome).toBe('repeat_event');
      expect((await deliver(refundEvent('refund.processed', made), 'evt_rf_2')).json().outcome).toBe('repeat');
      const [failed] = await refundRows(orderId);
      expect(failed).toMatchObject({ id: first.json().refund.id, status: 'failed', failureReason: 'Razorpay reported that the refund failed.' });
      expect(await t.db.select().from(refundLines).where(eq(refundLines.refundId, failed!.id))).toHaveLength(0);
      const detail = (await admin(t, 'b.test', `/orders/${orderId}`, { token: bOwnerToken })).json().order;
      expect(detail.lines.map((l: { refunded: boolean }) => l.refunded)).toEqual([false, false]);
      expect(detail.timeline.filter((e: { kind: string }) => e.kind === 'refund_failed')).toHaveLength(1);

      const retry = await refundLinesOf('b', orderId, lineIds);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().refund).toMatchObject({ status: 'processed', amount: 50_000 });
      expect((await refundRows(orderId)).map((r) => r.status)).toEqual(['failed', 'processed']);
    });

    it('moves a return to Refunded once when the webhook settles its refund, and reopens it when Razorpay fails the refund', async () => {
      const { orderId, returnId, step } = await receivedReturn();
      // The refund step's answer is lost: the return waits, received, with its refund pending.
      fake.refundTrouble = { status: 502, description: 'Bad gateway' };
      fake.refundDespiteTrouble = true;
      expect((await step(`/returns/${returnId}/status`, { status: 'refunded' })).statusCode).toBe(200);
      const made = fake.refunds.at(-1)!;
      fake.reset();
      expect(await returnStatus(returnId)).toBe('received');
      const body = refundEvent('refund.processed', made);
      expect((await Promise.all([deliver(body, 'evt_ret_1'), deliver(body, 'evt_ret_1')])).map((r) => r.json().outcome).sort()).toEqual(['refund_processed', 'repeat_event']);
      expect((await deliver(body, 'evt_ret_2')).json().outcome).toBe('repeat');
      expect(await returnStatus(returnId)).toBe('refunded');
      expect(await eventsOf(orderId, 'return_refunded')).toHaveLength(1);
      expect(await eventsOf(orderId, 'refund_processed')).toHaveLength(1);
      expect((await mailsOf(orderId, 'refund:')).map((m) => m.purpose)).toEqual(['order-refund-processed']);

      // Another return, whose refund Razorpay accepted and then failed: received again, and refunded by a second try.
      const second = await receivedReturn();
      fake.refundStatus = 'pending';
      expect((await second.step(`/returns/${second.returnId}/status`, { status: 'refunded' })).statusCode).toBe(200);
      const accepted = fake.refunds.at(-1)!;
      fake.reset();
      expect(await returnStatus(second.returnId)).toBe('refunded');
      expect((await deliver(refundEvent('refund.failed', accepted), 'evt_ret_3')).json().outcome).toBe('refund_failed');
      expect(await returnStatus(second.returnId)).toBe('received');
      const retried = await second.step(`/returns/${second.returnId}/status`, { status: 'refunded' });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(await returnStatus(second.returnId)).toBe('refunded');
      expect((await refundRows(second.orderId)).map((r) => [r.status, r.idempotencyKey])).toEqual([
        ['failed', `return-${second.returnId}-refund-1`], ['processed', `return-${second.returnId}-refund-2`],
      ]);
    });

    it('clears the order\'s refund owed once the webhook settles the refund of a payment owed back', async () => {
      const { who, address } = people.b;
      const stone = await createStone(t.db, shops.b, { pricePaise: 300_000 });
      const orderId = (await placeOrder(t, shops.b, who, [stone.id], address)).json().orderId as number;
      const q = (await caller(t, 'b.test')('/api/retry-pay', who, { orderId })).json();
      // A payment short of the total cannot buy the stone: it is owed back.
      const short = JSON.stringify({
        entity: 'event', event: 'payment.captured', contains: ['payment'],
        payload: { payment: { entity: { id: `pay_Short${orderId}`, entity: 'payment', amount: 100_000, currency: 'INR', status: 'captured', order_id: q.order_id } } },
      });
      expect((await deliver(short, `evt_short_${orderId}`)).json().outcome).toBe('flagged');
      const owedPayment = (await admin(t, 'b.test', `/orders/${orderId}`, { token: bOwnerToken })).json().order.payments[0];
      fake.refundTrouble = { status: 503, description: 'Service unavailable' };
      fake.refundDespiteTrouble = true;
      const res = await post('b.test', bOwnerToken, `/orders/${orderId}/refunds`, { idempotency_key: randomUUID(), payment_id: owedPayment.id });
      fake.reset();
      expect(res.json().refund).toMatchObject({ kind: 'payment', status: 'pending', amount: 1_000 });
      expect(res.json().order.refund_owed).toBe(true);
      const body = refundEvent('refund.processed', fake.refunds.at(-1)!);
      expect((await deliver(body, 'evt_owed_1')).json().outcome).toBe('refund_processed');
      expect((await deliver(body, 'evt_owed_1')).json().outcome).toBe('repeat_event');
      expect((await admin(t, 'b.test', `/orders/${orderId}`, { token: bOwnerToken })).json().order.refund_owed).toBe(false);
      expect((await caller(t, 'b.test')('/api/order', who, { orderId })).json().order.refund_pending).toBe(false);
      expect(await mailsOf(orderId, 'refund:')).toHaveLength(1);
    });

    it('never settles another store\'s refund, or one its receipt names for another payment or amount', async () => {
      const mine = await paidOrder('a');
      const { refundId, made } = await refundWithLostAnswer('a', mine.orderId, mine.lineIds);
      const theirs = await paidOrder('b');
      // Store B's payment with store A's receipt, and store A's payment for another amount: not ours to settle.
      for (const [i, overrides] of [{ payment_id: theirs.paymentId }, { amount: made!.amount - 100 }, { receipt: 'gs-rf-999999999' }, { receipt: null }].entries()) {
        const res = await deliver(refundEvent('refund.processed', made!, { id: `rfnd_Other${i}`, ...overrides }), `evt_tn_${i}`);
        expect(res.json().outcome).toBe('unknown_refund');
      }
      expect((await refundRows(mine.orderId))[0]).toMatchObject({ id: refundId, status: 'pending', providerRefundId: null });
      expect(await refundRows(theirs.orderId)).toHaveLength(0);
      expect(await mailsOf(mine.orderId, 'refund:')).toHaveLength(0);
      // Its own event settles it, in its own store: B's staff never see it.
      expect((await deliver(refundEvent('refund.processed', made!), 'evt_tn_ok')).json().outcome).toBe('refund_processed');
      expect((await admin(t, 'b.test', `/orders/${mine.orderId}`, { token: bOwnerToken })).statusCode).toBe(404);
      expect((await admin(t, 'b.test', '/refunds', { token: bOwnerToken })).json().recent.some((r: { id: number }) => r.id === refundId)).toBe(false);
      expect((await admin(t, 'a.test', '/refunds', { token: tokens.manager })).json().recent.some((r: { id: number }) => r.id === refundId)).toBe(true);
      // The email names the order by the shop's own number, not its id.
      const [placed] = await t.db.select({ number: orders.number, prefix: orders.numberPrefix }).from(orders).where(eq(orders.id, mine.orderId));
      expect((await mailsOf(mine.orderId, 'refund:'))[0]!.subject).toBe(`${a.name}: refund for order ${placed!.prefix || '#'}${placed!.number}`);
    });
  });

  describe('the reconciliation job', () => {
    it('settles a refund whose answer was lost, by our receipt, once', async () => {
      const { orderId, lineIds, paymentId } = await paidOrder('b');
      const { refundId, made } = await refundWithLostAnswer('b', orderId, lineIds);
      // A request may still be waiting for its answer: the job leaves a refund that young alone.
      await job();
      expect(askedAbout(`/v1/payments/${paymentId}/refunds`)).toBe(0);

      const report = await job(later(2));
      expect(report.refundsSettled).toBeGreaterThanOrEqual(1);
      expect(askedAbout(`/v1/payments/${paymentId}/refunds`)).toBe(1);
      expect((await refundRows(orderId))[0]).toMatchObject({ id: refundId, status: 'processed', providerRefundId: made!.id });
      expect(await eventsOf(orderId, 'refund_processed')).toEqual([expect.objectContaining({ actor: 'system' })]);
      expect(await mailsOf(orderId, 'refund:')).toHaveLength(1);
      // Settled: not asked about again, and its late webhook changes nothing.
      await job(later(90));
      expect(askedAbout(`/v1/payments/${paymentId}/refunds`)).toBe(1);
      expect((await deliver(refundEvent('refund.processed', made!), 'evt_job_late')).json().outcome).toBe('repeat');
      expect(await mailsOf(orderId, 'refund:')).toHaveLength(1);
    });

    it('learns the id of a refund Razorpay is still processing, and settles it when Razorpay has', async () => {
      const { orderId, lineIds, paymentId } = await paidOrder('b');
      fake.refundStatus = 'pending';
      const { made } = await refundWithLostAnswer('b', orderId, lineIds);
      await job(later(2));
      expect((await refundRows(orderId))[0]).toMatchObject({ status: 'pending', providerRefundId: made!.id });
      expect(await eventsOf(orderId, 'refund_started')).toHaveLength(1);
      // Asked less often as it ages: not again a minute later, again once half its age has passed.
      await job(later(3.5));
      expect(askedAbout(`/v1/payments/${paymentId}/refunds`)).toBe(1);
      made!.status = 'processed';
      await job(later(5));
      expect(askedAbout(`/v1/payments/${paymentId}/refunds`)).toBe(2);
      expect((await refundRows(orderId))[0]!.status).toBe('processed');
      expect(await mailsOf(orderId, 'refund:')).toHaveLength(1);
    });

    it('fails a refund Razorpay never made once the grace period is over, and frees its stones', async () => {
      const { orderId, lineIds, paymentId } = await paidOrder('b');
      const { refundId } = await refundWithLostAnswer('b', orderId, lineIds, false);
      await job(later(2));
      expect((await refundRows(orderId))[0]!.status).toBe('pending');
      await job(later(31));
      expect(askedAbout(`/v1/payments/${paymentId}/refunds`)).toBe(2);
      const [failed] = await refundRows(orderId);
      expect(failed).toMatchObject({ id: refundId, status: 'failed', failureReason: expect.stringContaining('no record of this refund') });
      expect(await eventsOf(orderId, 'refund_failed')).toEqual([expect.objectContaining({ actor: 'system' })]);
      expect(await mailsOf(orderId, 'refund:')).toHaveLength(0);
      const retry = await refundLinesOf('b', orderId, lineIds);
      expect(retry.json().refund.status).toBe('processed');
      expect(fake.refunds.filter((r) => r.payment_id === paymentId)).toHaveLength(1);
    });

    it('settles a payment whose callback and webhook were both lost, as the callback would, once', async () => {
      const { who, address } = people.b;
      const stone = await createStone(t.db, shops.b, { pricePaise: 1_234_500 });
      const orderId = (await placeOrder(t, shops.b, who, [stone.id], address)).json().orderId as number;
      const q = (await caller(t, 'b.test')('/api/retry-pay', who, { orderId })).json();
      fake.payments.push({ id: `pay_Lost${orderId}`, entity: 'payment', order_id: q.order_id, amount: 1_234_500, currency: 'INR', status: 'captured' });
      fake.payments.push({ id: `pay_Failed${orderId}`, entity: 'payment', order_id: q.order_id, amount: 1_234_500, currency: 'INR', status: 'failed' });

      // Just placed: its callback may be on its way.
      await job();
      expect(askedAbout(`/v1/orders/${q.order_id}/payments`)).toBe(0);
      const report = await job(later(2));
      expect(report.paymentsApplied).toBeGreaterThanOrEqual(1);
      expect(askedAbout(`/v1/orders/${q.order_id}/payments`)).toBe(1);
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({ status: 'paid', refundFlaggedAt: null });
      expect((await t.db.select({ status: items.status }).from(items).where(eq(items.id, stone.id)))[0]!.status).toBe('sold');
      expect(await t.db.select().from(payments).where(eq(payments.orderId, orderId))).toEqual([
        expect.objectContaining({ provider: 'razorpay', providerPaymentId: `pay_Lost${orderId}`, amountPaise: 1_234_500, status: 'captured' }),
      ]);
      expect(await eventsOf(orderId, 'paid')).toEqual([expect.objectContaining({ actor: 'system' })]);
      const paidMails = await mailsOf(orderId, 'payment:');
      expect(paidMails).toHaveLength(1);

      // The callback arriving after all, and the webhook, change nothing.
      const signature = createHmac('sha256', KEY_SECRET).update(`${q.order_id}|pay_Lost${orderId}`).digest('hex');
      expect((await postForm(t, `/pay/callback/${orderId}`, { razorpay_payment_id: `pay_Lost${orderId}`, razorpay_order_id: q.order_id, razorpay_signature: signature })).headers.location).toBe(`/order/view/${orderId}`);
      const webhook = JSON.stringify({
        entity: 'event', event: 'payment.captured', contains: ['payment'],
        payload: { payment: { entity: { id: `pay_Lost${orderId}`, entity: 'payment', amount: 1_234_500, currency: 'INR', status: 'captured', order_id: q.order_id } } },
      });
      expect((await deliver(webhook, `evt_pay_${orderId}`)).json().outcome).toBe('repeat');
      expect(await t.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
      expect(await eventsOf(orderId, 'paid')).toHaveLength(1);
      expect(await mailsOf(orderId, 'payment:')).toHaveLength(1);
      // Paid: never asked about again.
      await job(later(120));
      expect(askedAbout(`/v1/orders/${q.order_id}/payments`)).toBe(1);
    });

    it('flags a lost payment whose stones went to another order meanwhile, for a refund', async () => {
      const { who, address } = people.b;
      const stone = await createStone(t.db, shops.b, { pricePaise: 700_000 });
      const orderId = (await placeOrder(t, shops.b, who, [stone.id], address)).json().orderId as number;
      const q = (await caller(t, 'b.test')('/api/retry-pay', who, { orderId })).json();
      await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, orderId));
      await t.app.flows.checkout.releaseExpiredReservations();
      const rival = await createShopper(t.db, b.id);
      await placeOrder(t, shops.b, rival, [stone.id], (await insertAddress(t.db, b.id, rival.id)).id);
      fake.payments.push({ id: `pay_Late${orderId}`, entity: 'payment', order_id: q.order_id, amount: 700_000, currency: 'INR', status: 'authorized' });

      await job(later(5));
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.status).toBe('expired');
      expect(order!.refundFlaggedAt).not.toBeNull();
      expect(await eventsOf(orderId, 'payment_flagged')).toEqual([expect.objectContaining({ actor: 'system' })]);
      const owed = (await admin(t, 'b.test', '/refunds', { token: bOwnerToken })).json().owed;
      expect(owed.find((o: { order_id: number }) => o.order_id === orderId).payments).toEqual([expect.objectContaining({ provider_payment_id: `pay_Late${orderId}`, amount: 7_000 })]);
    });

    it('two runs at once, on two servers, ask once and settle each refund and payment once', async () => {
      const lost = await paidOrder('a');
      const { refundId } = await refundWithLostAnswer('a', lost.orderId, lost.lineIds);
      const { who, address } = people.a;
      const stone = await createStone(t.db, shops.a, { pricePaise: 900_000 });
      const unpaid = (await placeOrder(t, shops.a, who, [stone.id], address)).json().orderId as number;
      const q = (await caller(t, 'a.test')('/api/retry-pay', who, { orderId: unpaid })).json();
      fake.payments.push({ id: `pay_Twice${unpaid}`, entity: 'payment', order_id: q.order_id, amount: 900_000, currency: 'INR', status: 'captured' });

      const other = await buildApp({ config: t.config, db: t.db, web: false, logger: false });
      try {
        const now = later(2);
        const [x, y] = await Promise.all([
          t.app.flows.reconciliation.run({ log: t.app.log, now }),
          other.flows.reconciliation.run({ log: other.log, now }),
        ]);
        expect(x.errors + y.errors).toBe(0);
      } finally {
        await other.close();
      }
      expect(askedAbout(`/v1/payments/${lost.paymentId}/refunds`)).toBe(1);
      expect(askedAbout(`/v1/orders/${q.order_id}/payments`)).toBe(1);
      expect((await refundRows(lost.orderId))[0]).toMatchObject({ id: refundId, status: 'processed' });
      expect(await eventsOf(lost.orderId, 'refund_processed')).toHaveLength(1);
      expect(await mailsOf(lost.orderId, 'refund:')).toHaveLength(1);
      expect((await t.db.select().from(orders).where(eq(orders.id, unpaid)))[0]!.status).toBe('paid');
      expect(await t.db.select().from(payments).where(eq(payments.orderId, unpaid))).toHaveLength(1);
      expect(await eventsOf(unpaid, 'paid')).toHaveLength(1);
      expect(await mailsOf(unpaid, 'payment:')).toHaveLength(1);
      // Each store's message in its own name, to its own customer.
      expect((await mailsOf(unpaid, 'payment:'))[0]).toMatchObject({ storeId: a.id, to: who.email });
    });

    it('leaves Razorpay alone on a server without its keys; one with them settles what is due', async () => {
      const { orderId, lineIds, paymentId } = await paidOrder('b');
      await refundWithLostAnswer('b', orderId, lineIds);
      const razorpay = { ...t.config.checkout.razorpay, keyId: undefined, keySecret: undefined };
      const keyless = await buildApp({ config: { ...t.config, checkout: { ...t.config.checkout, razorpay } }, db: t.db, web: false, logger: false });
      try {
        fake.reset();
        const report = await keyless.flows.reconciliation.run({ log: keyless.log, now: later(45) });
        expect(report).toMatchObject({ ordersAsked: 0, errors: 0 });
        expect(fake.calls).toHaveLength(0);
        expect((await refundRows(orderId))[0]!.status).toBe('pending');
      } finally {
        await keyless.close();
      }
      await job(later(45));
      expect(askedAbout(`/v1/payments/${paymentId}/refunds`)).toBe(1);
      expect((await refundRows(orderId))[0]!.status).toBe('processed');
    });
  });
});
