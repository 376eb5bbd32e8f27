import type {
  Order, OrderResponse, OrdersResponse, ReturnCreateFields, ReturnCreateResponse, ReturnRequest, ReturnTrackingBody, ReturnTrackingResponse,
} from '@gemstore/contracts';
import { displayAmount, usdAt } from '@gemstore/contracts/money';
import type { CustomerContext, RequestContext } from '../lib/context.ts';
import { ValidationError } from '../lib/errors.ts';
import { customerTimeline, ORDER_STATUS_LABELS, orderNumberOf, type OrderRow, toOrderAddress } from '../modules/orders/orders.service.ts';
import type { UploadedImage } from '../modules/returns/returns.service.ts';
import { lineNetPaise, promotionOf, stonesPaiseOf } from '../lib/order-totals.ts';
import type { Services } from '../services.ts';
import { toCreditNoteSummary } from './invoices.ts';
import { lineDetailsOf, payingPayment } from './order-lines.ts';
import { standingsOf } from './order-stages.ts';

/**
 * What a customer sees of orders, and asking for a return: an order with its lines, stones,
 * payment, dispatch and returns comes from the orders, catalog, payments and returns modules.
 */
export function orderFlows(services: Services) {
  const { orders, payments, returns, invoices, couriers } = services;
  const lineDetails = (ctx: RequestContext, orderIds: number[]) => lineDetailsOf(services, ctx, orderIds);

  /** Orders with their lines, stones, payment, dispatch, returns and timeline, in a fixed number of queries whatever their count. */
  async function toOrders(ctx: RequestContext, rows: OrderRow[]): Promise<Order[]> {
    const ids = rows.map((o) => o.id);
    const [{ lines, details }, paid, dispatches, events, standings, notes] = await Promise.all([
      lineDetails(ctx, ids), payments.ofOrders(ctx, ids), orders.dispatches(ctx, ids), orders.events(ctx, ids), standingsOf(services, ctx, rows),
      invoices.creditNotesOf(ctx, ids),
    ]);
    const [returnsOf, links] = await Promise.all([returns.ofOrders(ctx, ids, details), couriers.links(ctx, dispatches)]);
    const returnedLines = new Set(returnsOf.flatMap((r) => r.details.map((d) => d.id)));

    return rows.map((o) => {
      // The payment that paid the order, else the latest recorded one.
      const own = paid.filter((p) => p.orderId === o.id);
      const payment = payingPayment(o, own) ?? own.at(-1);
      const dispatchAt = dispatches.findIndex((d) => d.orderId === o.id);
      const dispatch = dispatches[dispatchAt];
      const standing = standings.get(o.id)!;
      const received = own.reduce((s, p) => s + p.amountPaise, 0);
      return {
        id: o.id,
        number: o.number,
        order_number: orderNumberOf(o),
        placed_on: o.placedOn.toISOString(),
        status: o.status,
        status_label: ORDER_STATUS_LABELS[o.status],
        stage: standing.stage,
        stage_label: standing.stageLabel,
        total_qty: o.totalQty,
        stones_amount: stonesPaiseOf(o) / 100,
        promotion: promotionOf(o),
        total_amount: o.totalPaise / 100,
        shipping_amount: o.shippingPaise / 100,
        shown_in_usd: o.usdRate === null ? null : { usd_rate: o.usdRate, total: displayAmount(o.totalPaise / 100, usdAt(o.usdRate)) },
        refunded_amount: standing.refundedPaise / 100,
        refunded_on: standing.refundedAt?.toISOString() ?? null,
        net_paid: (received - standing.refundedPaise) / 100,
        refunds: standing.shownRefunds,
        credit_notes: (notes.filter((n) => n.orderId === o.id)).map(toCreditNoteSummary),
        reserved_until: o.reservedUntil.toISOString(),
        shipping_address2: toOrderAddress(o.shippingAddress),
        billing_address2: toOrderAddress(o.billingAddress),
        payment_method_id: o.paymentMethodId,
        details: lines.filter((l) => l.orderId === o.id).flatMap((l) => {
          const detail = details.get(l.id);
          return detail ? [{
            ...detail, product_amount: l.pricePaise / 100, total_amount: lineNetPaise(l) / 100, returned: returnedLines.has(l.id), ...standing.line(l.id),
          }] : [];
        }),
        payment: payment ? {
          id: payment.id, razorpay_payment_id: payment.providerPaymentId, amount: payment.amountPaise / 100,
          status: payment.status, status_label: o.status === 'paid' ? 'Success' : 'Received, to be refunded',
        } : null,
        order_dispatch: dispatch ? {
          courier_partner: dispatch.courierPartner, tracking_number: dispatch.trackingNumber, dispatched_on: dispatch.dispatchedAt.toISOString(),
          delivered_on: dispatch.deliveredAt?.toISOString() ?? null, tracking_url: links[dispatchAt] ?? null,
        } : null,
        returns: returnsOf.filter((r) => r.orderId === o.id).map(({ orderId: _orderId, ...r }) => r),
        refund_pending: o.refundFlaggedAt !== null,
        can_retry_payment: (o.status === 'pending' || o.status === 'expired') && own.length === 0,
        timeline: customerTimeline(events.filter((e) => e.orderId === o.id)),
      };
    });
  }

  /** One return as its order's answer shows it. */
  async function returnAsShown(ctx: RequestContext, orderId: number, returnId: number): Promise<ReturnRequest> {
    const { details } = await lineDetails(ctx, [orderId]);
    const found = (await returns.ofOrders(ctx, [orderId], details)).find((r) => r.id === returnId)!;
    const { orderId: _orderId, ...shown } = found;
    return shown;
  }

  return {
    /** The customer's orders, newest first (the most recent 100). */
    async listOrders(ctx: CustomerContext): Promise<OrdersResponse> {
      return { orders: await toOrders(ctx, await orders.listOwn(ctx, 100)) };
    },

    async getOrder(ctx: CustomerContext, orderId: number): Promise<OrderResponse> {
      return { order: (await toOrders(ctx, [await orders.findOwn(ctx, orderId)]))[0]! };
    },

    /** A return of lines of the customer's own dispatched order. */
    async requestReturn(ctx: CustomerContext, input: ReturnCreateFields, images: UploadedImage[], now = new Date()): Promise<ReturnCreateResponse> {
      const order = await orders.findOwn(ctx, input.orderId);
      const [dispatch] = await orders.dispatches(ctx, [order.id]);
      if (!dispatch) throw ValidationError.field('orderId', 'A return can be requested once the order has been dispatched.');
      const lines = await orders.lines(ctx, [order.id]);
      if (input.detailIds.some((id) => !lines.some((l) => l.id === id))) throw ValidationError.field('detailIds', 'Choose stones of this order.');
      const row = await returns.create(ctx, input, images, now);
      await orders.recordEvent(ctx, {
        storeId: ctx.store.id, orderId: order.id, kind: 'return_requested', key: `return:${row.id}:requested`, actor: 'customer', returnId: row.id, at: now,
        data: { reason: row.reason, stones: input.detailIds.length },
      });
      return { returnRequest: await returnAsShown(ctx, order.id, row.id), orderId: order.id, message: 'Your return request was placed.' };
    },

    /** Courier and tracking number of an approved return. */
    async submitReturnTracking(ctx: CustomerContext, input: ReturnTrackingBody): Promise<ReturnTrackingResponse> {
      const row = await returns.submitTracking(ctx, input);
      await orders.recordEvent(ctx, {
        storeId: ctx.store.id, orderId: row.orderId, kind: 'return_tracking', key: `return:${row.id}:tracking`, actor: 'customer', returnId: row.id,
        data: { courier_partner: row.courierPartner, tracking_number: row.trackingNumber },
      });
      return { returnRequest: await returnAsShown(ctx, row.orderId, row.id), message: 'The tracking details were saved.' };
    },
  };
}
