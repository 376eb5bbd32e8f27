import {
  formatOrderNumber, ORDER_LINE_STAGE_LABELS, ORDER_STAGE_LABELS, type OrderAddress, type OrderLineStage, type OrderStage,
  PAYMENT_METHODS, PAYMENT_PROVIDER_LABELS, type PaymentMethod, type PaymentMethodsResponse, RAZORPAY_PAYMENT_METHOD_ID,
} from '@gemstore/contracts';
import type { AddressSnapshot, Database } from '@gemstore/db';
import { type CustomerContext, executor, type RequestContext, type Scope, type ShopScope } from '../../lib/context.ts';
import type { Executor } from '../../lib/db.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import * as repo from './orders.repo.ts';
import * as dashboard from './orders.dashboard.repo.ts';

export type { AdminOrderFilter, AdminOrderRow, DispatchRow, NewOrderEvent, OrderEventRow, OrderLineRow, OrderRow } from './orders.repo.ts';
export { customerTimeline, eventDetail, eventLabel, ORDER_EVENT_LABELS, type OrderEventKind } from './orders.events.ts';


/**
 * The store's methods as the checkout names them: paying online names the provider the store takes
 * payments through (Razorpay, or the sandbox where the store still uses it).
 */
function storeMethods(ctx: RequestContext): PaymentMethod[] {
  const provider = ctx.store.paymentProvider === 'razorpay' ? 'razorpay' : 'sandbox';
  return ctx.store.paymentMethodIds.flatMap((id) => {
    if (!PAYMENT_METHODS[id]) return [];
    return [{ id, name: id === RAZORPAY_PAYMENT_METHOD_ID ? PAYMENT_PROVIDER_LABELS[provider] : PAYMENT_METHODS[id] }];
  });
}

export const ORDER_STATUS_LABELS: Record<repo.OrderRow['status'], string> = {
  pending: 'Awaiting payment', paid: 'Paid', expired: 'Payment time ran out', cancelled: 'Cancelled',
};

/** What an order's stage is worked out from: its payment status, dispatch, lines, returns and refunds. */
export interface OrderFacts {
  status: repo.OrderRow['status'];
  dispatch: { deliveredAt: Date | null } | null | undefined;
  lineIds: number[];
  /** Its return requests with the order lines each takes back (rejected ones change nothing). */
  returns: { status: 'requested' | 'approved' | 'picked_up' | 'rejected' | 'received' | 'refunded'; lineIds: number[] }[];
  /** The order lines whose refund was made (processed): one on its way does not count yet. */
  refundedLineIds: ReadonlySet<number>;
}

const OPEN_RETURN = new Set(['requested', 'approved', 'picked_up']);
/** A return whose stones are back with the shop (Refunded as soon as the refund is asked; its money may still be on its way). */
const BACK_RETURN = new Set(['received', 'refunded']);

/**
 * Where an order stands, from its facts: the one rule the customer's pages, the back office and
 * the CSV all show (the order list's filter asks the same in SQL: orders.repo stageCondition, with stageFactsOf).
 * Unpaid orders by their status; a paid one by its refunds, then an open return, then stones back
 * and not refunded, then its dispatch and delivery.
 */
export function stageOf(f: OrderFacts): OrderStage {
  if (f.status === 'pending') return 'awaiting_payment';
  if (f.status === 'expired') return 'payment_lapsed';
  if (f.status === 'cancelled') return 'cancelled';
  const refunded = f.lineIds.filter((id) => f.refundedLineIds.has(id)).length;
  if (refunded > 0 && refunded === f.lineIds.length) return 'refunded';
  if (f.returns.some((r) => OPEN_RETURN.has(r.status))) return 'return_requested';
  if (f.returns.some((r) => BACK_RETURN.has(r.status) && r.lineIds.some((id) => !f.refundedLineIds.has(id)))) return 'returned';
  if (refunded > 0) return 'partly_refunded';
  if (!f.dispatch) return 'paid';
  return f.dispatch.deliveredAt ? 'delivered' : 'dispatched';
}

/** Where one stone of the order stands once a return or refund touched it; null before. */
export function lineStageOf(f: Pick<OrderFacts, 'returns' | 'refundedLineIds'>, lineId: number): OrderLineStage | null {
  if (f.refundedLineIds.has(lineId)) return 'refunded';
  const own = f.returns.filter((r) => r.lineIds.includes(lineId));
  if (own.some((r) => BACK_RETURN.has(r.status))) return 'returned';
  if (own.some((r) => OPEN_RETURN.has(r.status))) return 'return_requested';
  return null;
}

