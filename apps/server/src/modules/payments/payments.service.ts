import { createHash } from 'node:crypto';
import type { Database } from '@gemstore/db';
import type { CheckoutConfig } from '../../config.ts';
import { executor, type Scope } from '../../lib/context.ts';
import * as repo from './payments.repo.ts';
import { type PaymentProvider, createProviders, providerNameOfOrderId, providerOfStore, type ProviderName } from './providers.ts';
import { hmacHex, signatureMatches, signPayLink, verifyPayLink } from './signatures.ts';

export type { PaymentProvider, ProviderName } from './providers.ts';
export type { NewPayment, PaymentRow } from './payments.repo.ts';

/** How long a payment page pass stays valid. */
const PAY_LINK_MINUTES = 60;

interface RazorpayPaymentEntity { id?: unknown; order_id?: unknown; amount?: unknown; status?: unknown }

/** A webhook delivery whose signature holds: its event id (for deduplication) and the payment it reports, if any. */
export type VerifiedWebhook =
  | { ok: true; eventId: string; event: unknown; payment: { id: string; orderId: string; amountPaise: number } | null }
  | { ok: false; status: 400 | 503; message: string };

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
    /** The store's provider ('sandbox' unless the store chose 'razorpay'). */
    providerOfStore: (paymentProvider: string): PaymentProvider => providerOfStore(providers, paymentProvider),
    provider: (name: ProviderName): PaymentProvider => providers[name],
    /** The sandbox page signs its own result (only while SANDBOX_PAYMENTS is on). */
    signSandboxPayment: (providerOrderId: string) => providers.sandbox.signPayment(providerOrderId),
    sandboxEnabled: checkout.sandboxEnabled,

    /** A pass to the payment page of an order, valid for an hour. */
    payLink: (orderId: number, now: Date) => signPayLink(checkout.payLinkSecret, orderId, new Date(now.getTime() + PAY_LINK_MINUTES * 60_000)),
    checkPayLink: (orderId: number, token: unknown) => verifyPayLink(checkout.payLinkSecret, orderId, token),

    /** Records a payment once per provider payment id; null when it was already recorded. */
    record: (scope: Scope, payment: repo.NewPayment) => repo.insertPayment(q(scope), payment),
    /** A later event may report a stronger state (authorized, then captured); captured is final. */
    upgradeStatus: (scope: Scope, provider: string, providerPaymentId: string, status: string) =>
      repo.upgradePaymentStatus(q(scope), provider, providerPaymentId, status),
    /** Remembers a webhook event in the caller's transaction; false when it was seen before. */
    rememberWebhookEvent: (scope: Scope, provider: string, eventId: string) => repo.rememberWebhookEvent(q(scope), provider, eventId),
    ofOrders: (scope: Scope, orderIds: number[]) => repo.listPaymentsOfOrders(q(scope), orderIds),

    /**
     * Checks a Razorpay webhook delivery: X-Razorpay-Signature = HMAC-SHA256(webhook secret, raw
     * body). Answers the event id (x-razorpay-event-id, else the body's hash) and the payment of a
     * payment.captured or order.paid event.
     */
    verifyRazorpayWebhook(rawBody: Buffer, headers: Record<string, unknown>): VerifiedWebhook {
      const secret = checkout.razorpay.webhookSecret;
      if (!secret) return { ok: false, status: 503, message: 'Webhooks are not configured.' };
      if (!signatureMatches(hmacHex(secret, rawBody), headers['x-razorpay-signature'])) {
        return { ok: false, status: 400, message: 'The signature does not match.' };
      }
      let event: { event?: unknown; payload?: { payment?: { entity?: RazorpayPaymentEntity } } };
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { ok: false, status: 400, message: 'The body is not JSON.' };
      }
      const header = headers['x-razorpay-event-id'];
      const eventId = typeof header === 'string' && header ? header.slice(0, 200) : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
      const entity = event.payload?.payment?.entity;
      const paid = event.event === 'payment.captured' || event.event === 'order.paid';
      const payment = paid && typeof entity?.id === 'string' && typeof entity.order_id === 'string' && typeof entity.amount === 'number'
        ? { id: entity.id, orderId: entity.order_id, amountPaise: entity.amount } : null;
      return { ok: true, eventId, event: event.event, payment };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
