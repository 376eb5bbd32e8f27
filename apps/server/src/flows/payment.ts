import type { FastifyBaseLogger } from 'fastify';
import type { PayQuery } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { type CustomerContext, type RequestContext, shopScope, within } from '../lib/context.ts';
import type { Transaction } from '../lib/db.ts';
import { ConflictError } from '../lib/errors.ts';
import type { QueuedMessage } from '../modules/notifications/notifications.service.ts';
import { orderNumberOf } from '../modules/orders/orders.service.ts';
import type { PayPageData } from '../modules/payments/pages.ts';
import type { Services } from '../services.ts';
import type { invoiceFlows } from './invoices.ts';
import type { OrderMessages } from './order-messages.ts';
import type { RefundFlows, Settled } from './refunds.ts';

export type PaymentOutcome = 'paid' | 'repeat' | 'flagged' | 'unknown_order';

export interface IncomingPayment {
  orderId: number;
  provider: string;
  providerPaymentId: string;
  /** Paise; a Checkout callback carries no amount, so the order's total (fixed on the provider order) applies. */
  amountPaise?: number;
  status: 'authorized' | 'captured';
  /** Who reported it: the provider (callback, webhook) or the shop's reconciliation job asking the provider. */
  reportedBy?: 'provider' | 'system';
}

/** What applying a payment came to, and the customer's message to send once its transaction commits. */
export interface AppliedPayment {
  outcome: PaymentOutcome;
  /** The store's context for delivering `queued` (null for an unknown order). */
  ctx: RequestContext | null;
  queued: QueuedMessage[];
}

export type CallbackResult = { kind: 'paid' | 'flagged' | 'failed'; orderId: number } | { kind: 'rejected'; orderId: number; reason: string };
export type WebhookResult = { status: 200 | 400 | 422 | 503; body: { message: string; outcome?: string } };

/**
 * Paying for an order: the orders, catalog, cart, customers, stores and payments modules together.
 */
