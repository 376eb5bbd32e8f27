import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { auditLog, orders, outboxMessages, refundLines, refunds, stores } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { formFields, postForm } from './checkout-fixtures.ts';
import { type BodyOf, refusal, type TestClient } from './client.ts';
import { type Buyer, shopWorld, type ShopWorld } from './world.ts';
import { type FakeRazorpay, startFakeRazorpay } from './fake-razorpay.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const KEY_ID = 'rzp_test_refunds';
const KEY_SECRET = 'razorpay-key-secret-for-refund-tests';

describe('refunds', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let world: ShopWorld;
  let asha: Buyer;
  let ravi: Buyer;

  /** A refund with a new idempotency key, by a manager of the shop unless said. */
  const refund = (orderId: number, body: Omit<BodyOf<'adminOrderRefund'>, 'idempotency_key'>, as: TestClient = world.staff.manager) =>
    as.adminOrderRefund({ params: { id: orderId }, body: { idempotency_key: randomUUID(), ...body } });
  const detail = async (orderId: number, as: TestClient = world.staff.manager) => (await as.adminOrder({ params: { id: orderId } })).order;
  const refundRows = (orderId: number) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const refundMails = (orderId: number) => t.db.select().from(outboxMessages).where(like(outboxMessages.dedupeKey, `order:${orderId}:refund:%`));

  async function sandboxOrder(n = 2) {
    const orderId = await world.paidOrder(asha, Array.from({ length: n }, (_, i) => ({ pricePaise: 1_000_000 * (i + 1) })));
    const lineIds = (await detail(orderId)).lines.map((l) => l.id);
    return { orderId, lineIds };
  }

  /** An order of store B (on Razorpay) paid through the Checkout callback, as Razorpay signs it. */
  async function razorpayOrder(n = 2) {
    const stones = await Promise.all(Array.from({ length: n }, () => world.stone({ pricePaise: 2_500_000 }, world.other)));
    const { orderId } = await world.placeOrder(ravi, stones);
    const q = await ravi.api.retryPay({ body: { orderId } });
    const paymentId = `pay_R${orderId}x${Date.now()}`;
    const signature = createHmac('sha256', KEY_SECRET).update(`${q.order_id}|${paymentId}`).digest('hex');
    expect((await postForm(t, `/pay/callback/${orderId}`, { razorpay_payment_id: paymentId, razorpay_order_id: q.order_id, razorpay_signature: signature })).headers.location).toBe(`/order/view/${orderId}`);
    const lineIds = (await detail(orderId, world.otherOwner)).lines.map((l) => l.id);
    return { orderId, lineIds, paymentId };
  }

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await buildTestApp({ RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_API_URL: fake.url, RAZORPAY_TIMEOUT_MS: '1000' });
    world = await shopWorld(t);
    await t.db.update(stores).set({ paymentProvider: 'razorpay' }).where(eq(stores.id, world.other.store.id));
    asha = await world.shopper();
    ravi = await world.shopper('Jaipur', world.other);
  });
  beforeEach(() => fake.reset());
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  describe('on the sandbox', () => {
    it('refunds one stone, then the rest; each line once, the customer told once per refund', async () => {
      const { orderId, lineIds } = await sandboxOrder(2);
      const first = await refund(orderId, { line_ids: [lineIds[0]!], reason: 'Returned by phone' });
      expect(first.refund).toMatchObject({ kind: 'lines', status: 'processed', amount: 10_000, provider: 'sandbox', provider_refund_id: expect.stringMatching(/^sbx_rfnd_/), line_ids: [lineIds[0]] });
      expect(first.order.lines.map((l) => l.refunded)).toEqual([true, false]);
      expect(first.order.actions.refund_lines).toBe(true);
      const again = await refusal(refund(orderId, { line_ids: [lineIds[0]!] }));
      expect(again.status).toBe(409);
      expect(again.code).toBe('line_already_refunded');
      const rest = await refund(orderId, { line_ids: [lineIds[1]!] });
      expect(rest.refund.amount).toBe(20_000);
      expect(rest.order.actions.refund_lines).toBe(false);
      expect((await refundRows(orderId)).map((r) => r.amountPaise)).toEqual([1_000_000, 2_000_000]);
      expect(await refundMails(orderId)).toHaveLength(2);
      const view = (await asha.api.order({ body: { orderId } })).order;
      expect(view.timeline.filter((e) => e.kind === 'refund_processed').map((e) => e.detail)).toEqual(['Rs. 10,000.00', 'Rs. 20,000.00']);
      const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(orderId)), eq(auditLog.action, 'refund.create')));
      expect(audit).toHaveLength(2);
    });

    it('answers two identical requests with one refund, even at the same moment', async () => {
      const { orderId, lineIds } = await sandboxOrder(2);
      const { manager } = world.staff;
      const body = { idempotency_key: randomUUID(), line_ids: [lineIds[0]!] };
      const send = (b: BodyOf<'adminOrderRefund'>) => manager.adminOrderRefund({ params: { id: orderId }, body: b });
      // Both answered 200: neither call rejects.
      const [x, y] = await Promise.all([send(body), send(body)]);
      expect(x.refund.id).toBe(y.refund.id);
      const later = await send(body);
      expect(later.refund.id).toBe(x.refund.id);
      expect(await refundRows(orderId)).toHaveLength(1);
      expect(await refundMails(orderId)).toHaveLength(1);
      // The same key for another refund is refused.
      const other = await refusal(send({ ...body, line_ids: [lineIds[1]!] }));
      expect(other.status).toBe(409);
      expect(other.code).toBe('idempotency_key_reused');
      expect(await refundRows(orderId)).toHaveLength(1);
    });

    it('refunds only for owners and managers, only the store\'s own orders, only paid ones', async () => {
      const { orderId, lineIds } = await sandboxOrder(1);
      await expect(refund(orderId, { line_ids: lineIds }, world.staff.assistant)).rejects.toMatchObject({ status: 403 });
      await expect(world.staff.assistant.adminRefunds()).rejects.toMatchObject({ status: 403 });
      await expect(refund(orderId, { line_ids: lineIds }, world.otherOwner)).rejects.toMatchObject({ status: 404 });
      expect(await refundRows(orderId)).toHaveLength(0);
      const unpaid = (await world.placeOrder(asha, [await world.stone()])).orderId;
      const unpaidLine = (await detail(unpaid)).lines[0]!.id;
      const res = await refusal(refund(unpaid, { line_ids: [unpaidLine] }));
      expect(res.status).toBe(409);
      expect(res.code).toBe('order_not_paid');
      expect((await refusal(refund(orderId, { line_ids: [unpaidLine] }))).errors.line_ids).toBeDefined();
      expect((await refusal(refund(orderId, { line_ids: lineIds, payment_id: 1 }))).status).toBe(422);
      expect((await refusal(world.staff.manager.adminOrderRefund({ params: { id: orderId }, body: { idempotency_key: 'short', line_ids: lineIds } }))).status).toBe(422);
      await refund(orderId, { line_ids: lineIds }, world.staff.owner);
    });

    it('lists a payment that came after its stones were gone, and refunds it with one click', async () => {
      const { manager } = world.staff;
      const stone = await world.stone();
      const { orderId } = await world.placeOrder(asha, [stone]);
      const q = await asha.api.retryPay({ body: { orderId } });
      // The sandbox's payment page: an HTML form, read raw.
      const fields = formFields((await t.app.inject({ url: q.url })).body);
      await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, orderId));
      await t.app.flows.checkout.releaseExpiredReservations();
      const rival = await world.shopper();
      await world.placeOrder(rival, [stone]);
      expect((await postForm(t, `/pay/callback/${orderId}`, fields)).headers.location).toBe(`/order/view/${orderId}?payment=flagged`);

      const owed = await manager.adminRefunds();
      const entry = owed.owed.find((o) => o.order_id === orderId)!;
      expect(entry).toMatchObject({ customer: { id: asha.id }, payments: [{ provider: 'sandbox', provider_payment_id: fields.razorpay_payment_id }] });
      expect((await manager.adminOrders({ query: { status: 'refund_owed' } })).data.map((o) => o.id)).toContain(orderId);
      // Its stones cannot be refunded (it bought none); its payment can.
      expect((await refusal(refund(orderId, { line_ids: [(await detail(orderId)).lines[0]!.id] }))).code).toBe('order_not_paid');
      expect((await detail(orderId)).payments.find((p) => p.id === entry.payments[0]!.id)!.refund_owed).toBe(true);
      const res = await refund(orderId, { payment_id: entry.payments[0]!.id });
      expect(res.order.payments.find((p) => p.id === entry.payments[0]!.id)!.refund_owed).toBe(false);
      expect(res.refund).toMatchObject({ kind: 'payment', status: 'processed', amount: entry.payments[0]!.amount });
      expect(res.order.refund_owed).toBe(false);
      expect((await asha.api.order({ body: { orderId } })).order.refund_pending).toBe(false);
      expect((await manager.adminRefunds()).owed.some((o) => o.order_id === orderId)).toBe(false);
      const twice = await refusal(refund(orderId, { payment_id: entry.payments[0]!.id }));
      expect(twice.status).toBe(409);
      expect(twice.code).toBe('payment_not_owed');
      expect(await refundRows(orderId)).toHaveLength(1);
    });
  });

  describe('on Razorpay, through the SDK', () => {
    it('sends the refund in paise with our receipt and stores Razorpay\'s refund id', async () => {
      const { orderId, lineIds, paymentId } = await razorpayOrder(2);
      const res = await refund(orderId, { line_ids: [lineIds[1]!] }, world.otherOwner);
      const [row] = await refundRows(orderId);
      expect(fake.calls.filter((c) => c.path.endsWith('/refund'))).toEqual([{
        method: 'POST', path: `/v1/payments/${paymentId}/refund`, authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
        body: { amount: 2_500_000, speed: 'normal', receipt: `gs-rf-${row!.id}`, notes: { store_id: String(world.other.store.id), store_order_id: String(orderId), store_refund_id: String(row!.id) } },
      }]);
      expect(res.refund).toMatchObject({ status: 'processed', provider: 'razorpay', provider_refund_id: fake.refunds.at(-1)!.id });
    });

    it('keeps a refund Razorpay accepted but has not processed pending, and tells the customer it started', async () => {
      const { orderId, lineIds } = await razorpayOrder(1);
      fake.refundStatus = 'pending';
      const res = await refund(orderId, { line_ids: lineIds }, world.otherOwner);
      expect(res.refund).toMatchObject({ status: 'pending', provider_refund_id: fake.refunds.at(-1)!.id });
      const view = (await ravi.api.order({ body: { orderId } })).order;
      expect(view.timeline.at(-1)).toMatchObject({ kind: 'refund_started', label: 'Refund started' });
      expect(await refundMails(orderId)).toHaveLength(1);
    });

    it('frees the stones of a refund Razorpay refused, so a new one can be made', async () => {
      const { orderId, lineIds } = await razorpayOrder(1);
      fake.refundTrouble = { status: 400, description: 'The payment has been fully refunded already' };
      const res = await refusal(refund(orderId, { line_ids: lineIds }, world.otherOwner));
      expect(res.status).toBe(502);
      expect(res.data).toMatchObject({ code: 'refund_refused', message: expect.stringContaining('fully refunded already') });
      const [failed] = await refundRows(orderId);
      expect(failed).toMatchObject({ status: 'failed', providerRefundId: null });
      expect(await t.db.select().from(refundLines).where(eq(refundLines.refundId, failed!.id))).toHaveLength(0);
      expect((await detail(orderId, world.otherOwner)).timeline.at(-1)).toMatchObject({ kind: 'refund_failed', note: expect.stringContaining('fully refunded') });
      expect(await refundMails(orderId)).toHaveLength(0);
      fake.reset();
      const retry = await refund(orderId, { line_ids: lineIds }, world.otherOwner);
      expect(retry.refund.status).toBe('processed');
    });

    it('never calls Razorpay twice for one key when its answer was lost', async () => {
      const { orderId, lineIds } = await razorpayOrder(1);
      fake.refundTrouble = 'hang';
      fake.refundDespiteTrouble = true;
      const body = { idempotency_key: randomUUID(), line_ids: lineIds };
      const send = () => world.otherOwner.adminOrderRefund({ params: { id: orderId }, body });
      const res = await send();
      expect(res.refund).toMatchObject({ status: 'pending', provider_refund_id: null });
      fake.refundTrouble = null;
      const again = await send();
      expect(again.refund.id).toBe(res.refund.id);
      expect(fake.calls.filter((c) => c.path.endsWith('/refund'))).toHaveLength(1);
      // Another key cannot refund the same stone while that one is unsettled.
      expect((await refusal(refund(orderId, { line_ids: lineIds }, world.otherOwner))).code).toBe('line_already_refunded');
      expect(fake.refunds.filter((r) => r.notes && (r.notes as { store_order_id?: string }).store_order_id === String(orderId))).toHaveLength(1);
    });
  });
});
