import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, notLike, or, type SQL, sql } from 'drizzle-orm';
import {
  type AddressSnapshot, orderDispatches, orderEvents, orderLines, orders,
} from '@gemstore/db';
import { type Executor, likeLiteral } from '../../lib/db.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type DispatchRow = typeof orderDispatches.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type NewOrderEvent = Omit<typeof orderEvents.$inferInsert, 'id'>;

export interface NewOrder {
  storeId: number; customerId: number; totalQty: number; totalPaise: number;
  shippingAddress: AddressSnapshot; billingAddress: AddressSnapshot;
  paymentMethodId: number; origin: string; reservedUntil: Date;
  /** When the customer placed it (the checkout's moment). */
  placedOn: Date;
}

export async function insertOrder(db: Executor, order: NewOrder, lines: { itemId: number; itemName: string; pricePaise: number }[]): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  await db.insert(orderLines).values(lines.map((l) => ({ ...l, storeId: order.storeId, orderId: row!.id })));
  return row!;
}

export async function findOrder(db: Executor, storeId: number, orderId: number, customerId?: number, lock = false): Promise<OrderRow | null> {
  const q = db.select().from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId), customerId === undefined ? undefined : eq(orders.customerId, customerId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Any store's order (payment callbacks and webhooks arrive without a tenant), locked for the caller's transaction when asked. */
export async function findOrderById(db: Executor, orderId: number, lock = false): Promise<OrderRow | null> {
  const q = db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findOrderByProviderOrderId(db: Executor, providerOrderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)).limit(1);
  return row ?? null;
}

export async function listOrders(db: Executor, storeId: number, customerId: number, limit: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(and(eq(orders.storeId, storeId), eq(orders.customerId, customerId)))
    .orderBy(desc(orders.placedOn), desc(orders.id)).limit(limit);
}

export async function listOrderLines(db: Executor, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.id));
}

export async function listDispatches(db: Executor, orderIds: number[]): Promise<DispatchRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderDispatches).where(inArray(orderDispatches.orderId, orderIds));
}

export async function updateOrder(db: Executor, orderId: number, values: Partial<Pick<OrderRow, 'status' | 'reservedUntil' | 'refundFlaggedAt'>>): Promise<void> {
  await db.update(orders).set(values).where(eq(orders.id, orderId));
}

/** Sets the provider order id unless another request set one first; answers the id now stored. */
export async function setProviderOrderId(db: Executor, orderId: number, providerOrderId: string, replace: string | null): Promise<string> {
  const [row] = await db.update(orders).set({ providerOrderId })
    .where(and(eq(orders.id, orderId), replace === null ? sql`${orders.providerOrderId} is null` : eq(orders.providerOrderId, replace)))
    .returning({ providerOrderId: orders.providerOrderId });
  if (row?.providerOrderId) return row.providerOrderId;
  const [current] = await db.select({ providerOrderId: orders.providerOrderId }).from(orders).where(eq(orders.id, orderId));
  return current?.providerOrderId ?? providerOrderId;
}

/**
 * Claims lapsed unpaid orders for this transaction. SKIP LOCKED lets any number of replicas sweep
 * at once without waiting on each other or on a payment that holds an order's lock.
 */
export async function claimLapsedOrders(db: Executor, now: Date, limit: number): Promise<{ id: number; storeId: number }[]> {
  return db.select({ id: orders.id, storeId: orders.storeId }).from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.reservedUntil, now)))
    .orderBy(asc(orders.reservedUntil)).limit(limit)
    .for('update', { skipLocked: true });
}

export interface PaymentCheckClaim {
  now: Date;
  /** Only orders placed before this (a payment just made is still on its way back). */
  placedBefore: Date;
  /** Only orders whose reservation ended after this (or has not ended). */
  reservedAfter: Date;
  /** Not asked about again within this many seconds. */
  everySeconds: number;
  /** Provider order ids to leave out (the sandbox's, whose payments come from its own page). */
  skipPrefix: string;
  limit: number;
}

/**
 * Claims unpaid orders (pending, lapsed or cancelled) with a provider order, for the reconciliation
 * job to ask the provider about their payments. An order is asked about again once `everySeconds`
 * have passed and, after its reservation ended, half the time since then: a lapsed order is asked
 * about a dozen times over two days, not every minute. SKIP LOCKED lets any replica take a share
 * (and passes over an order a payment holds); the claim moves `payment_checked_at` on.
 */
