import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { StaffRole } from '@gemstore/contracts/constants';
import { auditLog, orders, outboxMessages, refundLines, refunds, stores } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import type { Catalog, createStore } from './factories.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';
import {
  caller, createShopper, createStone, formFields, insertAddress, payWithSandbox, placeOrder, postForm, type Shop, type Shopper,
} from './checkout-fixtures.ts';
import { type FakeRazorpay, startFakeRazorpay } from './fake-razorpay.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

type Store = Awaited<ReturnType<typeof createStore>>;
const KEY_ID = 'rzp_test_refunds';
const KEY_SECRET = 'razorpay-key-secret-for-refund-tests';

describe('refunds', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let a: Store;
  let b: Store;
  let catA: Catalog;
  let catB: Catalog;
  let tokens: Record<StaffRole, string>;
  let bOwnerToken: string;
  let shopA: Shop;
  let shopB: Shop;
  let asha: Shopper;
  let ashaAddress: number;
  let ravi: Shopper;
  let raviAddress: number;

  const post = (path: string, body: object, token = tokens.manager, domain = 'a.test') => admin(t, domain, path, { token, body });
  const refund = (orderId: number, body: object, token = tokens.manager, domain = 'a.test') =>
    post(`/orders/${orderId}/refunds`, { idempotency_key: randomUUID(), ...body }, token, domain);
  const detail = async (orderId: number, domain = 'a.test', token = tokens.manager) => (await admin(t, domain, `/orders/${orderId}`, { token })).json().order;
  const refundRows = (orderId: number) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const refundMails = (orderId: number) => t.db.select().from(outboxMessages).where(like(outboxMessages.dedupeKey, `order:${orderId}:refund:%`));

  async function sandboxOrder(n = 2) {
    const stones = await Promise.all(Array.from({ length: n }, (_, i) => createStone(t.db, shopA, { pricePaise: 1_000_000 * (i + 1) })));
    const orderId = (await placeOrder(t, shopA, asha, stones.map((s) => s.id), ashaAddress)).json().orderId as number;
    expect((await payWithSandbox(t, shopA, asha, orderId)).statusCode).toBe(303);
    const lineIds = (await detail(orderId)).lines.map((l: { id: number }) => l.id) as number[];
    return { orderId, lineIds };
  }

  /** An order of store B (on Razorpay) paid through the Checkout callback, as Razorpay signs it. */
  async function razorpayOrder(n = 2) {
    const stones = await Promise.all(Array.from({ length: n }, () => createStone(t.db, shopB, { pricePaise: 2_500_000 })));
    const orderId = (await placeOrder(t, shopB, ravi, stones.map((s) => s.id), raviAddress)).json().orderId as number;
    const q = (await caller(t, 'b.test')('/api/retry-pay', ravi, { orderId })).json();
    const paymentId = `pay_R${orderId}x${Date.now()}`;
    const signature = createHmac('sha256', KEY_SECRET).update(`${q.order_id}|${paymentId}`).digest('hex');
    expect((await postForm(t, `/pay/callback/${orderId}`, { razorpay_payment_id: paymentId, razorpay_order_id: q.order_id, razorpay_signature: signature })).headers.location).toBe(`/order/view/${orderId}`);
    const lineIds = (await detail(orderId, 'b.test', bOwnerToken)).lines.map((l: { id: number }) => l.id) as number[];
    return { orderId, lineIds, paymentId };
  }

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await buildTestApp({ RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_API_URL: fake.url, RAZORPAY_TIMEOUT_MS: '1000' });
    ({ a, b, catA, catB, tokens, bOwnerToken } = await backOfficeStores(t, 'b-'));
    await t.db.update(stores).set({ paymentProvider: 'razorpay' }).where(eq(stores.id, b.id));
    shopA = { store: a, catalog: catA, domain: 'a.test' };
    shopB = { store: b, catalog: catB, domain: 'b.test' };
    asha = await createShopper(t.db, a.id);
    ashaAddress = (await insertAddress(t.db, a.id, asha.id)).id;
    ravi = await createShopper(t.db, b.id);
    raviAddress = (await insertAddress(t.db, b.id, ravi.id)).id;
  });
  beforeEach(() => fake.reset());
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  describe('on the sandbox', () => {
    it('refunds one stone, then the rest; each line once, the customer told once per refund', async () => {
      const { orderId, lineIds } = await sandboxOrder(2);
      const first = await refund(orderId, { line_ids: [lineIds[0]], reason: 'Returned by phone' });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().refund).toMatchObject({ kind: 'lines', status: 'processed', amount: 10_000, provider: 'sandbox', provider_refund_id: expect.stringMatching(/^sbx_rfnd_/), line_ids: [lineIds[0]] });
      expect(first.json().order.lines.map((l: { refunded: boolean }) => l.refunded)).toEqual([true, false]);
      expect(first.json().order.actions.refund_lines).toBe(true);
      const again = await refund(orderId, { line_ids: [lineIds[0]] });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('line_already_refunded');
      const rest = await refund(orderId, { line_ids: [lineIds[1]] });
      expect(rest.json().refund.amount).toBe(20_000);
      expect(rest.json().order.actions.refund_lines).toBe(false);
      expect((await refundRows(orderId)).map((r) => r.amountPaise)).toEqual([1_000_000, 2_000_000]);
      expect(await refundMails(orderId)).toHaveLength(2);
      const view = (await caller(t, 'a.test')('/api/order', asha, { orderId })).json().order;
      expect(view.timeline.filter((e: { kind: string }) => e.kind === 'refund_processed').map((e: { detail: string }) => e.detail)).toEqual(['Rs. 10,000.00', 'Rs. 20,000.00']);
      const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(orderId)), eq(auditLog.action, 'refund.create')));
      expect(audit).toHaveLength(2);
    });

    it('answers two identical requests with one refund, even at the same moment', async () => {
      const { orderId, lineIds } = await sandboxOrder(2);
      const body = { idempotency_key: randomUUID(), line_ids: [lineIds[0]] };
      const [x, y] = await Promise.all([post(`/orders/${orderId}/refunds`, body), post(`/orders/${orderId}/refunds`, body)]);
      expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
      expect(x.json().refund.id).toBe(y.json().refund.id);
      const later = await post(`/orders/${orderId}/refunds`, body);
      expect(later.json().refund.id).toBe(x.json().refund.id);
      expect(await refundRows(orderId)).toHaveLength(1);
      expect(await refundMails(orderId)).toHaveLength(1);
      // The same key for another refund is refused.
      const other = await post(`/orders/${orderId}/refunds`, { ...body, line_ids: [lineIds[1]] });
      expect(other.statusCode).toBe(409);
      expect(other.json().code).toBe('idempotency_key_reused');
      expect(await refundRows(orderId)).toHaveLength(1);
    });

    it('refunds only for owners and managers, only the store\'s own orders, only paid ones', async () => {
      const { orderId, lineIds } = await sandboxOrder(1);
      expect((await refund(orderId, { line_ids: lineIds }, tokens.assistant)).statusCode).toBe(403);
      expect((await admin(t, 'a.test', '/refunds', { token: tokens.assistant })).statusCode).toBe(403);
      expect((await refund(orderId, { line_ids: lineIds }, bOwnerToken, 'b.test')).statusCode).toBe(404);
      expect(await refundRows(orderId)).toHaveLength(0);
      const stone = await createStone(t.db, shopA);
      const unpaid = (await placeOrder(t, shopA, asha, [stone.id], ashaAddress)).json().orderId as number;
      const unpaidLine = (await detail(unpaid)).lines[0].id as number;
      const res = await refund(unpaid, { line_ids: [unpaidLine] });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('order_not_paid');
      expect((await refund(orderId, { line_ids: [unpaidLine] })).json().errors.line_ids).toBeDefined();
      expect((await refund(orderId, { line_ids: lineIds, payment_id: 1 })).statusCode).toBe(422);
      expect((await post(`/orders/${orderId}/refunds`, { idempotency_key: 'short', line_ids: lineIds })).statusCode).toBe(422);
      expect((await refund(orderId, { line_ids: lineIds }, tokens.owner)).statusCode).toBe(200);
    });

    it('lists a payment that came after its stones were gone, and refunds it with one click', async () => {
      const stone = await createStone(t.db, shopA);
      const orderId = (await placeOrder(t, shopA, asha, [stone.id], ashaAddress)).json().orderId as number;
      const q = (await caller(t, 'a.test')('/api/retry-pay', asha, { orderId })).json();
      const fields = formFields((await t.app.inject({ url: q.url })).body);
      await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, orderId));
      await t.app.flows.checkout.releaseExpiredReservations();
      const rival = await createShopper(t.db, a.id);
      await placeOrder(t, shopA, rival, [stone.id], (await insertAddress(t.db, a.id, rival.id)).id);
      expect((await postForm(t, `/pay/callback/${orderId}`, fields)).headers.location).toBe(`/order/view/${orderId}?payment=flagged`);

      const owed = (await admin(t, 'a.test', '/refunds', { token: tokens.manager })).json();
      const entry = owed.owed.find((o: { order_id: number }) => o.order_id === orderId);
      expect(entry).toMatchObject({ customer: { id: asha.id }, payments: [{ provider: 'sandbox', provider_payment_id: fields.razorpay_payment_id }] });
      expect((await admin(t, 'a.test', `/orders?status=refund_owed`, { token: tokens.manager })).json().data.map((o: { id: number }) => o.id)).toContain(orderId);
      // Its stones cannot be refunded (it bought none); its payment can.
      expect((await refund(orderId, { line_ids: [(await detail(orderId)).lines[0].id] })).json().code).toBe('order_not_paid');
      expect((await detail(orderId)).payments.find((p: { id: number }) => p.id === entry.payments[0].id).refund_owed).toBe(true);
      const res = await refund(orderId, { payment_id: entry.payments[0].id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order.payments.find((p: { id: number }) => p.id === entry.payments[0].id).refund_owed).toBe(false);
      expect(res.json().refund).toMatchObject({ kind: 'payment', status: 'processed', amount: entry.payments[0].amount });
      expect(res.json().order.refund_owed).toBe(false);
      expect((await caller(t, 'a.test')('/api/order', asha, { orderId })).json().order.refund_pending).toBe(false);
      expect((await admin(t, 'a.test', '/refunds', { token: tokens.manager })).json().owed.some((o: { order_id: number }) => o.order_id === orderId)).toBe(false);
      const twice = await refund(orderId, { payment_id: entry.payments[0].id });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('payment_not_owed');
      expect(await refundRows(orderId)).toHaveLength(1);
    });
  });

  describe('on Razorpay, through the SDK', () => {
    it('sends the refund in paise with our receipt and stores Razorpay\'s refund id', async () => {
      const { orderId, lineIds, paymentId } = await razorpayOrder(2);
      const res = await refund(orderId, { line_ids: [lineIds[1]] }, bOwnerToken, 'b.test');
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await refundRows(orderId);
      expect(fake.calls.filter((c) => c.path.endsWith('/refund'))).toEqual([{
        method: 'POST', path: `/v1/payments/${paymentId}/refund`, authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
        body: { amount: 2_500_000, speed: 'normal', receipt: `gs-rf-${row!.id}`, notes: { store_id: String(b.id), store_order_id: String(orderId), store_refund_id: String(row!.id) } },
      }]);
      expect(res.json().refund).toMatchObject({ status: 'processed', provider: 'razorpay', provider_refund_id: fake.refunds.at(-1)!.id });
    });

    it('keeps a refund Razorpay accepted but has not processed pending, and tells the customer it started', async () => {
      const { orderId, lineIds } = await razorpayOrder(1);
      fake.refundStatus = 'pending';
      const res = await refund(orderId, { line_ids: lineIds }, bOwnerToken, 'b.test');
      expect(res.json().refund).toMatchObject({ status: 'pending', provider_refund_id: fake.refunds.at(-1)!.id });
      const view = (await caller(t, 'b.test')('/api/order', ravi, { orderId })).json().order;
      expect(view.timeline.at(-1)).toMatchObject({ kind: 'refund_started', label: 'Refund started' });
      expect(await refundMails(orderId)).toHaveLength(1);
    });

    it('frees the stones of a refund Razorpay refused, so a new one can be made', async () => {
      const { orderId, lineIds } = await razorpayOrder(1);
      fake.refundTrouble = { status: 400, description: 'The payment has been fully refunded already' };
      const res = await refund(orderId, { line_ids: lineIds }, bOwnerToken, 'b.test');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'refund_refused', message: expect.stringContaining('fully refunded already') });
      const [failed] = await refundRows(orderId);
      expect(failed).toMatchObject({ status: 'failed', providerRefundId: null });
      expect(await t.db.select().from(refundLines).where(eq(refundLines.refundId, failed!.id))).toHaveLength(0);
      expect((await detail(orderId, 'b.test', bOwnerToken)).timeline.at(-1)).toMatchObject({ kind: 'refund_failed', note: expect.stringContaining('fully refunded') });
      expect(await refundMails(orderId)).toHaveLength(0);
      fake.reset();
      const retry = await refund(orderId, { line_ids: lineIds }, bOwnerToken, 'b.test');
      expect(retry.json().refund.status).toBe('processed');
    });

    it('never calls Razorpay twice for one key when its answer was lost', async () => {
      const { orderId, lineIds } = await razorpayOrder(1);
      fake.refundTrouble = 'hang';
      fake.refundDespiteTrouble = true;
      const body = { idempotency_key: randomUUID(), line_ids: lineIds };
      const res = await post(`/orders/${orderId}/refunds`, body, bOwnerToken, 'b.test');
      expect(res.statusCode).toBe(200);
      expect(res.json().refund).toMatchObject({ status: 'pending', provider_refund_id: null });
      fake.refundTrouble = null;
      const again = await post(`/orders/${orderId}/refunds`, body, bOwnerToken, 'b.test');
      expect(again.json().refund.id).toBe(res.json().refund.id);
      expect(fake.calls.filter((c) => c.path.endsWith('/refund'))).toHaveLength(1);
      // Another key cannot refund the same stone while that one is unsettled.
      expect((await refund(orderId, { line_ids: lineIds }, bOwnerToken, 'b.test')).json().code).toBe('line_already_refunded');
      expect(fake.refunds.filter((r) => r.notes && (r.notes as { store_order_id?: string }).store_order_id === String(orderId))).toHaveLength(1);
    });
  });
});
