import type {
  Order, OrderResponse, OrdersResponse, ReturnCreateFields, ReturnCreateResponse, ReturnRequest, ReturnTrackingBody, ReturnTrackingResponse,
} from '@gemstore/contracts';
import type { CustomerContext, RequestContext } from '../lib/context.ts';
import { ValidationError } from '../lib/errors.ts';
import { ORDER_STATUS_LABELS, type OrderRow, toOrderAddress } from '../modules/orders/orders.service.ts';
import type { LineDetail, UploadedImage } from '../modules/returns/returns.service.ts';
import type { Services } from '../services.ts';

/**
 * What a customer sees of orders, and asking for a return: an order with its lines, stones,
 * payment, dispatch and returns comes from the orders, catalog, payments and returns modules.
 */
export function orderFlows({ orders, catalog, payments, returns }: Services) {
  /** The lines of these orders with their stones, by line id (a line whose stone left the catalogue is left out). */
  async function lineDetailsOf(ctx: RequestContext, orderIds: number[]) {
    const lines = await orders.lines(ctx, orderIds);
    const items = await catalog.stonesByIds(ctx, [...new Set(lines.map((l) => l.itemId))]);
    const itemById = new Map(items.map((i) => [i.id, i]));
    const details = new Map<number, LineDetail>(lines.flatMap((l) => {
      const item = itemById.get(l.itemId);
      return item ? [[l.id, { id: l.id, item: { ...item, iname: l.itemName } }] as const] : [];
    }));
    return { lines, details };
  }

  /** Orders with their lines, stones, payment, dispatch and returns, in a fixed number of queries whatever their count. */
  async function toOrders(ctx: RequestContext, rows: OrderRow[]): Promise<Order[]> {
    const ids = rows.map((o) => o.id);
    const [{ lines, details }, paid, dispatches] = await Promise.all([lineDetailsOf(ctx, ids), payments.ofOrders(ctx, ids), orders.dispatches(ctx, ids)]);
    const returnsOf = await returns.ofOrders(ctx, ids, details);
    const returnedLines = new Set(returnsOf.flatMap((r) => r.details.map((d) => d.id)));

    return rows.map((o) => {
      // The payment that paid the order, else the latest recorded one.
      const own = paid.filter((p) => p.orderId === o.id);
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
          const detail = details.get(l.id);
          return detail ? [{ ...detail, product_amount: l.pricePaise / 100, total_amount: l.pricePaise / 100, returned: returnedLines.has(l.id) }] : [];
        }),
        payment: payment ? {
          id: payment.id, razorpay_payment_id: payment.providerPaymentId, amount: payment.amountPaise / 100,
          status: payment.status, status_label: o.status === 'paid' ? 'Success' : 'Received, to be refunded',
        } : null,
        order_dispatch: dispatch ? {
          courier_partner: dispatch.courierPartner, tracking_number: dispatch.trackingNumber, dispatched_on: dispatch.dispatchedAt.toISOString(),
        } : null,
        returns: returnsOf.filter((r) => r.orderId === o.id).map(({ orderId: _orderId, ...r }) => r),
        refund_pending: o.refundFlaggedAt !== null,
        can_retry_payment: (o.status === 'pending' || o.status === 'expired') && own.length === 0,
      };
    });
  }

  /** One return as its order's answer shows it. */
  async function returnAsShown(ctx: RequestContext, orderId: number, returnId: number): Promise<ReturnRequest> {
    const { details } = await lineDetailsOf(ctx, [orderId]);
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
    async requestReturn(ctx: CustomerContext, input: ReturnCreateFields, images: UploadedImage[]): Promise<ReturnCreateResponse> {
      const order = await orders.findOwn(ctx, input.orderId);
      const [dispatch] = await orders.dispatches(ctx, [order.id]);
      if (!dispatch) throw ValidationError.field('orderId', 'A return can be requested once the order has been dispatched.');
      const lines = await orders.lines(ctx, [order.id]);
      if (input.detailIds.some((id) => !lines.some((l) => l.id === id))) throw ValidationError.field('detailIds', 'Choose stones of this order.');
      const row = await returns.create(ctx, input, images);
      return { returnRequest: await returnAsShown(ctx, order.id, row.id), orderId: order.id, message: 'Your return request was placed.' };
    },

    /** Courier and tracking number of an approved return. */
    async submitReturnTracking(ctx: CustomerContext, input: ReturnTrackingBody): Promise<ReturnTrackingResponse> {
      const row = await returns.submitTracking(ctx, input);
      return { returnRequest: await returnAsShown(ctx, row.orderId, row.id), message: 'The tracking details were saved.' };
    },
  };
}
