import { createHash } from 'node:crypto';
import type { PayQuery } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { CheckoutConfig } from '../../config.ts';
import type { CustomerContext } from '../../lib/customer-context.ts';
import type { Executor } from '../../lib/db.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { deleteCartLinesOfItems } from '../cart/cart.repo.ts';
import * as orders from '../orders/orders.repo.ts';
import * as repo from './payments.repo.ts';
import { type PaymentProvider, type Providers, createProviders, providerNameOfOrderId, providerOfStore } from './providers.ts';
import { signPayLink, signatureMatches, hmacHex } from './signatures.ts';

const providersByConfig = new WeakMap<CheckoutConfig, Providers>();
/** One set of provider adapters per configuration (per app). */
export function providersFor(config: CheckoutConfig): Providers {
  let p = providersByConfig.get(config);
  if (!p) {
    p = createProviders(config);
    providersByConfig.set(config, p);
  }
  return p;
}

/** How long a payment page pass stays valid. */
const PAY_LINK_MINUTES = 60;

export type PaymentOutcome = 'paid' | 'repeat' | 'flagged' | 'unknown_order';

export interface IncomingPayment {
  orderId: number;
  provider: string;
  providerPaymentId: string;
  /** Paise; a Checkout callback carries no amount, so the order's total (fixed on the provider order) applies. */
  amountPaise?: number;
  status: 'authorized' | 'captured';
}

/**
 * Applies money that arrived for an order, inside the caller's transaction. The order row is locked
 * first, then its stones. A pending order's stones are reserved for it and become sold. If the
 * reservation already lapsed, the stones are sold to it only if every one is still available;
 * otherwise (another order took one) the payment is recorded and the order flagged for a refund:
 * a stone is never sold twice. A payment for an already paid order, or short of the total, is
 * recorded and flagged too. A payment id seen before changes nothing.
 */
export async function applyPayment(tx: Executor, p: IncomingPayment, now = new Date()): Promise<PaymentOutcome> {
  const order = await orders.findOrderById(tx, p.orderId, true);
  if (!order) return 'unknown_order';
  const amountPaise = p.amountPaise ?? order.totalPaise;
  const inserted = await repo.insertPayment(tx, {
    storeId: order.storeId, orderId: order.id, provider: p.provider, providerPaymentId: p.providerPaymentId, amountPaise, status: p.status,
  });
  if (!inserted) {
    if (p.status === 'captured') await repo.upgradePaymentStatus(tx, p.provider, p.providerPaymentId, 'captured');
    return 'repeat';
  }
  const flag = async () => {
    if (!order.refundFlaggedAt) await orders.updateOrder(tx, order.id, { refundFlaggedAt: now });
    return 'flagged' as const;
  };
  if (order.status === 'paid' || amountPaise < order.totalPaise) return flag();

  const itemIds = (await orders.listOrderLines(tx, [order.id])).map((l) => l.itemId);
  const stones = await orders.lockItems(tx, itemIds);
  // pending: its stones are reserved for it; expired or cancelled: they were freed and must still be free.
  const expected = order.status === 'pending' ? 'reserved' : 'available';
  if (stones.length !== itemIds.length || stones.some((s) => s.status !== expected)) return flag();

  await orders.setItemsStatus(tx, itemIds, 'sold', expected);
  await orders.updateOrder(tx, order.id, { status: 'paid' });
  await deleteCartLinesOfItems(tx, order.storeId, order.customerId, itemIds);
  return 'paid';
}

// ---------- Paying an order (retry-pay) ----------

/**
 * Makes an unpaid order payable and answers the Pay query. A lapsed reservation is renewed: the
 * order's stones are taken again in one UPDATE if all are still available (409 otherwise). The
 * provider order is created on first use and kept (its amount is the order's, which never changes).
 */