export async function claimOrdersForPaymentCheck(db: Executor, c: PaymentCheckClaim): Promise<{ id: number; storeId: number; providerOrderId: string }[]> {
  const now = c.now.toISOString();
  const rows = await db.select({ id: orders.id, storeId: orders.storeId, providerOrderId: orders.providerOrderId }).from(orders)
    .where(and(
      inArray(orders.status, ['pending', 'expired', 'cancelled']),
      isNotNull(orders.providerOrderId), notLike(orders.providerOrderId, `${likeLiteral(c.skipPrefix)}%`),
      lt(orders.placedOn, c.placedBefore), gt(orders.reservedUntil, c.reservedAfter),
      or(isNull(orders.paymentCheckedAt), and(
        lt(orders.paymentCheckedAt, new Date(c.now.getTime() - c.everySeconds * 1000)),
        sql`${orders.paymentCheckedAt} < ${orders.reservedUntil} + (${now}::timestamptz - ${orders.reservedUntil}) / 2`,
      )),
    ))
    .orderBy(asc(orders.id)).limit(c.limit)
    .for('update', { skipLocked: true });
  if (rows.length) await db.update(orders).set({ paymentCheckedAt: c.now }).where(inArray(orders.id, rows.map((r) => r.id)));
  return rows.map((r) => ({ ...r, providerOrderId: r.providerOrderId! }));
}

/** Marks the claimed orders expired; answers those it expired and their stones (a pending order's reserved stones are its own). */
export async function expireOrders(db: Executor, orderIds: number[]): Promise<{ expired: number[]; itemIds: number[] }> {
  if (orderIds.length === 0) return { expired: [], itemIds: [] };
  const expired = (await db.update(orders).set({ status: 'expired' })
    .where(and(inArray(orders.id, orderIds), eq(orders.status, 'pending'))).returning({ id: orders.id })).map((o) => o.id);
  const lines = await listOrderLines(db, expired);
  return { expired, itemIds: lines.map((l) => l.itemId) };
}

/** Records the dispatch of an order; null when it was dispatched already (the first record stands). */
export async function insertDispatch(
  db: Executor, storeId: number, orderId: number, courierPartner: string, trackingNumber: string, at: Date,
): Promise<DispatchRow | null> {
  const [row] = await db.insert(orderDispatches).values({ storeId, orderId, courierPartner, trackingNumber, dispatchedAt: at })
    .onConflictDoNothing({ target: [orderDispatches.orderId, orderDispatches.storeId] })
    .returning();
  return row ?? null;
}

/** Marks a dispatched order delivered; null when it is not dispatched or was marked delivered already. */
export async function markDelivered(db: Executor, orderId: number, at: Date): Promise<DispatchRow | null> {
  const [row] = await db.update(orderDispatches).set({ deliveredAt: at })
    .where(and(eq(orderDispatches.orderId, orderId), isNull(orderDispatches.deliveredAt))).returning();
  return row ?? null;
}

/** Cancels an order while it is unpaid (pending or lapsed); false when it was paid or cancelled meanwhile. */
export async function cancelUnpaidOrder(db: Executor, orderId: number): Promise<{ wasPending: boolean } | null> {
  const [before] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!before || (before.status !== 'pending' && before.status !== 'expired')) return null;
  await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
  return { wasPending: before.status === 'pending' };
}

// ---------- Events (the timeline) ----------

/** The unique index that makes a step's key name it once within its order. */
const eventKey = [orderEvents.orderId, orderEvents.key, orderEvents.storeId];

/** Writes a step of an order's life once: null when the order already has a step with this key (a retry). */
export async function insertEvent(db: Executor, event: NewOrderEvent): Promise<OrderEventRow | null> {
  const [row] = await db.insert(orderEvents).values(event).onConflictDoNothing({ target: eventKey }).returning();
  return row ?? null;
}

/** Many steps at once (the reservation sweep expires a batch of orders); repeats are skipped. */
export async function insertEvents(db: Executor, events: NewOrderEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(orderEvents).values(events).onConflictDoNothing({ target: eventKey });
}

export async function listEvents(db: Executor, orderIds: number[]): Promise<OrderEventRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds)).orderBy(asc(orderEvents.at), asc(orderEvents.id));
}

// ---------- The back office's list ----------

export type OrderStage = 'awaiting_payment' | 'payment_lapsed' | 'cancelled' | 'paid' | 'dispatched' | 'delivered';