/**
 * The facts of stageOf held by the payments and returns modules, for every order of the shop that
 * has any, as the order list's stage filter takes them (orders.repo StageFacts).
 */
export function stageFactsOf(
  refundedLines: { orderId: number; orderLineId: number }[], returnLines: { orderId: number; orderLineId: number; status: OrderFacts['returns'][number]['status'] }[],
): repo.StageFacts {
  const refundedLineCounts = new Map<number, number>();
  for (const l of refundedLines) refundedLineCounts.set(l.orderId, (refundedLineCounts.get(l.orderId) ?? 0) + 1);
  const refunded = new Set(refundedLines.map((l) => l.orderLineId));
  const openReturnOrderIds = new Set(returnLines.filter((l) => OPEN_RETURN.has(l.status)).map((l) => l.orderId));
  const stonesBackOrderIds = new Set(returnLines.filter((l) => BACK_RETURN.has(l.status) && !refunded.has(l.orderLineId)).map((l) => l.orderId));
  return { refundedLineCounts, openReturnOrderIds: [...openReturnOrderIds], stonesBackOrderIds: [...stonesBackOrderIds] };
}

export const lineStageLabel = (stage: OrderLineStage | null) => (stage ? ORDER_LINE_STAGE_LABELS[stage] : null);

/** The order's number as people read it (`RG-12`, `#12`). */
export const orderNumberOf = (order: Pick<repo.OrderRow, 'numberPrefix' | 'number'>) => formatOrderNumber(order.numberPrefix, order.number);

export const stageLabel = (stage: OrderStage) => ORDER_STAGE_LABELS[stage];

export function toOrderAddress(a: AddressSnapshot): OrderAddress {
  return {
    id: a.id, name: a.name, phone: a.phone, address: a.address, locality: a.locality, landmark: a.landmark,
    pincode: a.pincode, label: a.label, city: { name: a.city }, state: { name: a.state }, country: { name: a.country },
  };
}

