import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@gemstore/db';
import type { CheckoutConfig } from '../config.ts';
import { type ProviderName, type RefundRow, refundReceipt } from '../modules/payments/payments.service.ts';
import { shopScope } from '../lib/context.ts';
import type { Services } from '../services.ts';
import type { paymentFlows } from './payment.ts';
import type { RefundFlows, RefundOutcome, SettledBy } from './refunds.ts';

/** What one run of the job did. */
export interface ReconcileReport {
  /** Pending refunds asked about, and those it settled: processed, started (the provider's id learnt) or failed. */
  refundsAsked: number;
  refundsSettled: number;
  /** Unpaid orders whose provider order was asked about, and the payments found that had not arrived. */
  ordersAsked: number;
  paymentsApplied: number;
  /** Questions that got no answer (asked again on a later run). */
  errors: number;
}

export interface ReconcileRun {
  log: FastifyBaseLogger;
  /** The moment the job judges from (which refunds and orders are due, and which refunds are past giving up). */
  now?: Date;
  /** Asked between questions: true once the server is closing. */
  stopping?: () => boolean;
}

/** Rows claimed per transaction. */
const BATCH = 50;
/** Nothing is asked about twice within this long, however often the job runs. */
const MIN_EVERY_SECONDS = 60;
/** An order this young may still hear from its callback or webhook. */
const ORDER_SETTLE_SECONDS = 60;

const JOB: SettledBy = { actor: 'system', staffId: null };
const providerLabel = (provider: string) => (provider === 'razorpay' ? 'Razorpay' : 'The payment provider');

/**
 * The reconciliation job: asks the payment provider about what it never told us. Two parts, each
 * claiming rows with SELECT … FOR UPDATE SKIP LOCKED (and moving their `checked_at` on in the same
 * short transaction), so any number of replicas share the work and none asks twice; the provider is
 * asked outside any transaction, and its answers go through the very paths a webhook takes, which
 * apply an outcome once however often it is reported.
 *
 * 1. Refunds still pending: the provider's list of the payment's refunds, ours found by its id or
 *    our receipt (`gs-rf-<id>`), settles them (processed, failed, or started with the provider's id
 *    learnt). A refund sent without an answer that the provider still has no record of after
 *    RECONCILE_REFUND_GIVE_UP_MINUTES was never made: it fails, and its stones may be refunded again.
 * 2. Unpaid orders (pending, lapsed or cancelled) with a Razorpay order, up to RECONCILE_ORDER_HOURS
 *    after their reservation ended: the order's payments on Razorpay, each authorized or captured
 *    one applied as the Checkout callback applies it (paid, or flagged for a refund when its stones
 *    were gone), reported by the shop's job.
 */