export async function preparePayment(db: Database, config: CheckoutConfig, ctx: CustomerContext, orderId: number, now = new Date()): Promise<PayQuery> {
  const found = await orders.findOrder(db, ctx.store.id, orderId, ctx.customerId);
  if (!found) throw new NotFoundError('This order does not exist.');
  const reservedUntil = new Date(now.getTime() + ctx.store.reservationMinutes * 60_000);

  const order = await db.transaction(async (tx) => {
    const o = (await orders.findOrderById(tx, orderId, true))!;
    if (o.status === 'paid') throw new ConflictError('This order is already paid.', 'order_already_paid');
    if (o.status === 'cancelled') throw new ConflictError('This order was cancelled.', 'order_cancelled');
    if (o.refundFlaggedAt) throw new ConflictError('A payment for this order is already being refunded. Please place a new order.', 'order_refund_pending');
    if (o.status === 'expired') {
      const itemIds = (await orders.listOrderLines(tx, [o.id])).map((l) => l.itemId);
      const taken = await orders.setItemsStatus(tx, itemIds, 'reserved', 'available');
      if (taken.length < itemIds.length) {
        const lost = (await orders.findItemStates(tx, o.storeId, itemIds)).find((s) => !taken.some((t) => t.id === s.id));
        // Throwing rolls back the stones just taken.
        throw new ConflictError(`The stone "${lost?.name ?? 'in this order'}" is no longer available. Please place a new order.`, 'stone_unavailable');
      }
      await orders.updateOrder(tx, o.id, { status: 'pending', reservedUntil });
      return { ...o, status: 'pending' as const, reservedUntil };
    }
    if (o.reservedUntil < reservedUntil) {
      // Still pending, maybe past its time but not yet swept: its stones are still its own, so the customer gets the full time again.
      await orders.updateOrder(tx, o.id, { reservedUntil });
      return { ...o, reservedUntil };
    }
    return o;
  });

  const provider = providerOfStore(providersFor(config), ctx.store.paymentProvider);
  let providerOrderId = order.providerOrderId;
  if (!providerOrderId || providerNameOfOrderId(providerOrderId) !== provider.name) {
    const created = await provider.createOrder({
      amountPaise: order.totalPaise,
      receipt: `gs-${order.storeId}-${order.id}`,
      notes: { store_id: String(order.storeId), store_order_id: String(order.id) },
    });
    providerOrderId = await orders.setProviderOrderId(db, order.id, created.id, order.providerOrderId);
  }
  const contact = await orders.findCustomerContact(db, ctx.store.id, ctx.customerId);
  const token = signPayLink(config.payLinkSecret, order.id, new Date(now.getTime() + PAY_LINK_MINUTES * 60_000));
  return {
    key: provider.keyId,
    amount: order.totalPaise,
    currency: 'INR',
    name: ctx.store.name,
    email: contact?.email ?? '',
    contact: contact?.phone ?? '',
    order_id: providerOrderId,
    store_order_id: order.id,
    token,
    provider: provider.name,
    url: `/pay/${provider.name}/${order.id}?token=${encodeURIComponent(token)}`,
  };
}

// ---------- Payment pages ----------

export interface PayPageData {
  orderId: number;
  status: string;
  amountPaise: number;
  storeName: string;
  providerOrderId: string;
  provider: PaymentProvider;
  email: string;
  contact: string;
}

/** What a payment page shows; null when the order has no provider order of this provider (open it through retry-pay). */
export async function payPageData(db: Database, config: CheckoutConfig, providerName: 'sandbox' | 'razorpay', orderId: number): Promise<PayPageData | null> {
  const order = await orders.findOrderById(db, orderId);
  if (!order?.providerOrderId || providerNameOfOrderId(order.providerOrderId) !== providerName) return null;
  const [store, contact] = await Promise.all([
    orders.findStore(db, order.storeId),
    orders.findCustomerContact(db, order.storeId, order.customerId),
  ]);
  return {
    orderId: order.id, status: order.status, amountPaise: order.totalPaise, storeName: store?.name ?? '',
    providerOrderId: order.providerOrderId, provider: providersFor(config)[providerName],
    email: contact?.email ?? '', contact: contact?.phone ?? '',
  };
}