/** Orders, their lines and dispatch records. Placing and paying an order are flows (flows/). */
export function createOrdersService({ db }: { db: Database }) {
  const q = (ctx: Scope): Executor => executor(db, ctx);
  return {
    paymentMethods(ctx: RequestContext): PaymentMethodsResponse {
      return { paymentMethods: storeMethods(ctx) };
    },

    /** 422 unless the store offers this payment method. */
    assertPaymentMethod(ctx: RequestContext, paymentMethodId: number): void {
      if (!storeMethods(ctx).some((m) => m.id === paymentMethodId)) {
        throw ValidationError.field('paymentMethodId', 'Choose one of the payment methods offered.');
      }
    },

    /** Writes a new order of the signed-in customer with its lines (inside the flow's transaction that reserved the stones). */
    create: (ctx: CustomerContext, order: Omit<repo.NewOrder, 'storeId' | 'customerId'>, lines: repo.NewOrderLine[]) =>
      repo.insertOrder(q(ctx), { ...order, storeId: ctx.store.id, customerId: ctx.actor.customerId }, lines),

    /** The signed-in customer's order; 404 when it is someone else's or does not exist. */
    async findOwn(ctx: CustomerContext, orderId: number): Promise<repo.OrderRow> {
      const row = await repo.findOrder(q(ctx), ctx.store.id, orderId, ctx.actor.customerId);
      if (!row) throw new NotFoundError('This order does not exist.');
      return row;
    },

    /**
     * An order of the store, any customer's (the back office), locked for the caller's transaction
     * when asked; 404 when it is another store's or does not exist.
     */
    async inStore(ctx: RequestContext, orderId: number, lock = false): Promise<repo.OrderRow> {
      const row = await repo.findOrder(q(ctx), ctx.store.id, orderId, undefined, lock);
      if (!row) throw new NotFoundError('This order does not exist.');
      return row;
    },

    /** The customer's orders, newest first. */
    listOwn: (ctx: CustomerContext, limit: number) => repo.listOrders(q(ctx), ctx.store.id, ctx.actor.customerId, limit),
    /** The dashboard: paid orders and value per day over the last `days` days, in the store's time zone. */
    dailySales: (ctx: RequestContext, timeZone: string, days: number, now: Date) => dashboard.dailySales(q(ctx), ctx.store.id, timeZone, days, now),
    /** The dashboard: orders waiting for dispatch, and orders flagged for a refund with their value. */
    queues: (ctx: RequestContext) => dashboard.orderQueues(q(ctx), ctx.store.id),
    /** What these lines of the store's orders cost together, in paise. */
    linesValue: (ctx: RequestContext, lineIds: number[]) => repo.sumLinePrices(q(ctx), ctx.store.id, lineIds),

    /** The uses the store's orders hold of each discount code (pending or paid orders), by code id. */
    discountUses: (ctx: RequestContext) => repo.countDiscountUses(q(ctx), ctx.store.id),
    /** The uses orders hold of one code, all and this customer's, in the caller's transaction (which holds the code's lock). */
    discountUsesOf: (scope: ShopScope, discountId: number, customerId: number) => repo.countDiscountUsesOf(q(scope), scope.store.id, discountId, customerId),

    /** A customer's orders, newest first (the back office's customer page). */
    listOfCustomer: (ctx: RequestContext, customerId: number, limit: number) => repo.listOrders(q(ctx), ctx.store.id, customerId, limit),

    /** The shop's order by id, locked for the caller's transaction when asked; null when it is another shop's or does not exist. */
    findById: (scope: ShopScope, orderId: number, lock = false) => repo.findOrder(q(scope), scope.store.id, orderId, undefined, lock),
    /** Any shop's order by id, for a payment page or callback that names only the order: go on in the shop it names. */
    findByIdInAnyShop: (scope: Scope, orderId: number, lock = false) => repo.findOrderByIdInAnyShop(q(scope), orderId, lock),
    /** Any shop's order by its provider order id (a provider's webhook): go on in the shop it names. */
    findByProviderOrderIdInAnyShop: (scope: Scope, providerOrderId: string) => repo.findOrderByProviderOrderIdInAnyShop(q(scope), providerOrderId),

    lines: (scope: ShopScope, orderIds: number[]) => repo.listOrderLines(q(scope), scope.store.id, orderIds),
    /** The numbers of these orders of the store as people read them (`RG-12`), by order id. */
    async numbersOf(ctx: RequestContext, orderIds: number[]): Promise<Map<number, string>> {
      const rows = await repo.listOrderNumbers(q(ctx), ctx.store.id, [...new Set(orderIds)]);
      return new Map(rows.map((r) => [r.id, orderNumberOf(r)]));
    },
    /** The shop's series: the prefix its new orders take (empty: none) and the last number given; locked for the caller's transaction when asked. */
    numberSeries: (ctx: RequestContext, lock = false) => repo.findNumberSeries(q(ctx), ctx.store.id, lock),
    /** The store's orders holding this stone, newest first. */
    ofStone: (ctx: RequestContext, itemId: number, limit: number) => repo.listOrdersOfItem(q(ctx), ctx.store.id, itemId, limit),
    /** Sets the prefix of the shop's orders placed from now on (orders placed before keep theirs). */
    setNumberPrefix: (ctx: RequestContext, prefix: string) => repo.setNumberPrefix(q(ctx), ctx.store.id, prefix),
    dispatches: (scope: ShopScope, orderIds: number[]) => repo.listDispatches(q(scope), scope.store.id, orderIds),
    update: (scope: ShopScope, orderId: number, values: Parameters<typeof repo.updateOrder>[3]) => repo.updateOrder(q(scope), scope.store.id, orderId, values),
    /** Sets the provider order id unless another request set one first; answers the id now stored (404 for no such order of the shop). */
    async setProviderOrderId(scope: ShopScope, orderId: number, providerOrderId: string, replace: string | null): Promise<string> {
      const stored = await repo.setProviderOrderId(q(scope), scope.store.id, orderId, providerOrderId, replace);
      if (stored === null) throw new NotFoundError('This order does not exist.');
      return stored;
    },

    /**
     * Expires up to `limit` unpaid orders whose reservation lapsed, in the caller's transaction, and
     * answers their stones; each gets its step on the timeline. SKIP LOCKED lets any number of
     * replicas do it at once.
     */
    async expireLapsedInAnyShop(scope: Scope, now: Date, limit: number): Promise<{ orders: number; itemIds: number[] }> {
      const claimed = await repo.claimLapsedOrders(q(scope), now, limit);
      const { expired, itemIds } = await repo.expireOrders(q(scope), claimed.map((o) => o.id));
      await repo.insertEvents(q(scope), claimed.filter((o) => expired.includes(o.id)).map((o) => ({
        storeId: o.storeId, orderId: o.id, kind: 'expired', key: 'expired', actor: 'system' as const, at: now,
      })));
      return { orders: expired.length, itemIds };
    },

    /** Claims unpaid orders with a provider order for the reconciliation job (in the caller's transaction; SKIP LOCKED). */
    claimForPaymentCheckInAnyShop: (scope: Scope, claim: repo.PaymentCheckClaim) => repo.claimOrdersForPaymentCheck(q(scope), claim),

    // ---------- The timeline ----------

    /** Writes a step of an order of the shop once (its key within the order); null when it was written before or the order is not the shop's. */
    async recordEvent(scope: ShopScope, event: repo.NewOrderEvent): Promise<repo.OrderEventRow | null> {
      if (event.storeId !== scope.store.id || !(await repo.findOrder(q(scope), scope.store.id, event.orderId))) return null;
      return repo.insertEvent(q(scope), event);
    },
    events: (scope: ShopScope, orderIds: number[]) => repo.listEvents(q(scope), scope.store.id, orderIds),

    // ---------- The back office ----------

    listForStaff: (ctx: RequestContext, filter: repo.AdminOrderFilter, limit: number, offset: number) =>
      repo.listAdminOrders(q(ctx), ctx.store.id, filter, limit, offset),
    countForStaff: (ctx: RequestContext, filter: repo.AdminOrderFilter) => repo.countAdminOrders(q(ctx), ctx.store.id, filter),
    /** The next batch of the list after `before` (the CSV export walks the whole list with it). */
    listForStaffAfter: (ctx: RequestContext, filter: repo.AdminOrderFilter, before: { placedOn: Date; id: number } | null, limit: number) =>
      repo.listAdminOrdersAfter(q(ctx), ctx.store.id, filter, before, limit),

    /**
     * Records the dispatch of a paid order (in the caller's transaction, which holds the order's
     * lock). 409 unless the order is paid and not dispatched yet.
     */
    async dispatch(ctx: RequestContext, order: repo.OrderRow, input: { courier: { id: number; name: string }; trackingNumber: string }, at: Date): Promise<repo.DispatchRow> {
      if (order.status !== 'paid') throw new ConflictError(`Only a paid order can be dispatched; this one is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}.`, 'order_not_paid');
      const row = await repo.insertDispatch(q(ctx), ctx.store.id, order.id, input.courier, input.trackingNumber, at);
      if (!row) throw new ConflictError('This order has been dispatched already.', 'order_already_dispatched');
      return row;
    },

    /** Marks a dispatched order delivered; 409 unless it is dispatched and not yet delivered. */
    async deliver(ctx: RequestContext, order: repo.OrderRow, at: Date): Promise<repo.DispatchRow> {
      const row = await repo.markDelivered(q(ctx), ctx.store.id, order.id, at);
      if (row) return row;
      const [dispatch] = await repo.listDispatches(q(ctx), ctx.store.id, [order.id]);
      throw dispatch
        ? new ConflictError('This order has been marked delivered already.', 'order_already_delivered')
        : new ConflictError('Only a dispatched order can be delivered.', 'order_not_dispatched');
    },

    /**
     * Cancels an unpaid order (pending or lapsed) and answers its stones and whether they were
     * still held for it (a pending order's are). 409 for a paid or cancelled order.
     */
    async cancel(ctx: RequestContext, order: repo.OrderRow): Promise<{ itemIds: number[]; wasPending: boolean }> {
      const done = await repo.cancelUnpaidOrder(q(ctx), ctx.store.id, order.id);
      if (!done) {
        throw order.status === 'paid'
          ? new ConflictError('A paid order cannot be cancelled; refund its stones instead.', 'order_paid')
          : new ConflictError('This order has been cancelled already.', 'order_already_cancelled');
      }
      const lines = await repo.listOrderLines(q(ctx), ctx.store.id, [order.id]);
      return { itemIds: lines.map((l) => l.itemId), wasPending: done.wasPending };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