export function paymentFlows(
  db: Database, { orders, catalog, cart, customers, stores, payments, discounts }: Services, messages: OrderMessages, invoices: ReturnType<typeof invoiceFlows>,
  refunds: RefundFlows,
) {
  /**
   * Applies money that arrived for an order, inside the caller's transaction. The order row is locked
   * first, then its stones. A pending order's stones are reserved for it and become sold. If the
   * reservation already lapsed, the stones are sold to it only if every one is still available;
   * otherwise (another order took one) the payment is recorded and the order flagged for a refund:
   * a stone is never sold twice. A payment for an already paid order, or short of the total, is
   * recorded and flagged too. A payment id seen before changes nothing.
   */
  async function applyPayment(tx: Transaction, p: IncomingPayment, log: FastifyBaseLogger, now = new Date()): Promise<AppliedPayment> {
    // The payment names only the order: from here on, everything is in the shop the order names.
    const order = await orders.findByIdInAnyShop({ tx }, p.orderId, true);
    const store = order && await stores.findById({ tx }, order.storeId);
    if (!order || !store) return { outcome: 'unknown_order', ctx: null, queued: [] };
    const scope = shopScope(order.storeId, tx);
    const ctx: RequestContext = { store, actor: { kind: 'system' }, ip: '', log, tx };
    const amountPaise = p.amountPaise ?? order.totalPaise;
    const inserted = await payments.record(scope, {
      storeId: order.storeId, orderId: order.id, provider: p.provider, providerPaymentId: p.providerPaymentId, amountPaise, status: p.status, createdAt: now,
    });
    if (!inserted) {
      if (p.status === 'captured') await payments.upgradeStatus(scope, p.provider, p.providerPaymentId, 'captured');
      return { outcome: 'repeat', ctx, queued: [] };
    }
    /** The payment's step on the timeline, and the customer's message when it paid the order. */
    const recorded = async (kind: 'paid' | 'payment_flagged') => {
      const event = await orders.recordEvent(scope, {
        storeId: order.storeId, orderId: order.id, kind, key: `payment:${p.provider}:${p.providerPaymentId}`, actor: p.reportedBy ?? 'provider', at: now,
        data: { provider: p.provider, payment_id: p.providerPaymentId, amount_paise: amountPaise },
      });
      return kind === 'paid' ? messages.queue(ctx, order, event) : [];
    };
    const flag = async (): Promise<AppliedPayment> => {
      if (!order.refundFlaggedAt) await orders.update(scope, order.id, { refundFlaggedAt: now });
      return { outcome: 'flagged', ctx, queued: await recorded('payment_flagged') };
    };
    // A paid order is never paid twice, and staff cancelled an order on purpose: its stones are not sold to it later.
    if (order.status === 'paid' || order.status === 'cancelled' || amountPaise < order.totalPaise) return flag();

    const itemIds = (await orders.lines(scope, [order.id])).map((l) => l.itemId);
    const stones = await catalog.lockStones(scope, itemIds);
    // pending: its stones are reserved for it; expired: they were freed and must still be free.
    const expected = order.status === 'pending' ? 'reserved' : 'available';
    if (stones.length !== itemIds.length || stones.some((s) => s.status !== expected)) return flag();
    // A lapsed order gave its code's use back: it is paid only if the use can still be taken.
    if (order.status === 'expired' && await discounts.retakeRefusal(scope, order)) return flag();

    await catalog.moveStones(scope, itemIds, expected, 'sold');
    await orders.update(scope, order.id, { status: 'paid' });
    await cart.removeStones(scope, order.storeId, order.customerId, itemIds);
    // The invoice's figures are frozen with the payment; its number follows once this commits (invoices.afterPayment).
    await invoices.freeze(scope, order, now);
    return { outcome: 'paid', ctx, queued: await recorded('paid') };
  }

  /** After a payment's transaction committed: the customer's message, and the new invoice's number. */
  async function afterApplied(applied: AppliedPayment, orderId: number): Promise<void> {
    if (applied.ctx) await messages.deliver({ ...applied.ctx, tx: undefined }, applied.queued);
    if (applied.outcome === 'paid' && applied.ctx) await invoices.afterPayment(shopScope(applied.ctx.store.id), orderId);
  }

  /** Applies a payment in a transaction of its own, then does what follows its commit. */
  async function applyAndTell(p: IncomingPayment, log: FastifyBaseLogger, now = new Date()): Promise<PaymentOutcome> {
    const applied = await db.transaction((tx) => applyPayment(tx, p, log, now));
    await afterApplied(applied, p.orderId);
    return applied.outcome;
  }

  return {
    applyPayment,
    applyAndTell,

    /**
     * retry-pay: makes an unpaid order payable and answers the Pay query. A lapsed reservation is
     * renewed: the order's stones are taken again in one UPDATE if all are still available (409
     * otherwise). The provider order is created on first use and kept (its amount is the order's,
     * which never changes).
     */
    async preparePayment(ctx: CustomerContext, orderId: number, now = new Date()): Promise<PayQuery> {
      await orders.findOwn(ctx, orderId);
      const reservedUntil = new Date(now.getTime() + ctx.store.reservationMinutes * 60_000);

      const order = await db.transaction(async (tx) => {
        const scope = within(ctx, tx);
        const o = (await orders.findById(scope, orderId, true))!;
        if (o.status === 'paid') throw new ConflictError('This order is already paid.', 'order_already_paid');
        if (o.status === 'cancelled') throw new ConflictError('This order was cancelled.', 'order_cancelled');
        if (o.refundFlaggedAt) throw new ConflictError('A payment for this order is already being refunded. Please place a new order.', 'order_refund_pending');
        if (o.status === 'expired') {
          const itemIds = (await orders.lines(scope, [o.id])).map((l) => l.itemId);
          const taken = await catalog.moveStones(scope, itemIds, 'available', 'reserved');
          if (taken.length < itemIds.length) {
            const lost = (await catalog.stoneStates(scope, itemIds)).find((s) => !taken.some((t) => t.id === s.id));
            // Throwing rolls back the stones just taken.
            throw new ConflictError(`The stone "${lost?.name ?? 'in this order'}" is no longer available. Please place a new order.`, 'stone_unavailable');
          }
          // The lapsed order gave its code's use back: it takes it again or is not renewed (stones before the code, as placing an order locks them).
          const refusal = await discounts.retakeRefusal(scope, o);
          if (refusal) throw discounts.refusalError(refusal);
          await orders.update(scope, o.id, { status: 'pending', reservedUntil });
          return { ...o, status: 'pending' as const, reservedUntil };
        }
        if (o.reservedUntil < reservedUntil) {
          // Still pending, maybe past its time but not yet swept: its stones are still its own, so the customer gets the full time again.
          await orders.update(scope, o.id, { reservedUntil });
          return { ...o, reservedUntil };
        }
        return o;
      });

      const provider = payments.providerOfStore(ctx.store.paymentProvider);
      let providerOrderId = order.providerOrderId;
      if (!providerOrderId || payments.providerNameOfOrderId(providerOrderId) !== provider.name) {
        const created = await provider.createOrder({
          amountPaise: order.totalPaise,
          receipt: `gs-${order.storeId}-${order.id}`,
          notes: { store_id: String(order.storeId), store_order_id: String(order.id) },
        });
        providerOrderId = await orders.setProviderOrderId(ctx, order.id, created.id, order.providerOrderId);
      }
      const contact = await customers.contact(ctx, ctx.store.id, ctx.actor.customerId);
      const token = payments.payLink(order.id, now);
      return {
        key: provider.keyId,
        amount: order.totalPaise,
        currency: 'INR',
        name: ctx.store.name,
        email: contact?.email ?? '',
        contact: contact?.phone ?? '',
        order_id: providerOrderId,
        store_order_id: order.id,
        order_number: orderNumberOf(order),
        token,
        provider: provider.name,
        url: `/pay/${provider.name}/${order.id}?token=${encodeURIComponent(token)}`,
      };
    },

    /** What a payment page shows; null when the order has no provider order of this provider (open it through retry-pay). */
    async payPage(providerName: 'sandbox' | 'razorpay', orderId: number): Promise<PayPageData | null> {
      const order = await orders.findByIdInAnyShop({}, orderId);
      if (!order?.providerOrderId || payments.providerNameOfOrderId(order.providerOrderId) !== providerName) return null;
      const [store, contact] = await Promise.all([stores.findById({}, order.storeId), customers.contact({}, order.storeId, order.customerId)]);
      return {
        orderId: order.id, orderNumber: orderNumberOf(order), status: order.status, amountPaise: order.totalPaise, storeName: store?.name ?? '',
        providerOrderId: order.providerOrderId, provider: payments.provider(providerName),
        email: contact?.email ?? '', contact: contact?.phone ?? '',
      };
    },

    /**
     * The result the payment page posts back (Razorpay Checkout's callback_url, or the sandbox page):
     * razorpay_payment_id, razorpay_order_id and razorpay_signature on success, error[...] fields on
     * failure. The signature is checked against the provider order id stored on the order.
     */
    async callback(orderId: number, form: Record<string, unknown>, log: FastifyBaseLogger, now = new Date()): Promise<CallbackResult> {
      const order = await orders.findByIdInAnyShop({}, orderId);
      if (!order?.providerOrderId) return { kind: 'rejected', orderId, reason: 'This order has no payment in progress.' };
      const paymentId = form.razorpay_payment_id;
      if (typeof paymentId !== 'string' || paymentId === '') {
        return Object.keys(form).some((k) => k.startsWith('error')) ? { kind: 'failed', orderId } : { kind: 'rejected', orderId, reason: 'The payment result is incomplete.' };
      }
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(paymentId)) return { kind: 'rejected', orderId, reason: 'The payment result is not valid.' };
      const provider = payments.providerOfOrderId(order.providerOrderId);
      if (!provider.verifyCallback(order.providerOrderId, paymentId, form.razorpay_signature)) {
        return { kind: 'rejected', orderId, reason: 'The payment could not be verified.' };
      }
      const outcome = await applyAndTell({ orderId, provider: provider.name, providerPaymentId: paymentId, status: 'authorized' }, log, now);
      return { kind: outcome === 'flagged' ? 'flagged' : 'paid', orderId };
    },

    /**
     * POST /api/payments/razorpay/webhook. Deduplicated by event id in the same transaction as its
     * effect, so a failure is retried by Razorpay and a repeat changes nothing. payment.captured and
     * order.paid mark the order paid (applyPayment never moves a paid order back); refund.created,
     * refund.processed and refund.failed settle our refund (found by Razorpay's refund id or our
     * receipt) as the request that sent it would; other events are acknowledged.
     */
    async razorpayWebhook(rawBody: Buffer, headers: Record<string, unknown>, log: FastifyBaseLogger): Promise<WebhookResult> {
      const verified = payments.verifyRazorpayWebhook(rawBody, headers);
      if (!verified.ok) return { status: verified.status, body: { message: verified.message } };
      type Applied = { outcome: string } | (AppliedPayment & { orderId: number }) | { outcome: string; settled: Settled };
      const applied = await db.transaction(async (tx): Promise<Applied> => {
        const scope = { tx };
        if (!(await payments.rememberWebhookEvent(scope, 'razorpay', verified.eventId))) return { outcome: 'repeat_event' };
        const { payment, refund } = verified;
        if (refund) {
          const ours = await payments.findReportedRefundInAnyShop(scope, 'razorpay', refund);
          if (!ours) return { outcome: 'unknown_refund' };
          const settled = await refunds.settleWithin(tx, ours.id, refund.status === 'failed'
            ? { status: 'failed', reason: 'Razorpay reported that the refund failed.' }
            : { status: refund.status, providerRefundId: refund.id }, { actor: 'provider', staffId: null }, log);
          return { outcome: settled.changed ? `refund_${settled.refund!.status}` : 'repeat', settled };
        }
        if (!payment) return { outcome: 'ignored' };
        const order = await orders.findByProviderOrderIdInAnyShop(scope, payment.orderId);
        if (!order) return { outcome: 'unknown_order' };
        return { ...await applyPayment(tx, { orderId: order.id, provider: 'razorpay', providerPaymentId: payment.id, amountPaise: payment.amountPaise, status: 'captured' }, log), orderId: order.id };
      });
      if ('orderId' in applied) await afterApplied(applied, applied.orderId);
      if ('settled' in applied) await applied.settled.after();
      return { status: 200, body: { message: 'ok', outcome: applied.outcome } };
    },
  };
}
