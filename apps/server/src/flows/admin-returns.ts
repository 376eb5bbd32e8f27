import {
  ADMIN_RETURNS_PER_PAGE, type AdminOrderCustomer, type AdminRefundsResponse, type AdminReturnResponse, type AdminReturnsQuery,
  type AdminReturnsResponse, type AdminReturnStatusBody, type AdminReturnSummary, RETURN_REASONS, RETURN_STATUS_LABELS, type ReturnReason,
} from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { type RequestContext, within } from '../lib/context.ts';
import { ValidationError } from '../lib/errors.ts';
import type { QueuedMessage } from '../modules/notifications/notifications.service.ts';
import { orderNumberOf } from '../modules/orders/orders.service.ts';
import { nextStatuses, type ReturnRow } from '../modules/returns/returns.service.ts';
import { lineNetPaise } from '../lib/order-totals.ts';
import type { Services } from '../services.ts';
import { actorOf, timelineOf } from './admin-timeline.ts';
import { lineDetailsOf } from './order-lines.ts';
import { standingOf } from './order-stages.ts';
import type { OrderMessages } from './order-messages.ts';
import { type RefundFlows, refundedLineIds, stillOwedPayments, toAdminRefund } from './refunds.ts';

/** Entries each part of the refunds-owed view lists at most. */
const OWED_LIMIT = 200;
const RECENT_REFUNDS = 50;

const noCustomer = (id: number): AdminOrderCustomer => ({ id, name: '', email: null, phone: null });

/**
 * The back office's returns: the queue, one return with its private photos and steps, and its
 * next step (Approved, Rejected with the reason the customer reads, Picked Up with the courier and
 * tracking number, Received, Refunded through the refunds flow). Each step locks the order and the
 * return, checks the move, writes it with its timeline event, audit entry and the customer's
 * message, and sends the message after the commit. Also the view of money owed back.
 */
