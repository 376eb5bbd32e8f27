import {
  type Order, type OrderAddress, type OrderResponse, type OrdersResponse, type PayQuery, type PaymentMethod,
  type PaymentMethodsResponse, type PlaceOrderBody, type PlaceOrderResponse, RAZORPAY_PAYMENT_METHOD_ID,
} from '@gemstore/contracts';
import type { AddressSnapshot, Database } from '@gemstore/db';
import type { Config, PrivateMediaConfig } from '../../config.ts';
import type { CustomerContext } from '../../lib/customer-context.ts';
import type { RequestContext } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { findOwnAddress, toSnapshot } from '../addresses/addresses.service.ts';
import { findStonesByIds } from '../catalog/catalog.service.ts';
import { preparePayment } from '../payments/payments.service.ts';
import { listReturnsOfOrders } from '../returns/returns.service.ts';
import * as repo from './orders.repo.ts';

/** Payment methods a store can enable (stores.payment_method_ids); 1001 is the spec's default. */
const PAYMENT_METHODS: Record<number, string> = {
  [RAZORPAY_PAYMENT_METHOD_ID]: 'Razorpay (cards, UPI, netbanking, wallets)',
};

function storeMethods(ctx: RequestContext): PaymentMethod[] {
  return ctx.store.paymentMethodIds.flatMap((id) => (PAYMENT_METHODS[id] ? [{ id, name: PAYMENT_METHODS[id] }] : []));
}

export function listPaymentMethods(ctx: RequestContext): PaymentMethodsResponse {
  return { paymentMethods: storeMethods(ctx) };
}

/**
 * Places an order: every amount comes from the database, and all the stones are reserved in one
 * UPDATE inside the transaction that writes the order. If any stone is sold, reserved or unknown
 * nothing is written and the answer names it (409 stone_unavailable).
 */
export async function placeOrder(db: Database, ctx: CustomerContext, body: PlaceOrderBody, now = new Date()): Promise<PlaceOrderResponse> {
  if (!storeMethods(ctx).some((m) => m.id === body.paymentMethodId)) {
    throw ValidationError.field('paymentMethodId', 'Choose one of the payment methods offered.');
  }
  const shipping = await findOwnAddress(db, ctx, body.shippingAddressId);
  if (!shipping) throw ValidationError.field('shippingAddressId', 'Select Or Create Address');
  const billing = body.billingAddressId === undefined ? shipping : await findOwnAddress(db, ctx, body.billingAddressId);
  if (!billing) throw ValidationError.field('billingAddressId', 'Choose one of your addresses for billing.');
  const itemIds = body.itemIds;

  const order = await db.transaction(async (tx) => {
    const reserved = await repo.reserveAvailableItems(tx, ctx.store.id, itemIds);
    if (reserved.length < itemIds.length) {
      const missing = itemIds.filter((id) => !reserved.some((r) => r.id === id));
      const states = await repo.findItemStates(tx, ctx.store.id, missing);
      const lost = states[0];
      // Throwing inside the transaction rolls back the stones this call did take.
      if (!lost) throw ValidationError.field('itemIds', 'A chosen stone does not exist.');
      throw new ConflictError(
        lost.status === 'sold' ? `The stone "${lost.name}" has been sold.` : `The stone "${lost.name}" is reserved in another order.`,
        'stone_unavailable',
      );
    }
    const byId = new Map(reserved.map((r) => [r.id, r]));
    const lines = itemIds.map((id) => ({ itemId: id, itemName: byId.get(id)!.name, pricePaise: byId.get(id)!.pricePaise }));
    return repo.insertOrder(tx, {
      storeId: ctx.store.id, customerId: ctx.customerId,
      totalQty: lines.length, totalPaise: lines.reduce((s, l) => s + l.pricePaise, 0),
      shippingAddress: toSnapshot(shipping), billingAddress: toSnapshot(billing),
      paymentMethodId: body.paymentMethodId, origin: body.origin,
      reservedUntil: new Date(now.getTime() + ctx.store.reservationMinutes * 60_000),
    }, lines);
  });
  return { url: `/pay?orderId=${order.id}`, orderId: order.id };
}

const ORDER_STATUS_LABELS: Record<repo.OrderRow['status'], string> = {
  pending: 'Awaiting payment', paid: 'Paid', expired: 'Payment time ran out', cancelled: 'Cancelled',
};

function toOrderAddress(a: AddressSnapshot): OrderAddress {
  return {
    id: a.id, name: a.name, phone: a.phone, address: a.address, locality: a.locality, landmark: a.landmark,
    pincode: a.pincode, label: a.label, city: { name: a.city }, state: { name: a.state }, country: { name: a.country },
  };
}

