import type { FastifyBaseLogger } from 'fastify';
import { type AdminRefund, REFUND_STATUS_LABELS } from '@gemstore/contracts';
import { roleMay } from '@gemstore/contracts/constants';
import type { Database } from '@gemstore/db';
import { type RequestContext, shopScope, within } from '../lib/context.ts';
import { type Transaction, uniqueViolation } from '../lib/db.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.ts';
import type { NewOrderEvent, OrderRow } from '../modules/orders/orders.service.ts';
import { type PaymentRow, RefundRefused, type RefundRow, RefundUnconfirmed, refundReceipt } from '../modules/payments/payments.service.ts';
import { lineNetPaise } from '../lib/order-totals.ts';
import type { Services } from '../services.ts';
import { actorOf } from './admin-timeline.ts';
import { payingPayment } from './order-lines.ts';
import type { OrderMessages } from './order-messages.ts';

/** What a refund is for: stones of a paid order (from the order or a return), or a payment owed back in full. */
export type RefundRequest =
  | { kind: 'lines'; lineIds: number[]; returnId?: number }
  | { kind: 'payment'; paymentId: number };

/** How a provider's answer (or a webhook, or the reconciliation job) settles a refund. */
export type RefundOutcome =
  | { status: 'pending' | 'processed'; providerRefundId: string }
  | { status: 'failed'; reason: string };

/** Who settled it: the member who asked (the provider answered at once), the provider's webhook, or the shop's job. */
export type SettledBy = Pick<NewOrderEvent, 'actor' | 'staffId'>;

export type RefundWithLines = RefundRow & { lines: { orderLineId: number }[] };

/** A refund after an outcome was applied: whether it changed, and what to do once its transaction commits (the customer's message). */
export interface Settled {
  refund: RefundRow | null;
  changed: boolean;
  after(): Promise<void>;
}

const unchanged = (refund: RefundRow | null): Settled => ({ refund, changed: false, after: async () => {} });

export function toAdminRefund(r: RefundWithLines, orderNumber: string): AdminRefund {
  return {
    id: r.id, order_id: r.orderId, order_number: orderNumber, kind: r.kind === 'payment' ? 'payment' : 'lines', status: r.status, status_label: REFUND_STATUS_LABELS[r.status],
    amount: r.amountPaise / 100, provider: r.provider, provider_refund_id: r.providerRefundId, payment_id: r.paymentId, return_id: r.returnId,
    line_ids: r.lines.map((l) => l.orderLineId), reason: r.reason, failure_reason: r.failureReason, created_at: r.createdAt.toISOString(),
  };
}

/** Payments of a paid order beyond the one that paid it, or every payment of an order never paid: the money owed back. */
export function owedPayments<P extends { id: number; amountPaise: number }>(order: Pick<OrderRow, 'status' | 'totalPaise' | 'refundFlaggedAt'>, paid: P[]): P[] {
  if (order.refundFlaggedAt === null) return [];
  const paying = payingPayment(order, paid);
  return paid.filter((p) => p !== paying);
}

/**
 * The payments still owed back: owed (owedPayments) and not yet paid back by refunds made or under
 * way (`refundedByPayment`: paise per payment of the refunds not failed). The order page and the
 * Refunds page offer a refund for these and no others.
 */
export function stillOwedPayments<P extends { id: number; amountPaise: number }>(
  order: Pick<OrderRow, 'status' | 'totalPaise' | 'refundFlaggedAt'>, paid: P[], refundedByPayment: Map<number, number>,
): P[] {
  return owedPayments(order, paid).filter((p) => (refundedByPayment.get(p.id) ?? 0) < p.amountPaise);
}

/** Paise refunded (or being refunded) per payment, from refunds as read. */
export function refundedByPayment(refunds: { paymentId: number; amountPaise: number; status: string }[]): Map<number, number> {
  const sums = new Map<number, number>();
  for (const r of refunds) if (r.status !== 'failed') sums.set(r.paymentId, (sums.get(r.paymentId) ?? 0) + r.amountPaise);
  return sums;
}

/** The order lines that a refund not failed pays back (or is paying back): none of them may be refunded again. */
export function refundedLineIds(refunds: RefundWithLines[]): Set<number> {
  return new Set(refunds.filter((r) => r.status !== 'failed').flatMap((r) => r.lines.map((l) => l.orderLineId)));
}

const sameLines = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Refunds: the money of a payment sent back through the provider that took it. A refund is written
 * (pending, with its idempotency key and the lines it pays back) in a transaction that holds the
 * order's lock, before the provider is called, so two requests with one key answer one refund and a
 * line is never refunded twice (unique indexes stand behind the checks). The provider's answer
 * settles it in a second transaction: processed (the sandbox; Razorpay later, by webhook or the
 * reconciliation job), pending (Razorpay accepted it), or failed (the provider said no: its lines
 * are free again). No answer leaves it pending until the provider is asked again; it is never sent
 * twice from here.
 */