export interface AdminOrderFilter {
  stage?: OrderStage;
  refundOwed?: boolean;
  /** An order number. */
  orderId?: number;
  /** Text matched against the shipping name (customerIds come from the customers module). */
  text?: string;
  /** Digits matched against the shipping phone's digits. */
  phoneDigits?: string;
  customerIds?: number[];
  from?: Date;
  to?: Date;
}

export type AdminOrderRow = OrderRow & { dispatchedAt: Date | null; deliveredAt: Date | null; courierPartner: string | null; trackingNumber: string | null };

const dispatched = sql`${orderDispatches.orderId} is not null`;

function stageCondition(stage: OrderStage): SQL {
  switch (stage) {
    case 'awaiting_payment': return eq(orders.status, 'pending');
    case 'payment_lapsed': return eq(orders.status, 'expired');
    case 'cancelled': return eq(orders.status, 'cancelled');
    case 'paid': return and(eq(orders.status, 'paid'), isNull(orderDispatches.orderId))!;
    case 'dispatched': return and(dispatched, isNull(orderDispatches.deliveredAt))!;
    case 'delivered': return isNotNull(orderDispatches.deliveredAt);
  }
}

function adminWhere(storeId: number, f: AdminOrderFilter): SQL {
  const search: SQL[] = [];
  if (f.orderId !== undefined) search.push(eq(orders.id, f.orderId));
  if (f.customerIds?.length) search.push(inArray(orders.customerId, f.customerIds));
  if (f.text) search.push(sql`${orders.shippingAddress}->>'name' ilike ${`%${likeLiteral(f.text)}%`}`);
  if (f.phoneDigits) search.push(sql`regexp_replace(${orders.shippingAddress}->>'phone', '[^0-9]', '', 'g') like ${`%${f.phoneDigits}%`}`);
  const searching = f.orderId !== undefined || f.customerIds !== undefined || f.text !== undefined || f.phoneDigits !== undefined;
  return and(
    eq(orders.storeId, storeId),
    f.stage ? stageCondition(f.stage) : undefined,
    f.refundOwed ? isNotNull(orders.refundFlaggedAt) : undefined,
    f.from ? gte(orders.placedOn, f.from) : undefined,
    f.to ? lt(orders.placedOn, f.to) : undefined,
    // A search that matches nothing finds no order (not every order).
    searching ? (search.length ? or(...search) : sql`false`) : undefined,
  )!;
}

const adminColumns = {
  dispatchedAt: orderDispatches.dispatchedAt, deliveredAt: orderDispatches.deliveredAt,
  courierPartner: orderDispatches.courierPartner, trackingNumber: orderDispatches.trackingNumber,
};

/** One page of the store's orders, newest first, with their dispatch. */
export async function listAdminOrders(db: Executor, storeId: number, f: AdminOrderFilter, limit: number, offset: number): Promise<AdminOrderRow[]> {
  const rows = await db.select({ order: orders, ...adminColumns }).from(orders)
    .leftJoin(orderDispatches, eq(orderDispatches.orderId, orders.id))
    .where(adminWhere(storeId, f))
    .orderBy(desc(orders.placedOn), desc(orders.id)).limit(limit).offset(offset);
  return rows.map(({ order, ...d }) => ({ ...order, ...d }));
}

export async function countAdminOrders(db: Executor, storeId: number, f: AdminOrderFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders)
    .leftJoin(orderDispatches, eq(orderDispatches.orderId, orders.id))
    .where(adminWhere(storeId, f));
  return row?.n ?? 0;
}

/** The next batch of the list's orders after `before` (newest first, by placed_on then id): the export pages with it. */
export async function listAdminOrdersAfter(
  db: Executor, storeId: number, f: AdminOrderFilter, before: { placedOn: Date; id: number } | null, limit: number,
): Promise<AdminOrderRow[]> {
  const rows = await db.select({ order: orders, ...adminColumns }).from(orders)
    .leftJoin(orderDispatches, eq(orderDispatches.orderId, orders.id))
    .where(and(adminWhere(storeId, f), before ? sql`(${orders.placedOn}, ${orders.id}) < (${before.placedOn.toISOString()}::timestamptz, ${before.id})` : undefined))
    .orderBy(desc(orders.placedOn), desc(orders.id)).limit(limit);
  return rows.map(({ order, ...d }) => ({ ...order, ...d }));
}