// ---------- Checkout callback ----------

export type CallbackResult = { kind: 'paid' | 'flagged' | 'failed'; orderId: number } | { kind: 'rejected'; orderId: number; reason: string };

/**
 * The result the payment page posts back (Razorpay Checkout's callback_url, or the sandbox page):
 * razorpay_payment_id, razorpay_order_id and razorpay_signature on success, error[...] fields on
 * failure. The signature is checked against the provider order id stored on the order.
 */
export async function handleCallback(db: Database, config: CheckoutConfig, orderId: number, form: Record<string, unknown>): Promise<CallbackResult> {
  const order = await orders.findOrderById(db, orderId);
  if (!order?.providerOrderId) return { kind: 'rejected', orderId, reason: 'This order has no payment in progress.' };
  const paymentId = form.razorpay_payment_id;
  if (typeof paymentId !== 'string' || paymentId === '') {
    return Object.keys(form).some((k) => k.startsWith('error')) ? { kind: 'failed', orderId } : { kind: 'rejected', orderId, reason: 'The payment result is incomplete.' };
  }
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(paymentId)) return { kind: 'rejected', orderId, reason: 'The payment result is not valid.' };
  const provider = providersFor(config)[providerNameOfOrderId(order.providerOrderId)];
  if (!provider.verifyCallback(order.providerOrderId, paymentId, form.razorpay_signature)) {
    return { kind: 'rejected', orderId, reason: 'The payment could not be verified.' };
  }
  const outcome = await db.transaction((tx) => applyPayment(tx, { orderId, provider: provider.name, providerPaymentId: paymentId, status: 'authorized' }));
  return { kind: outcome === 'flagged' ? 'flagged' : 'paid', orderId };
}

// ---------- Razorpay webhook ----------

export type WebhookResult = { status: 200 | 400 | 503; body: { message: string; outcome?: string } };

interface RazorpayPaymentEntity { id?: unknown; order_id?: unknown; amount?: unknown; status?: unknown }

/**
 * POST /api/payments/razorpay/webhook. Signature: X-Razorpay-Signature = HMAC-SHA256(webhook
 * secret, raw body). Deduplicated by x-razorpay-event-id in the same transaction as its effect, so
 * a failure is retried by Razorpay and a repeat changes nothing. payment.captured and order.paid
 * mark the order paid (applyPayment never moves a paid order back); other events are acknowledged.
 */
export async function handleRazorpayWebhook(db: Database, config: CheckoutConfig, rawBody: Buffer, headers: Record<string, unknown>): Promise<WebhookResult> {
  const secret = config.razorpay.webhookSecret;
  if (!secret) return { status: 503, body: { message: 'Webhooks are not configured.' } };
  if (!signatureMatches(hmacHex(secret, rawBody), headers['x-razorpay-signature'])) {
    return { status: 400, body: { message: 'The signature does not match.' } };
  }
  let event: { event?: unknown; payload?: { payment?: { entity?: RazorpayPaymentEntity } } };
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { status: 400, body: { message: 'The body is not JSON.' } };
  }
  const header = headers['x-razorpay-event-id'];
  const eventId = typeof header === 'string' && header ? header.slice(0, 200) : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;

  const outcome = await db.transaction(async (tx) => {
    if (!(await repo.rememberWebhookEvent(tx, 'razorpay', eventId))) return 'repeat_event';
    if (event.event !== 'payment.captured' && event.event !== 'order.paid') return 'ignored';
    const payment = event.payload?.payment?.entity;
    if (typeof payment?.id !== 'string' || typeof payment.order_id !== 'string' || typeof payment.amount !== 'number') return 'ignored';
    const order = await orders.findOrderByProviderOrderId(tx, payment.order_id);
    if (!order) return 'unknown_order';
    return applyPayment(tx, { orderId: order.id, provider: 'razorpay', providerPaymentId: payment.id, amountPaise: payment.amount, status: 'captured' });
  });
  return { status: 200, body: { message: 'ok', outcome } };
}