export function reconciliationFlows(
  db: Database, { orders, payments }: Services, payment: ReturnType<typeof paymentFlows>, refunds: RefundFlows, checkout: CheckoutConfig,
) {
  const { reconcile, razorpay } = checkout;
  const everySeconds = Math.max(MIN_EVERY_SECONDS, reconcile.seconds);
  // A request waits for the provider's answer at most RAZORPAY_TIMEOUT_MS: the job leaves its refund alone until well after.
  const refundSettleMs = Math.max(60_000, 2 * razorpay.timeoutMs);

  /** The providers this server can ask (Razorpay only with its keys). */
  const askable = (): ProviderName[] => (payments.providerReady('razorpay') ? ['sandbox', 'razorpay'] : ['sandbox']);

  /** What the provider says became of one refund; null when it is still open. */
  async function outcomeOf(r: RefundRow, now: Date): Promise<RefundOutcome | null> {
    const paid = await payments.paymentById(shopScope(r.storeId), r.paymentId);
    if (!paid) return null;
    const found = await payments.providerOfPayment(r.provider).findRefund(paid.providerPaymentId, { receipt: refundReceipt(r.id), providerRefundId: r.providerRefundId });
    if (found) {
      return found.status === 'failed'
        ? { status: 'failed', reason: `${providerLabel(r.provider)} reported that the refund failed.` }
        : { status: found.status, providerRefundId: found.id };
    }
    // A refund the provider accepted (its id stored) is settled by the provider in time; one it never answered may never have been made.
    if (r.providerRefundId === null && now.getTime() - r.createdAt.getTime() >= reconcile.refundGiveUpMinutes * 60_000) {
      return { status: 'failed', reason: `${providerLabel(r.provider)} has no record of this refund ${reconcile.refundGiveUpMinutes} minutes after it was sent: it was not made.` };
    }
    return null;
  }

  async function refundsPart(report: ReconcileReport, log: FastifyBaseLogger, now: Date, stopping: () => boolean): Promise<void> {
    const providers = askable();
    while (!stopping()) {
      const claimed = await db.transaction((tx) => payments.claimPendingRefundsInAnyShop({ tx }, {
        now, writtenBefore: new Date(now.getTime() - refundSettleMs), everySeconds, providers, limit: BATCH,
      }));
      for (const r of claimed) {
        if (stopping()) return;
        report.refundsAsked++;
        try {
          const outcome = await outcomeOf(r, now);
          if (outcome && (await refunds.settle(r.id, outcome, JOB, log)).changed) {
            report.refundsSettled++;
            log.info({ refundId: r.id, orderId: r.orderId, status: outcome.status }, 'reconciliation settled a refund');
          }
        } catch (err) {
          report.errors++;
          log.warn({ err, refundId: r.id }, 'reconciliation could not ask about a refund: asked again later');
        }
      }
      if (claimed.length < BATCH) return;
    }
  }

  async function ordersPart(report: ReconcileReport, log: FastifyBaseLogger, now: Date, stopping: () => boolean): Promise<void> {
    if (!payments.providerReady('razorpay')) return;
    while (!stopping()) {
      const claimed = await db.transaction((tx) => orders.claimForPaymentCheckInAnyShop({ tx }, {
        now, placedBefore: new Date(now.getTime() - ORDER_SETTLE_SECONDS * 1000), reservedAfter: new Date(now.getTime() - reconcile.orderHours * 3_600_000),
        everySeconds, skipPrefix: payments.sandboxOrderPrefix, limit: BATCH,
      }));
      for (const o of claimed) {
        if (stopping()) return;
        report.ordersAsked++;
        try {
          const provider = payments.providerOfOrderId(o.providerOrderId);
          for (const p of await provider.orderPayments(o.providerOrderId)) {
            // created and failed took no money; refunded was captured and given back outside the shop.
            if (p.status !== 'authorized' && p.status !== 'captured') continue;
            const outcome = await payment.applyAndTell({
              orderId: o.id, provider: provider.name, providerPaymentId: p.id, amountPaise: p.amountPaise, status: p.status, reportedBy: 'system',
            }, log);
            if (outcome === 'paid' || outcome === 'flagged') {
              report.paymentsApplied++;
              log.info({ orderId: o.id, outcome }, 'reconciliation applied a payment that had not arrived');
            }
          }
        } catch (err) {
          report.errors++;
          log.warn({ err, orderId: o.id }, 'reconciliation could not ask about an order\'s payments: asked again later');
        }
      }
      if (claimed.length < BATCH) return;
    }
  }

  return {
    /** One run of the job: refunds first (money owed back), then orders. */
    async run({ log, now = new Date(), stopping = () => false }: ReconcileRun): Promise<ReconcileReport> {
      const report: ReconcileReport = { refundsAsked: 0, refundsSettled: 0, ordersAsked: 0, paymentsApplied: 0, errors: 0 };
      await refundsPart(report, log, now, stopping);
      await ordersPart(report, log, now, stopping);
      return report;
    },
  };
}

export type ReconciliationFlows = ReturnType<typeof reconciliationFlows>;
