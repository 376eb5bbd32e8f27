import { createHash } from 'node:crypto';
import type { Database } from '@gemstore/db';
import { unstorableTextIssues } from '@gemstore/contracts';
import type { CheckoutConfig } from '../../config.ts';
import { executor, type RequestContext, type Scope, type ShopScope } from '../../lib/context.ts';
import * as repo from './payments.repo.ts';
import { type PaymentProvider, createProviders, providerNameOfOrderId, providerOfStore, type ProviderName, SANDBOX_PREFIX } from './providers.ts';
import { hmacHex, signatureMatches, signPayLink, verifyPayLink } from './signatures.ts';

export type { PaymentProvider, ProviderName, ProviderRefund } from './providers.ts';
export { RefundRefused, RefundUnconfirmed } from './providers.ts';
export type { NewPayment, NewRefund, PaymentRow, RefundRow, RefundStatus } from './payments.repo.ts';

/** What the provider keeps of our refund (Razorpay's `receipt`, at most 40 characters), to find a refund whose answer was lost. */
export const refundReceipt = (refundId: number) => `gs-rf-${refundId}`;

/** The refund id a receipt of ours names; null for any other receipt. */
export function refundIdOfReceipt(receipt: string | null): number | null {
  const m = receipt ? /^gs-rf-([1-9]\d{0,9})$/.exec(receipt) : null;
  const id = m ? Number(m[1]) : null;
  return id !== null && id <= 2_147_483_647 ? id : null;
}

/** How long a payment page pass stays valid. */
const PAY_LINK_MINUTES = 60;

interface RazorpayPaymentEntity { id?: unknown; order_id?: unknown; amount?: unknown; status?: unknown }
interface RazorpayRefundEntity { id?: unknown; payment_id?: unknown; amount?: unknown; receipt?: unknown }

/** Razorpay's refund events, and what each says of the refund. */
const REFUND_EVENTS = { 'refund.created': 'pending', 'refund.processed': 'processed', 'refund.failed': 'failed' } as const;

/** A refund a provider reports (a webhook, or the provider's list of a payment's refunds). */
export interface ReportedRefund {
  id: string;
  providerPaymentId: string;
  amountPaise: number;
  /** Our receipt, when the provider kept it (`gs-rf-<refund id>`). */
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
}

/** A webhook delivery whose signature holds: its event id (for deduplication) and the payment or refund it reports, if any. */
export type VerifiedWebhook =
  | { ok: true; eventId: string; event: unknown; payment: { id: string; orderId: string; amountPaise: number } | null; refund: ReportedRefund | null }
  | { ok: false; status: 400 | 422 | 503; message: string };

/**
 * Payments: the providers (the built-in sandbox and Razorpay), the payments recorded against
 * orders, webhook deduplication and the signed pass that opens a payment page. What a payment
 * does to an order and its stones is a flow (flows/payment.ts).
 */