/** Orders with their lines, stones, payment, dispatch and returns, in a fixed number of queries whatever their count. */
async function toOrders(db: Database, ctx: RequestContext, photos: PrivateMediaConfig, rows: repo.OrderRow[]): Promise<Order[]> {
  const ids = rows.map((o) => o.id);
  const [lines, payments, dispatches] = await Promise.all([repo.listOrderLines(db, ids), repo.listPayments(db, ids), repo.listDispatches(db, ids)]);
  const items = await findStonesByIds(db, ctx.store.id, [...new Set(lines.map((l) => l.itemId))]);
  const itemById = new Map(items.map((i) => [i.id, i]));
  const lineDetails = new Map(lines.flatMap((l) => {
    const item = itemById.get(l.itemId);
    return item ? [[l.id, { id: l.id, item: { ...item, iname: l.itemName } }] as const] : [];
  }));
  const returns = await listReturnsOfOrders(db, ctx, photos, ids, lineDetails);
  const returnedLines = new Set(returns.flatMap((r) => r.details.map((d) => d.id)));

  return rows.map((o) => {
    // The payment that paid the order, else the latest recorded one.
    const own = payments.filter((p) => p.orderId === o.id);
    const payment = own.find((p) => o.status === 'paid' && p.amountPaise >= o.totalPaise) ?? own.at(-1);
    const dispatch = dispatches.find((d) => d.orderId === o.id);
    return {
      id: o.id,
      placed_on: o.placedOn.toISOString(),
      status: o.status,
      status_label: ORDER_STATUS_LABELS[o.status],
      total_qty: o.totalQty,
      total_amount: o.totalPaise / 100,
      reserved_until: o.reservedUntil.toISOString(),
      shipping_address2: toOrderAddress(o.shippingAddress),
      billing_address2: toOrderAddress(o.billingAddress),
      payment_method_id: o.paymentMethodId,
      details: lines.filter((l) => l.orderId === o.id).flatMap((l) => {
        const detail = lineDetails.get(l.id);
        return detail ? [{ ...detail, product_amount: l.pricePaise / 100, total_amount: l.pricePaise / 100, returned: returnedLines.has(l.id) }] : [];
      }),
      payment: payment ? {
        id: payment.id, razorpay_payment_id: payment.providerPaymentId, amount: payment.amountPaise / 100,
        status: payment.status, status_label: o.status === 'paid' ? 'Success' : 'Received, to be refunded',
      } : null,
      order_dispatch: dispatch ? {
        courier_partner: dispatch.courierPartner, tracking_number: dispatch.trackingNumber, dispatched_on: dispatch.dispatchedAt.toISOString(),
      } : null,
      returns: returns.filter((r) => r.orderId === o.id).map(({ orderId: _orderId, ...r }) => r),
      refund_pending: o.refundFlaggedAt !== null,
      can_retry_payment: (o.status === 'pending' || o.status === 'expired') && own.length === 0,
    };
  });
}

/** The customer's orders, newest first (the most recent 100). */
export async function listOrders(db: Database, ctx: CustomerContext, photos: PrivateMediaConfig): Promise<OrdersResponse> {
  return { orders: await toOrders(db, ctx, photos, await repo.listOrders(db, ctx.store.id, ctx.customerId, 100)) };
}

export async function getOrder(db: Database, ctx: CustomerContext, photos: PrivateMediaConfig, orderId: number): Promise<OrderResponse> {
  const row = await repo.findOrder(db, ctx.store.id, orderId, ctx.customerId);
  if (!row) throw new NotFoundError('This order does not exist.');
  return { order: (await toOrders(db, ctx, photos, [row]))[0]! };
}

export async function retryPay(db: Database, config: Config, ctx: CustomerContext, orderId: number): Promise<PayQuery> {
  return preparePayment(db, config.checkout, ctx, orderId);
}

/** Frees the stones of unpaid orders whose reservation lapsed; any number of replicas may run it at once. Answers how many orders expired. */
export async function releaseExpiredReservations(db: Database, now = new Date(), batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const ids = await repo.claimLapsedOrders(tx, now, batch);
      await repo.expireOrders(tx, ids);
      return ids.length;
    });
    total += n;
    if (n < batch) return total;
  }
}

/** Back office (and tests until it exists): records the dispatch of a paid order; a second call corrects the tracking. */
export async function markOrderDispatched(db: Database, storeId: number, orderId: number, input: { courierPartner: string; trackingNumber: string }) {
  const order = await repo.findOrder(db, storeId, orderId);
  if (!order) throw new NotFoundError('This order does not exist.');
  if (order.status !== 'paid') throw new ConflictError('Only a paid order can be dispatched.', 'order_not_paid');
  return repo.upsertDispatch(db, orderId, input.courierPartner, input.trackingNumber);
}
