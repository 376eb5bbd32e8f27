import { randomUUID } from 'node:crypto';
import {
  ADMIN_ORDERS_PER_PAGE, type AdminOrderNumbering, type AdminOrderNumberingResponse, type AdminStoneOrdersResponse, formatOrderNumber, type AdminCancelBody, type AdminDispatchBody, type AdminOrder, type AdminOrderResponse,
  type AdminOrdersExportQuery, type AdminOrdersQuery, type AdminOrdersResponse, type AdminRefundBody, type AdminRefundResponse, type OrderCsvColumn, trackingLink,
} from '@gemstore/contracts';
import { csvAmount } from '@gemstore/contracts/format';
import type { Database } from '@gemstore/db';
import { type RequestContext, within } from '../lib/context.ts';
import type { Transaction } from '../lib/db.ts';
import type { QueuedMessage } from '../modules/notifications/notifications.service.ts';
import {
  type AdminOrderFilter, type AdminOrderRow, type NewOrderEvent, orderNumberOf, type OrderRow, stageFactsOf, toOrderAddress,
} from '../modules/orders/orders.service.ts';
import { promotionOf, stonesPaiseOf } from '../lib/order-totals.ts';
import type { Services } from '../services.ts';
import { actorOf, timelineOf } from './admin-timeline.ts';
import { toCreditNoteSummary } from './invoices.ts';
import { lineDetailsOf, payingPayment } from './order-lines.ts';
import type { OrderMessages } from './order-messages.ts';
import { standingOf, standingsOf } from './order-stages.ts';
import { type RefundFlows, refundedByPayment, refundedLineIds, stillOwedPayments, toAdminRefund } from './refunds.ts';

/** An order number as typed: digits at the end, after at most 10 characters of prefix (`RG-12`, `rg12`, `#12`, `12`). */
const ORDER_NUMBER = /^(.{0,10}?)(\d{1,9})$/;
/** What a stone's SKU may be (the stone form's rule). */
const SKU = /^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/;

/** Customers a search looks among (by name, email or phone) before it looks at their orders. */
const SEARCH_CUSTOMERS = 500;
/** Orders read per statement while an export streams. */
const EXPORT_BATCH = 500;
/** Orders a stone's page lists at most (a stone is in one live order; the rest lapsed or were cancelled). */
const STONE_ORDERS = 20;

const numberingOf = (prefix: string, lastNumber: number): AdminOrderNumberingResponse => ({
  settings: { prefix }, next_number: lastNumber + 1, next_order_number: formatOrderNumber(prefix, lastNumber + 1),
});

/**
 * The back office's orders: the list (filters, search, pages, CSV), one order with everything
 * about it, and the staff's steps (dispatch, delivered, cancel, note). Each step locks the order,
 * checks its state, writes the change, its timeline event, its audit entry and the customer's
 * message in one transaction, and sends the message once that has committed.
 */