export function createPaymentsService({ db, checkout }: { db: Database; checkout: CheckoutConfig }) {
  const providers = createProviders(checkout);
  const q = (scope: Scope) => executor(db, scope);
  return {
    /** The provider that made this provider order id. */
    providerOfOrderId: (providerOrderId: string): PaymentProvider => providers[providerNameOfOrderId(providerOrderId)],
    providerNameOfOrderId,
    /** How the sandbox's order ids begin (its payments post back from its own page: there is nothing to ask it). */
    sandboxOrderPrefix: SANDBOX_PREFIX,
    /** The store's provider ('sandbox' unless the store chose 'razorpay'). */
    providerOfStore: (paymentProvider: string): PaymentProvider => providerOfStore(providers, paymentProvider),
    provider: (name: ProviderName): PaymentProvider => providers[name],
    /** The sandbox page signs its own result (only while SANDBOX_PAYMENTS is on). */
    signSandboxPayment: (providerOrderId: string) => providers.sandbox.signPayment(providerOrderId),
    sandboxEnabled: checkout.sandboxEnabled,
    /** Whether this server can take payments through a provider: the sandbox while it is on, Razorpay with its keys. */
    providerReady: (name: ProviderName): boolean =>
      name === 'sandbox' ? checkout.sandboxEnabled : Boolean(checkout.razorpay.keyId && checkout.razorpay.keySecret),

    /** A pass to the payment page of an order, valid for an hour. */
    payLink: (orderId: number, now: Date) => signPayLink(checkout.payLinkSecret, orderId, new Date(now.getTime() + PAY_LINK_MINUTES * 60_000)),
    checkPayLink: (orderId: number, token: unknown) => verifyPayLink(checkout.payLinkSecret, orderId, token),

    /** Records a payment of an order of the shop once per provider payment id; null when it was already recorded. */
    record: (scope: ShopScope, payment: repo.NewPayment) => repo.insertPayment(q(scope), { ...payment, storeId: scope.store.id }),
    /** A later event may report a stronger state (authorized, then captured); captured is final. */
    upgradeStatus: (scope: ShopScope, provider: string, providerPaymentId: string, status: string) =>
      repo.upgradePaymentStatus(q(scope), scope.store.id, provider, providerPaymentId, status),
    /** Remembers a webhook event in the caller's transaction; false when it was seen before. */
    rememberWebhookEvent: (scope: Scope, provider: string, eventId: string) => repo.rememberWebhookEvent(q(scope), provider, eventId),
    ofOrders: (scope: ShopScope, orderIds: number[]) => repo.listPaymentsOfOrders(q(scope), scope.store.id, orderIds),

    // ---------- Refunds ----------

    /** The provider that took a payment (its `provider`), which must also send its money back. */
    providerOfPayment: (provider: string): PaymentProvider => providers[provider === 'razorpay' ? 'razorpay' : 'sandbox'],
    /** Writes a pending refund and the lines it pays back (in the caller's transaction, before the provider is called). */
    recordRefund: (scope: ShopScope, refund: repo.NewRefund, lines: { orderLineId: number; amountPaise: number }[]) =>
      repo.insertRefund(q(scope), { ...refund, storeId: scope.store.id }, lines),
    refundByKey: (scope: Scope, storeId: number, key: string) => repo.findRefundByKey(q(scope), storeId, key),
    /** The shop's refund, locked for the caller's transaction when asked; null when it is another shop's or does not exist. */
    refundById: (scope: ShopScope, refundId: number, lock = false) => repo.findRefundById(q(scope), scope.store.id, refundId, lock),
    /** Any shop's refund by id (a job or webhook naming only the refund): go on in the shop it names. */
    refundByIdInAnyShop: (scope: Scope, refundId: number) => repo.findRefundByIdInAnyShop(q(scope), refundId),
    /** The refunds of these orders of the shop with the order lines each paid back. */
    async refundsOf(scope: ShopScope, orderIds: number[]) {
      const rows = await repo.listRefundsOfOrders(q(scope), scope.store.id, orderIds);
      const lines = await repo.listRefundLines(q(scope), scope.store.id, rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.refundId === r.id) }));
    },
    /** The store's order lines paid back by processed refunds, with their orders. */
    refundedLines: (scope: Scope, storeId: number) => repo.listRefundedLines(q(scope), storeId),
    recentRefunds: (scope: Scope, storeId: number, limit: number) => repo.listRecentRefunds(q(scope), storeId, limit),
    /** The dashboard: refunds of sold stones per day over the last `days` days. */
    dailyRefunds: (ctx: RequestContext, timeZone: string, days: number, now: Date) => repo.dailyRefunds(q(ctx), ctx.store.id, timeZone, days, now),
    /** Moves a refund on only from one of `from`; null when it had moved already. */
    moveRefund: (scope: ShopScope, refundId: number, from: repo.RefundStatus[], values: Parameters<typeof repo.updateRefund>[4]) =>
      repo.updateRefund(q(scope), scope.store.id, refundId, from, values),
    /** The lines of a failed refund may be refunded again. */
    freeRefundLines: (scope: ShopScope, refundId: number) => repo.deleteRefundLines(q(scope), scope.store.id, refundId),
    /**
     * Our refund that a provider reports (a webhook): by the provider's refund id, else by our
     * receipt, and then only when it pays back the payment reported, for the amount reported, and
     * the provider has not given it another id. Null for a refund made elsewhere (the dashboard).
     * Any shop's: the refund names its shop.
     */
    async findReportedRefundInAnyShop(scope: Scope, provider: string, reported: Pick<ReportedRefund, 'id' | 'providerPaymentId' | 'amountPaise' | 'receipt'>) {
      const known = await repo.findRefundByProviderIdInAnyShop(q(scope), provider, reported.id);
      if (known) return known;
      const refundId = refundIdOfReceipt(reported.receipt);
      const row = refundId === null ? null : await repo.findRefundByIdInAnyShop(q(scope), refundId);
      if (!row || row.provider !== provider || row.providerRefundId !== null || row.amountPaise !== reported.amountPaise) return null;
      const payment = await repo.findPaymentById(q(scope), row.storeId, row.paymentId);
      return payment?.providerPaymentId === reported.providerPaymentId ? row : null;
    },
    /** The payment a refund pays back. */
    paymentById: (scope: ShopScope, paymentId: number) => repo.findPaymentById(q(scope), scope.store.id, paymentId),
    /**
     * Claims up to `limit` pending refunds of these providers for the reconciliation job (see the
     * repository: written before `olderThan`, asked about less and less often as they age).
     */
    claimPendingRefundsInAnyShop: (scope: Scope, claim: repo.RefundClaim) => repo.claimPendingRefunds(q(scope), claim),
    refundedOfPayments: (scope: ShopScope, paymentIds: number[]) => repo.refundedOfPayments(q(scope), scope.store.id, paymentIds),

    /**
     * Checks a Razorpay webhook delivery: X-Razorpay-Signature = HMAC-SHA256(webhook secret, raw
     * body). Answers the event id (x-razorpay-event-id, else the body's hash), the payment of a
     * payment.captured or order.paid event, and the refund of a refund.created, refund.processed or
     * refund.failed event.
     */
    verifyRazorpayWebhook(rawBody: Buffer, headers: Record<string, unknown>): VerifiedWebhook {
      const secret = checkout.razorpay.webhookSecret;
      if (!secret) return { ok: false, status: 503, message: 'Webhooks are not configured.' };
      if (!signatureMatches(hmacHex(secret, rawBody), headers['x-razorpay-signature'])) {
        return { ok: false, status: 400, message: 'The signature does not match.' };
      }
      let event: { event?: unknown; payload?: { payment?: { entity?: RazorpayPaymentEntity }; refund?: { entity?: RazorpayRefundEntity } } };
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { ok: false, status: 400, message: 'The body is not JSON.' };
      }
      // The parsed body is read here, not by a route's validator: text the database cannot store is refused as everywhere.
      const unstorable = unstorableTextIssues(event)[0];
      if (unstorable) return { ok: false, status: 422, message: `${unstorable.message} (at ${unstorable.path.join('.') || 'the body'})` };
      const header = headers['x-razorpay-event-id'];
      const eventId = typeof header === 'string' && header ? header.slice(0, 200) : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
      const entity = event.payload?.payment?.entity;
      const paid = event.event === 'payment.captured' || event.event === 'order.paid';
      const payment = paid && typeof entity?.id === 'string' && typeof entity.order_id === 'string' && typeof entity.amount === 'number'
        ? { id: entity.id, orderId: entity.order_id, amountPaise: entity.amount } : null;
      const refundEntity = event.payload?.refund?.entity;
      const refundStatus = typeof event.event === 'string' && Object.hasOwn(REFUND_EVENTS, event.event) ? REFUND_EVENTS[event.event as keyof typeof REFUND_EVENTS] : null;
      const refund = refundStatus && typeof refundEntity?.id === 'string' && typeof refundEntity.payment_id === 'string' && typeof refundEntity.amount === 'number'
        ? {
          id: refundEntity.id, providerPaymentId: refundEntity.payment_id, amountPaise: refundEntity.amount,
          receipt: typeof refundEntity.receipt === 'string' ? refundEntity.receipt : null, status: refundStatus,
        } : null;
      return { ok: true, eventId, event: event.event, payment, refund };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