export function refundFlows(db: Database, services: Services, messages: OrderMessages) {
  const { orders, payments, returns, audit, stores, invoices } = services;

  /** Checks what the request may refund and answers the refund to write; 409 with a code for what it may not. */
  async function plan(t: RequestContext, order: OrderRow, request: RefundRequest) {
    const paid = await payments.ofOrders(t, [order.id]);
    if (request.kind === 'payment') {
      const payment = paid.find((p) => p.id === request.paymentId);
      if (!payment) throw ValidationError.field('payment_id', 'Choose a payment of this order.');
      if (!owedPayments(order, paid).includes(payment)) {
        throw new ConflictError('This payment paid for the order: refund its stones instead.', 'payment_not_owed');
      }
      return { payment, amountPaise: payment.amountPaise, lines: [] as { orderLineId: number; amountPaise: number }[] };
    }
    if (order.status !== 'paid') throw new ConflictError('Only the stones of a paid order can be refunded.', 'order_not_paid');
    const payment = payingPayment(order, paid)!;
    const orderLines = await orders.lines(t, [order.id]);
    const chosen = request.lineIds.map((id) => orderLines.find((l) => l.id === id));
    if (chosen.some((l) => !l)) throw ValidationError.field('line_ids', 'Choose stones of this order.');
    const refunded = refundedLineIds(await payments.refundsOf(t, [order.id]));
    if (chosen.some((l) => refunded.has(l!.id))) throw new ConflictError('A chosen stone has been refunded already.', 'line_already_refunded');
    // A stone is paid back what it was sold for: its price less its share of the order's discount.
    const lines = chosen.map((l) => ({ orderLineId: l!.id, amountPaise: lineNetPaise(l!) }));
    const amountPaise = lines.reduce((s, l) => s + l.amountPaise, 0);
    const already = (await payments.refundedOfPayments(t, [payment.id])).get(payment.id) ?? 0;
    if (already + amountPaise > payment.amountPaise) throw new ConflictError('That is more than is left of the payment to refund.', 'refund_exceeds_payment');
    return { payment, amountPaise, lines };
  }

  /**
   * Writes the refund before anything leaves: the existing one when the key was used for this same
   * request (a retry), 409 `idempotency_key_reused` when it was used for another.
   */
  async function write(ctx: RequestContext, orderId: number, request: RefundRequest, key: string, reason: string): Promise<{ refund: RefundRow; payment?: PaymentRow }> {
    try {
      return await db.transaction(async (tx) => {
        const t = within(ctx, tx);
        const order = await orders.inStore(t, orderId, true);
        const existing = await payments.refundByKey(t, ctx.store.id, key);
        if (existing) {
          const [withLines] = (await payments.refundsOf(t, [existing.orderId])).filter((r) => r.id === existing.id);
          const same = existing.orderId === orderId && (request.kind === 'payment'
            ? existing.kind === 'payment' && existing.paymentId === request.paymentId
            : existing.kind === 'lines' && sameLines(withLines!.lines.map((l) => l.orderLineId), request.lineIds));
          if (!same) throw new ConflictError('This idempotency key was used for another refund.', 'idempotency_key_reused');
          return { refund: existing };
        }
        const { payment, amountPaise, lines } = await plan(t, order, request);
        const refund = await payments.recordRefund(t, {
          storeId: ctx.store.id, orderId, paymentId: payment.id, returnId: request.kind === 'lines' ? request.returnId ?? null : null,
          kind: request.kind, amountPaise, provider: payment.provider, idempotencyKey: key, reason,
          staffId: ctx.actor.kind === 'staff' ? ctx.actor.staffId : null,
        }, lines);
        await audit.record(t, {
          action: 'refund.create', objectType: 'order', objectId: orderId,
          changes: { refund: { old: null, new: { id: refund.id, kind: request.kind, amount_paise: amountPaise, lines: lines.map((l) => l.orderLineId), return_id: refund.returnId } } },
        });
        return { refund, payment };
      });
    } catch (err) {
      switch (uniqueViolation(err)) {
        case 'refund_lines_line': throw new ConflictError('A chosen stone has been refunded already.', 'line_already_refunded');
        case 'refunds_payment_live': throw new ConflictError('This payment has been refunded already.', 'payment_already_refunded');
        case 'refunds_return_live': throw new ConflictError('A refund of this return is under way already.', 'refund_in_progress');
        case 'refunds_store_key': throw new ConflictError('This idempotency key was used for another refund.', 'idempotency_key_reused');
        default: throw err;
      }
    }
  }

  /**
   * Applies an outcome to a refund still pending, once, in the caller's transaction (a webhook's
   * holds its event id with it): events, the return it pays back, the order's "refund owed" flag,
   * and the customer's message, which `after` sends once the transaction commits. A second delivery
   * of the same outcome (a webhook repeated, the job and a webhook racing) changes nothing.
   */
  async function settleWithin(tx: Transaction, refundId: number, outcome: RefundOutcome, by: SettledBy, log: FastifyBaseLogger, now = new Date()): Promise<Settled> {
    // A job or webhook names only the refund: from here on, everything is in the shop it names.
    const before = await payments.refundByIdInAnyShop({ tx }, refundId);
    if (!before) return unchanged(null);
    const scope = shopScope(before.storeId, tx);
    // The order first, as every step on it locks it first, then the refund.
    const order = (await orders.findById(scope, before.orderId, true))!;
    const refund = (await payments.refundById(scope, refundId, true))!;
    const store = (await stores.findById(scope, order.storeId))!;
    const ctx: RequestContext = { store, actor: { kind: 'system' }, ip: '', log, tx };
    const event = (e: Omit<NewOrderEvent, 'storeId' | 'orderId' | 'actor' | 'staffId' | 'refundId'>) =>
      orders.recordEvent(scope, { ...e, storeId: order.storeId, orderId: order.id, ...by, refundId: refund.id, at: now });
    const data = { amount_paise: refund.amountPaise, provider: refund.provider };

    if (outcome.status === 'failed') {
      const moved = await payments.moveRefund(scope, refund.id, ['pending'], { status: 'failed', failureReason: outcome.reason.slice(0, 500) });
      if (!moved) return unchanged(refund);
      await payments.freeRefundLines(scope, refund.id);
      await event({ kind: 'refund_failed', key: `refund:${refund.id}:failed`, returnId: refund.returnId, note: outcome.reason.slice(0, 500), data });
      if (refund.kind === 'payment' && !order.refundFlaggedAt) await orders.update(scope, order.id, { refundFlaggedAt: now });
      if (refund.returnId) await returns.reopenForRefund(scope, refund.returnId);
      return { refund: moved, changed: true, after: async () => {} };
    }

    if (refund.status === 'failed') {
      // Only the provider's own no, or the job finding no such refund long after, fails a refund: money moving after that is for staff to look into.
      log.error({ refundId: refund.id, orderId: order.id, providerRefundId: outcome.providerRefundId }, 'the provider reports a refund that was marked failed as made');
      return unchanged(refund);
    }
    if (refund.status !== 'pending' || (refund.providerRefundId && outcome.status === 'pending')) return unchanged(refund);
    const moved = (await payments.moveRefund(scope, refund.id, ['pending'], { status: outcome.status, providerRefundId: outcome.providerRefundId }))!;
    const written = await event({
      kind: outcome.status === 'processed' ? 'refund_processed' : 'refund_started', key: `refund:${refund.id}:${outcome.status === 'processed' ? 'processed' : 'started'}`,
      returnId: refund.returnId, data: { ...data, provider_refund_id: outcome.providerRefundId },
    });
    if (outcome.status === 'processed' && refund.kind === 'lines') {
      // The GST credit note of the stones refunded, issued with the refund it records.
      const [withLines] = (await payments.refundsOf(scope, [order.id])).filter((r) => r.id === refund.id);
      await invoices.issueCreditNote(scope, order.id, store.invoicePrefix, {
        refundId: refund.id, issuedAt: now, orderLineIds: (await orders.lines(scope, [order.id])).map((l) => l.id),
        lines: withLines!.lines.map((l) => ({ orderLineId: l.orderLineId, amountPaise: l.amountPaise })),
      });
    }
    if (refund.returnId) {
      const ret = await returns.byId(scope, refund.returnId);
      if (ret?.status === 'received') {
        await returns.move(scope, ret, 'refunded');
        await event({ kind: 'return_refunded', key: `return:${ret.id}:refunded:${refund.id}`, returnId: ret.id, data });
      }
    }
    if (refund.kind === 'payment' && order.refundFlaggedAt) {
      const paid = await payments.ofOrders(scope, [order.id]);
      const refunded = await payments.refundedOfPayments(scope, paid.map((p) => p.id));
      if (stillOwedPayments(order, paid, refunded).length === 0) await orders.update(scope, order.id, { refundFlaggedAt: null });
    }
    const queued = await messages.queue(ctx, order, written);
    return { refund: moved, changed: true, after: () => messages.deliver({ ...ctx, tx: undefined }, queued) };
  }

  /** settleWithin in a transaction of its own, then the customer's message: the refund as it is now, and whether this changed it. */
  async function settle(refundId: number, outcome: RefundOutcome, by: SettledBy, log: FastifyBaseLogger, now = new Date()): Promise<Omit<Settled, 'after'>> {
    const { after, ...settled } = await db.transaction((tx) => settleWithin(tx, refundId, outcome, by, log, now));
    await after();
    return settled;
  }

  /** Sends a written refund to the provider and settles it by the answer; a refusal is a 502 `refund_refused` (the refund is failed). */
  async function send(ctx: RequestContext, refund: RefundRow, payment: PaymentRow): Promise<RefundRow> {
    const by: SettledBy = actorOf(ctx);
    try {
      const answer = await payments.providerOfPayment(payment.provider).refund({
        providerPaymentId: payment.providerPaymentId, amountPaise: refund.amountPaise, receipt: refundReceipt(refund.id),
        notes: { store_id: String(refund.storeId), store_order_id: String(refund.orderId), store_refund_id: String(refund.id) },
      });
      const outcome: RefundOutcome = answer.status === 'failed' ? { status: 'failed', reason: 'The provider answered that the refund failed.' } : { status: answer.status, providerRefundId: answer.id };
      return (await settle(refund.id, outcome, by, ctx.log)).refund ?? refund;
    } catch (err) {
      if (err instanceof RefundRefused) {
        await settle(refund.id, { status: 'failed', reason: err.message }, by, ctx.log);
        throw err;
      }
      // No answer: it stays pending, and the reconciliation job finds out from the provider what became of it.
      if (err instanceof RefundUnconfirmed) {
        ctx.log.warn({ refundId: refund.id }, 'refund sent, no answer from the provider: left pending for the reconciliation job');
        return refund;
      }
      throw err;
    }
  }

  /** Writes a refund (or finds the one its key wrote) and, when new, sends it. */
  async function refund(ctx: RequestContext, orderId: number, request: RefundRequest, key: string, reason: string): Promise<RefundRow> {
    const { refund: row, payment } = await write(ctx, orderId, request, key, reason);
    // Only a refund this request wrote is sent; a retry's answers the one under way.
    return payment ? send(ctx, row, payment) : row;
  }

  return {
    refund,
    settle,
    settleWithin,

    /**
     * Refunds a received return's stones (those not refunded already), which moves it to Refunded
     * once the provider accepted. Staff need the refunds capability. Its key is made from the
     * return and how many of its refunds failed, so a retried request finds the refund under way.
     */
    async refundReturn(ctx: RequestContext, returnId: number, reason: string): Promise<void> {
      if (ctx.actor.kind === 'staff' && !roleMay(ctx.actor.role, 'refunds')) throw new ForbiddenError('Your role does not allow refunds.');
      const ret = await returns.inStore(ctx, returnId);
      if (ret.status !== 'received') {
        throw new ConflictError(`Only a received return can be refunded; this one is ${ret.status.replace('_', ' ')}.`, 'invalid_return_status');
      }
      const all = await payments.refundsOf(ctx, [ret.orderId]);
      const { lines } = await returns.partsOf(ctx, [ret.id]);
      const refunded = refundedLineIds(all);
      const left = lines.map((l) => l.orderLineId).filter((id) => !refunded.has(id));
      if (left.length === 0) {
        // Its stones were refunded from the order already: the return is done.
        await db.transaction(async (tx) => {
          const t = within(ctx, tx);
          await orders.inStore(t, ret.orderId, true);
          const row = await returns.inStore(t, returnId, true);
          await returns.move(t, row, 'refunded');
          await orders.recordEvent(t, {
            storeId: ctx.store.id, orderId: ret.orderId, kind: 'return_refunded', key: `return:${ret.id}:refunded:earlier`, returnId: ret.id,
            note: 'Its stones had been refunded from the order.', ...actorOf(ctx),
          });
          await audit.record(t, { action: 'return.status', objectType: 'return', objectId: ret.id, changes: { status: { old: 'received', new: 'refunded' } } });
        });
        return;
      }
      const attempt = all.filter((r) => r.returnId === ret.id && r.status === 'failed').length + 1;
      await refund(ctx, ret.orderId, { kind: 'lines', lineIds: left, returnId: ret.id }, `return-${ret.id}-refund-${attempt}`, reason);
    },

    /** One refund of the store. */
    async get(ctx: RequestContext, refundId: number): Promise<AdminRefund> {
      const row = await payments.refundById(ctx, refundId);
      if (!row || row.storeId !== ctx.store.id) throw new NotFoundError('This refund does not exist.');
      const numbers = await orders.numbersOf(ctx, [row.orderId]);
      return toAdminRefund((await payments.refundsOf(ctx, [row.orderId])).find((r) => r.id === row.id)!, numbers.get(row.orderId) ?? '');
    },
  };
}

export type RefundFlows = ReturnType<typeof refundFlows>;