export function adminOrderFlows(db: Database, services: Services, messages: OrderMessages, refunds: RefundFlows) {
  const { orders, customers, payments, returns, catalog, catalogAdmin, audit, couriers } = services;

  /** What the payments and returns modules know that tells an order's stage, for the list's stage filter. */
  async function stageFacts(ctx: RequestContext) {
    const [refunded, returned] = await Promise.all([
      payments.refundedLines(ctx, ctx.store.id), returns.linesIn(ctx, ['requested', 'approved', 'picked_up', 'received', 'refunded']),
    ]);
    return stageFactsOf(refunded, returned);
  }

  /** The list's filter of a query: the customers a text names come from the customers module. */
  async function filterOf(ctx: RequestContext, query: AdminOrdersExportQuery): Promise<AdminOrderFilter> {
    const stage = query.status && query.status !== 'refund_owed' ? query.status : undefined;
    const filter: AdminOrderFilter = {
      stage: stage && { stage, facts: await stageFacts(ctx) },
      refundOwed: query.status === 'refund_owed' || undefined,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    };
    const q = query.q?.trim() ?? '';
    if (/^#\d{1,9}$/.test(q)) {
      // "#123" is an order number and nothing else.
      filter.number = { value: Number(q.slice(1)), prefix: '' };
      return filter;
    }
    if (!q) return filter;
    // An order number, with or without the shop's prefix (matched ignoring case and punctuation).
    const numbered = ORDER_NUMBER.exec(q.replace(/\s+/g, ''));
    if (numbered) filter.number = { value: Number(numbered[2]), prefix: numbered[1]!.toLowerCase().replace(/[^a-z0-9]/g, '') };
    // A stone's SKU, as the seller typed it.
    if (SKU.test(q)) filter.itemIds = await catalogAdmin.stoneIdsBySku(ctx, q);
    if (/^\+?[\d\s()-]+$/.test(q)) {
      // Digits: an order number (above), or a part of a customer's phone number.
      const digits = q.replace(/\D/g, '');
      if (digits.length >= 4) {
        filter.phoneDigits = digits;
        filter.customerIds = await customers.idsMatching(ctx, digits, SEARCH_CUSTOMERS);
      }
    } else {
      filter.text = q;
      filter.customerIds = await customers.idsMatching(ctx, q, SEARCH_CUSTOMERS);
    }
    return filter;
  }

  async function summaries(ctx: RequestContext, rows: AdminOrderRow[]) {
    const ids = rows.map((r) => r.id);
    const [contacts, open, standings] = await Promise.all([
      customers.contacts(ctx, rows.map((r) => r.customerId)), returns.openCounts(ctx, ids), standingsOf(services, ctx, rows),
    ]);
    return rows.map((r) => {
      const { stage, stageLabel } = standings.get(r.id)!;
      return {
        id: r.id, number: r.number, order_number: orderNumberOf(r), placed_on: r.placedOn.toISOString(), stage, stage_label: stageLabel,
        total_qty: r.totalQty, total: r.totalPaise / 100,
        customer: contacts.get(r.customerId) ?? { id: r.customerId, name: '', email: null, phone: null },
        refund_owed: r.refundFlaggedAt !== null, open_returns: open.get(r.id) ?? 0,
      };
    });
  }

  async function detail(ctx: RequestContext, order: OrderRow): Promise<AdminOrder> {
    const ids = [order.id];
    const [{ lines, details }, paid, [dispatch], events, contacts, orderRefunds, notes] = await Promise.all([
      lineDetailsOf(services, ctx, ids), payments.ofOrders(ctx, ids), orders.dispatches(ctx, ids), orders.events(ctx, ids),
      customers.contacts(ctx, [order.customerId]), payments.refundsOf(ctx, ids), services.invoices.creditNotesOf(ctx, ids),
    ]);
    const [returnsOf, [trackingUrl]] = await Promise.all([returns.ofOrders(ctx, ids, details), couriers.links(ctx, dispatch ? [dispatch] : [])]);
    const customer = contacts.get(order.customerId) ?? { id: order.customerId, name: '', email: null, phone: null };
    const returned = new Set(returnsOf.flatMap((r) => r.details.map((d) => d.id)));
    const refunded = refundedLineIds(orderRefunds);
    const owed = new Set(stillOwedPayments(order, paid, refundedByPayment(orderRefunds)));
    const standing = standingOf(order, {
      lineIds: lines.map((l) => l.id), dispatch: dispatch ?? null, refunds: orderRefunds,
      returns: returnsOf.map((r) => ({ status: r.status, lineIds: r.details.map((d) => d.id) })),
    });
    const { stage } = standing;
    const received = paid.reduce((s, p) => s + p.amountPaise, 0);
    return {
      id: order.id, number: order.number, order_number: orderNumberOf(order), placed_on: order.placedOn.toISOString(), status: order.status,
      stage, stage_label: standing.stageLabel, total_qty: order.totalQty,
      stones_total: stonesPaiseOf(order) / 100, promotion: promotionOf(order), total: order.totalPaise / 100, shipping: order.shippingPaise / 100,
      refunded_amount: standing.refundedPaise / 100, refunded_on: standing.refundedAt?.toISOString() ?? null, net_paid: (received - standing.refundedPaise) / 100, reserved_until: order.reservedUntil.toISOString(),
      customer, shipping_address: toOrderAddress(order.shippingAddress), billing_address: toOrderAddress(order.billingAddress),
      lines: lines.map((l) => {
        const item = details.get(l.id)?.item;
        return {
          id: l.id, item_id: l.itemId, sku: item?.sku ?? '', name: l.itemName, price: l.pricePaise / 100, discount: l.discountPaise / 100, image: item?.image ?? '',
          returned: returned.has(l.id), refunded: refunded.has(l.id), ...standing.line(l.id),
        };
      }),
      provider_order_id: order.providerOrderId,
      payments: paid.map((p) => ({
        id: p.id, provider: p.provider, provider_payment_id: p.providerPaymentId, amount: p.amountPaise / 100, status: p.status,
        created_at: p.createdAt.toISOString(), refund_owed: owed.has(p),
      })),
      refund_owed: order.refundFlaggedAt !== null,
      dispatch: dispatch ? {
        courier_partner: dispatch.courierPartner, tracking_number: dispatch.trackingNumber,
        dispatched_on: dispatch.dispatchedAt.toISOString(), delivered_on: dispatch.deliveredAt?.toISOString() ?? null, tracking_url: trackingUrl ?? null,
      } : null,
      returns: returnsOf.map((r) => ({ id: r.id, status: r.status, status_label: r.status_label, placed_on: r.placed_on, total_qty: r.total_qty })),
      refunds: orderRefunds.map((r) => toAdminRefund(r, orderNumberOf(order))),
      credit_notes: notes.map(toCreditNoteSummary),
      timeline: await timelineOf(services, ctx, events, customer.name),
      actions: {
        // By the facts, not the stage: a paid order with a stone refunded before it left is still dispatched.
        dispatch: order.status === 'paid' && !dispatch && stage !== 'refunded', deliver: Boolean(dispatch && !dispatch.deliveredAt),
        cancel: stage === 'awaiting_payment' || stage === 'payment_lapsed',
        refund_lines: order.status === 'paid' && lines.some((l) => !refunded.has(l.id)),
      },
    };
  }

  /**
   * A staff step on one order: locks it, runs `step` (which throws 409 from a wrong state and
   * answers its event), records the event, the audit entry and the customer's message in the same
   * transaction, then sends the message and answers the order as it is now.
   */
  async function act(
    ctx: RequestContext, orderId: number, action: string,
    step: (t: RequestContext, order: OrderRow, tx: Transaction) => Promise<{ event: Omit<NewOrderEvent, 'storeId' | 'orderId' | 'actor' | 'staffId'>; changes?: Record<string, { old: unknown; new: unknown }> }>,
  ): Promise<AdminOrderResponse> {
    let queued: QueuedMessage[] = [];
    await db.transaction(async (tx) => {
      const t = within(ctx, tx);
      const order = await orders.inStore(t, orderId, true);
      const { event, changes } = await step(t, order, tx);
      const written = await orders.recordEvent(t, { ...event, storeId: ctx.store.id, orderId, ...actorOf(ctx) });
      await audit.record(t, { action, objectType: 'order', objectId: orderId, changes: changes ?? {} });
      queued = await messages.queue(t, order, written);
    });
    await messages.deliver(ctx, queued);
    return { order: await detail(ctx, await orders.inStore(ctx, orderId)) };
  }

  return {
    async list(ctx: RequestContext, query: AdminOrdersQuery): Promise<AdminOrdersResponse> {
      const filter = await filterOf(ctx, query);
      const [rows, total] = await Promise.all([
        orders.listForStaff(ctx, filter, ADMIN_ORDERS_PER_PAGE, (query.page - 1) * ADMIN_ORDERS_PER_PAGE),
        orders.countForStaff(ctx, filter),
      ]);
      return { data: await summaries(ctx, rows), total, page: query.page, per_page: ADMIN_ORDERS_PER_PAGE };
    },

    /** The list's orders, every page, as CSV records, a batch at a time (the route streams them). */
    async *export(ctx: RequestContext, query: AdminOrdersExportQuery): AsyncGenerator<Record<OrderCsvColumn, string>[]> {
      const filter = await filterOf(ctx, query);
      let before: { placedOn: Date; id: number } | null = null;
      for (;;) {
        const rows = await orders.listForStaffAfter(ctx, filter, before, EXPORT_BATCH);
        if (rows.length === 0) return;
        const ids = rows.map((r) => r.id);
        const [shown, { lines, details }, paid] = await Promise.all([summaries(ctx, rows), lineDetailsOf(services, ctx, ids), payments.ofOrders(ctx, ids)]);
        yield rows.map((r, i) => {
          const s = shown[i]!;
          const own = paid.filter((p) => p.orderId === r.id);
          const skus = lines.filter((l) => l.orderId === r.id).map((l) => details.get(l.id)?.item.sku ?? '');
          return {
            order_number: s.order_number, placed_on: r.placedOn.toISOString(), status: s.stage_label,
            customer_name: s.customer.name, customer_email: s.customer.email ?? '', customer_phone: s.customer.phone ?? '',
            stones: String(r.totalQty), skus: skus.join(' '),
            discount_code: r.discountCode, discount: csvAmount(r.discountPaise), shipping: csvAmount(r.shippingPaise), total: csvAmount(r.totalPaise),
            payment_reference: (payingPayment(r, own) ?? own.at(-1))?.providerPaymentId ?? '',
            courier_partner: r.courierPartner ?? '', tracking_number: r.trackingNumber ?? '',
            dispatched_on: r.dispatchedAt?.toISOString() ?? '', delivered_on: r.deliveredAt?.toISOString() ?? '',
            refund_owed: s.refund_owed ? 'yes' : 'no',
          };
        });
        const last = rows.at(-1)!;
        before = { placedOn: last.placedOn, id: last.id };
      }
    },

    async get(ctx: RequestContext, orderId: number): Promise<AdminOrderResponse> {
      return { order: await detail(ctx, await orders.inStore(ctx, orderId)) };
    },

    /** Mark dispatched: a paid order not dispatched yet; the customer then sees the dispatch and the Return button, and is told. */
    dispatch: (ctx: RequestContext, orderId: number, body: AdminDispatchBody, now = new Date()) => act(ctx, orderId, 'order.dispatch', async (t, order) => {
      const courier = await couriers.chosen(t, body.courier_id, 'courier_id');
      await orders.dispatch(t, order, { courier, trackingNumber: body.tracking_number }, now);
      const trackingUrl = trackingLink(courier.trackingUrl, body.tracking_number);
      return {
        event: { kind: 'dispatched', key: 'dispatched', at: now, data: { courier_partner: courier.name, tracking_number: body.tracking_number, tracking_url: trackingUrl } },
        changes: { courier_partner: { old: null, new: courier.name }, tracking_number: { old: null, new: body.tracking_number } },
      };
    }),

    /** Mark delivered: a dispatched order not yet delivered. */
    deliver: (ctx: RequestContext, orderId: number, now = new Date()) => act(ctx, orderId, 'order.deliver', async (t, order) => {
      await orders.deliver(t, order, now);
      return { event: { kind: 'delivered', key: 'delivered', at: now }, changes: { delivered: { old: false, new: true } } };
    }),

    /** Cancel an unpaid order: the stones it held are for sale again in the same transaction. */
    cancel: (ctx: RequestContext, orderId: number, body: AdminCancelBody, now = new Date()) => act(ctx, orderId, 'order.cancel', async (t, order) => {
      const { itemIds, wasPending } = await orders.cancel(t, order);
      // A lapsed order's stones were freed when it lapsed (and may be in another order now): only a pending order's are its own.
      const freed = wasPending ? await catalog.moveStones(t, itemIds, 'reserved', 'available') : [];
      return {
        event: { kind: 'cancelled', key: 'cancelled', at: now, note: body.reason, data: { stones_freed: freed.length } },
        changes: { status: { old: order.status, new: 'cancelled' } },
      };
    }),

    /**
     * A refund of stones of a paid order, or of a payment owed back, through the provider that took
     * the money (refunds capability); idempotent by the key the client sends.
     */
    async refund(ctx: RequestContext, orderId: number, body: AdminRefundBody): Promise<AdminRefundResponse> {
      const request = body.payment_id !== undefined ? { kind: 'payment' as const, paymentId: body.payment_id } : { kind: 'lines' as const, lineIds: body.line_ids! };
      const row = await refunds.refund(ctx, orderId, request, body.idempotency_key, body.reason);
      return { refund: await refunds.get(ctx, row.id), order: await detail(ctx, await orders.inStore(ctx, orderId)) };
    },

    /** The prefix of the shop's order numbers and the number the next order takes. */
    async numbering(ctx: RequestContext): Promise<AdminOrderNumberingResponse> {
      const series = await orders.numberSeries(ctx);
      return numberingOf(series.prefix, series.lastNumber);
    },

    /** Sets the prefix of orders placed from now on, with its audit entry; orders placed before keep theirs. */
    async setNumbering(ctx: RequestContext, body: AdminOrderNumbering): Promise<AdminOrderNumberingResponse> {
      return db.transaction(async (tx) => {
        const t = within(ctx, tx);
        const before = await orders.numberSeries(t, true);
        if (before.prefix !== body.prefix) {
          await orders.setNumberPrefix(t, body.prefix);
          await audit.record(t, { action: 'store.order_numbers_update', objectType: 'store', objectId: ctx.store.id, changes: { prefix: { old: before.prefix, new: body.prefix } } });
        }
        return numberingOf(body.prefix, before.lastNumber);
      });
    },

    /** The orders holding a stone of the store, newest first (the stone's page links to them). */
    async ofStone(ctx: RequestContext, itemId: number): Promise<AdminStoneOrdersResponse> {
      const rows = await orders.ofStone(ctx, itemId, STONE_ORDERS);
      const standings = await standingsOf(services, ctx, rows);
      return {
        orders: rows.map((o) => ({
          id: o.id, order_number: orderNumberOf(o), placed_on: o.placedOn.toISOString(), stage: standings.get(o.id)!.stage, stage_label: standings.get(o.id)!.stageLabel,
        })),
      };
    },

    /** A private note on the timeline (any state). */
    note: (ctx: RequestContext, orderId: number, note: string, now = new Date()) => act(ctx, orderId, 'order.note', async () => ({
      event: { kind: 'note', key: `note:${randomUUID()}`, at: now, note },
      changes: { note: { old: null, new: note } },
    })),
  };
}

export type AdminOrderFlows = ReturnType<typeof adminOrderFlows>;