export function adminReturnFlows(db: Database, services: Services, messages: OrderMessages, refunds: RefundFlows) {
  const { orders, returns, customers, catalog, payments, audit, couriers } = services;

  async function summaries(ctx: RequestContext, rows: ReturnRow[]): Promise<AdminReturnSummary[]> {
    const orderIds = [...new Set(rows.map((r) => r.orderId))];
    const [{ lines, images }, contacts, orderLines, orderRefunds, numbers] = await Promise.all([
      returns.partsOf(ctx, rows.map((r) => r.id)), customers.contacts(ctx, rows.map((r) => r.customerId)),
      orders.lines(ctx, orderIds), payments.refundsOf(ctx, orderIds), orders.numbersOf(ctx, orderIds),
    ]);
    const prices = new Map(orderLines.map((l) => [l.id, lineNetPaise(l)]));
    const refunded = refundedLineIds(orderRefunds);
    const worth = (ls: { orderLineId: number }[]) => ls.reduce((s, l) => s + (prices.get(l.orderLineId) ?? 0), 0) / 100;
    return rows.map((r) => {
      const own = lines.filter((l) => l.returnId === r.id);
      return {
        id: r.id, order_id: r.orderId, order_number: numbers.get(r.orderId) ?? '', placed_on: r.placedOn.toISOString(),
        status: r.status, status_label: RETURN_STATUS_LABELS[r.status], reason_label: RETURN_REASONS[r.reason as ReturnReason] ?? r.reason,
        total_qty: own.length, value: worth(own), to_refund: worth(own.filter((l) => !refunded.has(l.orderLineId))),
        photos: images.filter((i) => i.returnId === r.id).length, customer: contacts.get(r.customerId) ?? noCustomer(r.customerId),
      };
    });
  }

  async function detail(ctx: RequestContext, ret: ReturnRow): Promise<AdminReturnResponse> {
    const order = await orders.inStore(ctx, ret.orderId);
    const [{ lines, images }, { lines: orderLines, details }, [dispatch], orderRefunds, contacts, events, returnRows] = await Promise.all([
      returns.partsOf(ctx, [ret.id]), lineDetailsOf(services, ctx, [order.id]), orders.dispatches(ctx, [order.id]),
      payments.refundsOf(ctx, [order.id]), customers.contacts(ctx, [ret.customerId]), orders.events(ctx, [order.id]),
      returns.rowsOfOrders(ctx, [order.id]),
    ]);
    const { lines: returnLines } = await returns.partsOf(ctx, returnRows.map((r) => r.id));
    const standing = standingOf(order, {
      lineIds: orderLines.map((l) => l.id), dispatch: dispatch ?? null, refunds: orderRefunds,
      returns: returnRows.map((r) => ({ status: r.status, lineIds: returnLines.filter((l) => l.returnId === r.id).map((l) => l.orderLineId) })),
    });
    const customer = contacts.get(ret.customerId) ?? noCustomer(ret.customerId);
    const refunded = refundedLineIds(orderRefunds);
    const own = orderRefunds.filter((r) => r.returnId === ret.id);
    const refund = own.findLast((r) => r.status !== 'failed') ?? own.at(-1);
    const refundIds = new Set(own.map((r) => r.id));
    const [trackingUrl] = await couriers.links(ctx, [ret]);
    const timeline = await timelineOf(services, ctx, events
      .filter((e) => e.returnId === ret.id || (e.refundId !== null && refundIds.has(e.refundId))), customer.name);
    return {
      return: {
        id: ret.id, order_id: ret.orderId, order_number: orderNumberOf(order), order_stage: standing.stage, placed_on: ret.placedOn.toISOString(),
        status: ret.status, status_label: RETURN_STATUS_LABELS[ret.status], reason: ret.reason, reason_label: RETURN_REASONS[ret.reason as ReturnReason] ?? ret.reason,
        comment: ret.comment, photos: images.map((i) => ({ id: i.id, url: returns.photoUrl(ctx, i.id) })),
        courier_partner: ret.courierPartner, courier_id: ret.courierId, tracking_number: ret.trackingNumber, tracking_url: trackingUrl ?? null, rejection_reason: ret.rejectionReason,
        lines: lines.map((l) => {
          const line = orderLines.find((o) => o.id === l.orderLineId);
          const item = details.get(l.orderLineId)?.item;
          return {
            id: l.orderLineId, sku: item?.sku ?? '', name: line?.itemName ?? '', price: (line?.pricePaise ?? 0) / 100, image: item?.image ?? '',
            refunded: refunded.has(l.orderLineId),
          };
        }),
        customer, refund: refund ? toAdminRefund(refund, orderNumberOf(order)) : null, timeline, next: nextStatuses(ret.status),
      },
    };
  }

  /** A move other than Refunded: checked, written with its event, audit entry and message, in one transaction. */
  async function move(ctx: RequestContext, returnId: number, body: AdminReturnStatusBody, now: Date): Promise<void> {
    const status = body.status;
    if (status === 'rejected' && !body.note) throw ValidationError.field('note', 'Give the reason the customer will read.');
    let queued: QueuedMessage[] = [];
    await db.transaction(async (tx) => {
      const t = within(ctx, tx);
      const first = await returns.inStore(t, returnId);
      // The order first, as every step on it locks it first; then the return.
      const order = await orders.inStore(t, first.orderId, true);
      const row = await returns.inStore(t, returnId, true);
      const values: Parameters<typeof returns.move>[3] = {};
      if (status === 'rejected') values.rejectionReason = body.note;
      if (status === 'picked_up' && !(row.courierPartner && row.trackingNumber) && !(body.courier_id && body.tracking_number)) {
        throw ValidationError.field('tracking_number', 'The customer has not sent the courier and tracking number: enter them.');
      }
      if (status === 'picked_up' && body.courier_id && body.tracking_number) {
        const courier = await couriers.chosen(t, body.courier_id, 'courier_id');
        Object.assign(values, { courierId: courier.id, courierPartner: courier.name, trackingNumber: body.tracking_number });
      }
      const moved = await returns.move(t, row, status, values);
      const data: Record<string, string | number | null> = {};
      if (status === 'picked_up') {
        const [link] = await couriers.links(t, [moved]);
        Object.assign(data, { courier_partner: moved.courierPartner, tracking_number: moved.trackingNumber, tracking_url: link ?? null });
      }
      if (status === 'received') {
        // The stones are back with the shop: hidden until staff look them over and show them again.
        const { lines } = await returns.partsOf(t, [row.id]);
        const back = (await orders.lines(t, [order.id])).filter((l) => lines.some((r) => r.orderLineId === l.id)).map((l) => l.itemId);
        data.stones_back = (await catalog.moveStones(t, back, 'sold', 'hidden')).length;
      }
      const event = await orders.recordEvent(t, {
        storeId: ctx.store.id, orderId: order.id, kind: `return_${status}`, key: `return:${row.id}:${status}`, returnId: row.id,
        note: body.note, data, at: now, ...actorOf(ctx),
      });
      await audit.record(t, {
        action: 'return.status', objectType: 'return', objectId: row.id,
        changes: { status: { old: row.status, new: status }, ...(body.note ? { note: { old: null, new: body.note } } : {}) },
      });
      queued = await messages.queue(t, order, event);
    });
    await messages.deliver(ctx, queued);
  }

  return {
    async list(ctx: RequestContext, query: AdminReturnsQuery): Promise<AdminReturnsResponse> {
      const [rows, total] = await Promise.all([
        returns.listForStaff(ctx, query.status, ADMIN_RETURNS_PER_PAGE, (query.page - 1) * ADMIN_RETURNS_PER_PAGE),
        returns.countForStaff(ctx, query.status),
      ]);
      return { data: await summaries(ctx, rows), total, page: query.page, per_page: ADMIN_RETURNS_PER_PAGE };
    },

    get: async (ctx: RequestContext, returnId: number) => detail(ctx, await returns.inStore(ctx, returnId)),

    /** The return's next step; Refunded refunds its stones through the payment provider (refunds capability). */
    async setStatus(ctx: RequestContext, returnId: number, body: AdminReturnStatusBody, now = new Date()): Promise<AdminReturnResponse> {
      if (body.status === 'refunded') await refunds.refundReturn(ctx, returnId, body.note);
      else await move(ctx, returnId, body, now);
      return detail(ctx, await returns.inStore(ctx, returnId));
    },

    /** Money owed back: payments that could not buy their stones, returns received and not refunded, and the latest refunds. */
    async owed(ctx: RequestContext): Promise<AdminRefundsResponse> {
      const [flagged, waiting, recent] = await Promise.all([
        orders.listForStaff(ctx, { refundOwed: true }, OWED_LIMIT, 0),
        returns.listForStaff(ctx, 'received', OWED_LIMIT, 0),
        payments.recentRefunds(ctx, ctx.store.id, RECENT_REFUNDS),
      ]);
      const ids = flagged.map((o) => o.id);
      const [paid, contacts, recentWithLines, numbers] = await Promise.all([
        payments.ofOrders(ctx, ids), customers.contacts(ctx, flagged.map((o) => o.customerId)),
        payments.refundsOf(ctx, [...new Set(recent.map((r) => r.orderId))]), orders.numbersOf(ctx, recent.map((r) => r.orderId)),
      ]);
      const refunded = await payments.refundedOfPayments(ctx, paid.map((p) => p.id));
      return {
        owed: flagged.map((o) => ({
          order_id: o.id, order_number: orderNumberOf(o), placed_on: o.placedOn.toISOString(), customer: contacts.get(o.customerId) ?? noCustomer(o.customerId),
          payments: stillOwedPayments(o, paid.filter((p) => p.orderId === o.id), refunded).map((p) => ({
            id: p.id, provider: p.provider, provider_payment_id: p.providerPaymentId, amount: p.amountPaise / 100, created_at: p.createdAt.toISOString(),
          })),
        })).filter((o) => o.payments.length > 0),
        returns_to_refund: await summaries(ctx, waiting),
        recent: recent.map((r) => toAdminRefund(recentWithLines.find((x) => x.id === r.id)!, numbers.get(r.orderId) ?? '')),
      };
    },
  };
}

export type AdminReturnFlows = ReturnType<typeof adminReturnFlows>;
