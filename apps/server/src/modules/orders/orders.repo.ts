import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, notLike, or, type SQL, sql } from 'drizzle-orm';
import {
  type AddressSnapshot, orderDispatches, orderEvents, orderLines, orderNumberSeries, orders,
} from '@gemstore/db';
import type { OrderStage } from '@gemstore/contracts';
import { type Executor, likeLiteral } from '../../lib/db.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type DispatchRow = typeof orderDispatches.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type NewOrderEvent = Omit<typeof orderEvents.$inferInsert, 'id'>;

export interface NewOrder {
  storeId: number; customerId: number; totalQty: number; totalPaise: number;
  /** Shipping charged, inside totalPaise (0 or left out: shipped free). */
  shippingPaise?: number;
  shippingAddress: AddressSnapshot; billingAddress: AddressSnapshot;
  paymentMethodId: number; origin: string; reservedUntil: Date;
  /** When the customer placed it (the checkout's moment). */
  placedOn: Date;
  /** Dollars per rupee when the shop showed dollars at checkout; null (or left out) for a rupee shop. */
  usdRate?: number | null;
  /** The discount code it took a use of, its code as typed then, and the paise it took off (the lines' shares add up to it). */
  discountCodeId?: number | null;
  discountCode?: string;
  discountPaise?: number;
}

export interface NewOrderLine { itemId: number; itemName: string; pricePaise: number; discountPaise?: number }

/**
 * The shop's next order number and its prefix now. The series row stays locked until the caller's
 * transaction ends, so orders placed at once get consecutive numbers, and a rolled-back order's
 * number is given again.
 */
export async function nextOrderNumber(db: Executor, storeId: number): Promise<{ number: number; prefix: string }> {
  const [row] = await db.insert(orderNumberSeries).values({ storeId, lastNumber: 1 })
    .onConflictDoUpdate({ target: orderNumberSeries.storeId, set: { lastNumber: sql`${orderNumberSeries.lastNumber} + 1` } })
    .returning({ number: orderNumberSeries.lastNumber, prefix: orderNumberSeries.prefix });
  return row!;
}

/** The shop's series: its prefix and the last number given (0 before its first order). */
export async function findNumberSeries(db: Executor, storeId: number, lock = false): Promise<{ prefix: string; lastNumber: number }> {
  const q = db.select({ prefix: orderNumberSeries.prefix, lastNumber: orderNumberSeries.lastNumber }).from(orderNumberSeries)
    .where(eq(orderNumberSeries.storeId, storeId));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? { prefix: '', lastNumber: 0 };
}

/** Sets the prefix of the shop's new orders (the series row is made when the shop has none yet). */
export async function setNumberPrefix(db: Executor, storeId: number, prefix: string): Promise<void> {
  await db.insert(orderNumberSeries).values({ storeId, prefix })
    .onConflictDoUpdate({ target: orderNumberSeries.storeId, set: { prefix } });
}

/** Writes an order with the shop's next number (inside the caller's transaction) and its lines. */
export async function insertOrder(db: Executor, order: NewOrder, lines: NewOrderLine[]): Promise<OrderRow> {
  const { number, prefix } = await nextOrderNumber(db, order.storeId);
  const [row] = await db.insert(orders).values({ ...order, number, numberPrefix: prefix }).returning();
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
/** Any shop's order by id (a payment callback names only the order): the row names its shop. */
export async function findOrderByIdInAnyShop(db: Executor, orderId: number, lock = false): Promise<OrderRow | null> {
  const q = db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findOrderByProviderOrderIdInAnyShop(db: Executor, providerOrderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)).limit(1);
  return row ?? null;
}

export async function listOrders(db: Executor, storeId: number, customerId: number, limit: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(and(eq(orders.storeId, storeId), eq(orders.customerId, customerId)))
    .orderBy(desc(orders.placedOn), desc(orders.id)).limit(limit);
}

/** The number and prefix of each of these orders of the store. */
export async function listOrderNumbers(db: Executor, storeId: number, orderIds: number[]): Promise<{ id: number; number: number; numberPrefix: string }[]> {
  if (orderIds.length === 0) return [];
  return db.select({ id: orders.id, number: orders.number, numberPrefix: orders.numberPrefix }).from(orders)
    .where(and(eq(orders.storeId, storeId), inArray(orders.id, orderIds)));
}

/** The store's orders holding this stone, newest first. */
export async function listOrdersOfItem(db: Executor, storeId: number, itemId: number, limit: number): Promise<OrderRow[]> {
  return db.select().from(orders)
    .where(and(eq(orders.storeId, storeId), sql`${orders.id} in (select ${orderLines.orderId} from ${orderLines} where ${orderLines.itemId} = ${itemId})`))
    .orderBy(desc(orders.placedOn), desc(orders.id)).limit(limit);
}

/** An order holds a use of its discount code while it may still be paid for, or is. */
const holdsDiscountUse = inArray(orders.status, ['pending', 'paid']);

/** The uses the store's orders hold of each of its discount codes, by code id. */
export async function countDiscountUses(db: Executor, storeId: number): Promise<Map<number, number>> {
  const rows = await db.select({ id: orders.discountCodeId, uses: sql<string | number>`count(*)` }).from(orders)
    .where(and(eq(orders.storeId, storeId), isNotNull(orders.discountCodeId), holdsDiscountUse)).groupBy(orders.discountCodeId);
  return new Map(rows.map((r) => [r.id!, Number(r.uses)]));
}

/** The uses orders hold of one discount code: all of them, and this customer's. */
export async function countDiscountUsesOf(db: Executor, storeId: number, discountId: number, customerId: number): Promise<{ total: number; mine: number }> {
  const [row] = await db.select({
    total: sql<string | number>`count(*)`,
    mine: sql<string | number>`count(*) filter (where ${orders.customerId} = ${customerId})`,
  }).from(orders).where(and(eq(orders.storeId, storeId), eq(orders.discountCodeId, discountId), holdsDiscountUse));
  return { total: Number(row?.total ?? 0), mine: Number(row?.mine ?? 0) };
}

/** What these order lines of the store were sold for (price less discount share), together, in paise. */
export async function sumLinePrices(db: Executor, storeId: number, lineIds: number[]): Promise<number> {
  if (lineIds.length === 0) return 0;
  const [row] = await db.select({ paise: sql<string | number>`coalesce(sum(${orderLines.pricePaise} - ${orderLines.discountPaise}), 0)` }).from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), inArray(orderLines.id, lineIds)));
  return Number(row?.paise ?? 0);
}

export async function listOrderLines(db: Executor, storeId: number, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderLines).where(and(eq(orderLines.storeId, storeId), inArray(orderLines.orderId, orderIds))).orderBy(asc(orderLines.id));
}

export async function listDispatches(db: Executor, storeId: number, orderIds: number[]): Promise<DispatchRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderDispatches).where(and(eq(orderDispatches.storeId, storeId), inArray(orderDispatches.orderId, orderIds)));
}

export async function updateOrder(db: Executor, storeId: number, orderId: number, values: Partial<Pick<OrderRow, 'status' | 'reservedUntil' | 'refundFlaggedAt'>>): Promise<void> {
  await db.update(orders).set(values).where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
}

/** Sets the provider order id unless another request set one first; answers the id now stored. */
export async function setProviderOrderId(db: Executor, storeId: number, orderId: number, providerOrderId: string, replace: string | null): Promise<string | null> {
  const [row] = await db.update(orders).set({ providerOrderId })
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId), replace === null ? sql`${orders.providerOrderId} is null` : eq(orders.providerOrderId, replace)))
    .returning({ providerOrderId: orders.providerOrderId });
  if (row?.providerOrderId) return row.providerOrderId;
  const [current] = await db.select({ providerOrderId: orders.providerOrderId }).from(orders).where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  // No such order in this shop: nothing was set.
  return current ? current.providerOrderId ?? providerOrderId : null;
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
  if (expired.length === 0) return { expired, itemIds: [] };
  // The sweep's orders are of any shop: their lines are read by order alone.
  const lines = await db.select({ itemId: orderLines.itemId }).from(orderLines).where(inArray(orderLines.orderId, expired));
  return { expired, itemIds: lines.map((l) => l.itemId) };
}

/** Records the dispatch of an order; null when it was dispatched already (the first record stands). */
export async function insertDispatch(
  db: Executor, storeId: number, orderId: number, courier: { id: number; name: string }, trackingNumber: string, at: Date,
): Promise<DispatchRow | null> {
  const [row] = await db.insert(orderDispatches).values({ storeId, orderId, courierId: courier.id, courierPartner: courier.name, trackingNumber, dispatchedAt: at })
    .onConflictDoNothing({ target: [orderDispatches.orderId, orderDispatches.storeId] })
    .returning();
  return row ?? null;
}

/** Marks a dispatched order delivered; null when it is not dispatched or was marked delivered already. */
export async function markDelivered(db: Executor, storeId: number, orderId: number, at: Date): Promise<DispatchRow | null> {
  const [row] = await db.update(orderDispatches).set({ deliveredAt: at })
    .where(and(eq(orderDispatches.storeId, storeId), eq(orderDispatches.orderId, orderId), isNull(orderDispatches.deliveredAt))).returning();
  return row ?? null;
}

/** Cancels an order while it is unpaid (pending or lapsed); false when it was paid or cancelled meanwhile. */
export async function cancelUnpaidOrder(db: Executor, storeId: number, orderId: number): Promise<{ wasPending: boolean } | null> {
  const where = and(eq(orders.storeId, storeId), eq(orders.id, orderId));
  const [before] = await db.select({ status: orders.status }).from(orders).where(where).for('update');
  if (!before || (before.status !== 'pending' && before.status !== 'expired')) return null;
  await db.update(orders).set({ status: 'cancelled' }).where(where);
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

export async function listEvents(db: Executor, storeId: number, orderIds: number[]): Promise<OrderEventRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderEvents).where(and(eq(orderEvents.storeId, storeId), inArray(orderEvents.orderId, orderIds))).orderBy(asc(orderEvents.at), asc(orderEvents.id));
}

// ---------- The back office's list ----------


export interface AdminOrderFilter {
  /** A stage, with the facts other modules hold that tell it. */
  stage?: { stage: OrderStage; facts: StageFacts };
  refundOwed?: boolean;
  /** An order number of the shop's series, with the prefix typed before it if any (matched ignoring case and punctuation). */
  number?: { value: number; prefix: string };
  /** Orders holding one of these stones (a SKU's stones come from the catalog module). */
  itemIds?: number[];
  /** Text matched against the shipping name (customerIds come from the customers module). */
  text?: string;
  /** Digits matched against the shipping phone's digits. */
  phoneDigits?: string;
  customerIds?: number[];
  from?: Date;
  to?: Date;
}

export type AdminOrderRow = OrderRow & { dispatchedAt: Date | null; deliveredAt: Date | null; courierPartner: string | null; trackingNumber: string | null };

/**
 * The facts of stageOf (orders.service) that other modules own, for the list's stage filter: the
 * lines refunded by processed refunds (counted per order), the orders with an open return, and the
 * orders whose returned stones are back but not all refunded. The payments and returns modules
 * give them (stageFactsOf); here they become conditions on the order's own rows.
 */
export interface StageFacts {
  refundedLineCounts: Map<number, number>;
  openReturnOrderIds: number[];
  stonesBackOrderIds: number[];
}

const allLines = sql`(select count(*) from order_lines ol where ol.order_id = ${orders.id})`;
const isPaid = eq(orders.status, 'paid');
const dispatched = sql`${orderDispatches.orderId} is not null`;

const not = (c: SQL) => sql`not ${c}`;

/** The orders whose stage (stageOf) is this one: each paid stage rules out the ones stageOf puts before it. */
function stageCondition(stage: OrderStage, facts: StageFacts): SQL {
  const refundedIds = [...facts.refundedLineCounts.keys()];
  const someRefunded = refundedIds.length ? inArray(orders.id, refundedIds) : sql`false`;
  // Every line refunded: the order's line count equals its refunded lines' count (one parameter, order id -> count).
  const counts = JSON.stringify(Object.fromEntries(facts.refundedLineCounts));
  const isRefunded = refundedIds.length ? and(someRefunded, sql`${allLines} = (${counts}::jsonb ->> ${orders.id}::text)::int`)! : sql`false`;
  const openReturn = facts.openReturnOrderIds.length ? inArray(orders.id, facts.openReturnOrderIds) : sql`false`;
  const stonesBack = facts.stonesBackOrderIds.length ? inArray(orders.id, facts.stonesBackOrderIds) : sql`false`;
  // Paid, and none of the return or refund stages: the order stands by its dispatch.
  const settled = and(isPaid, not(someRefunded), not(openReturn), not(stonesBack))!;
  switch (stage) {
    case 'awaiting_payment': return eq(orders.status, 'pending');
    case 'payment_lapsed': return eq(orders.status, 'expired');
    case 'cancelled': return eq(orders.status, 'cancelled');
    case 'refunded': return and(isPaid, isRefunded)!;
    case 'return_requested': return and(isPaid, not(isRefunded), openReturn)!;
    case 'returned': return and(isPaid, not(isRefunded), not(openReturn), stonesBack)!;
    case 'partly_refunded': return and(isPaid, not(isRefunded), not(openReturn), not(stonesBack), someRefunded)!;
    case 'paid': return and(settled, isNull(orderDispatches.orderId))!;
    case 'dispatched': return and(settled, dispatched, isNull(orderDispatches.deliveredAt))!;
    case 'delivered': return and(settled, isNotNull(orderDispatches.deliveredAt))!;
  }
}

function adminWhere(storeId: number, f: AdminOrderFilter): SQL {
  const search: SQL[] = [];
  if (f.number) {
    search.push(and(eq(orders.number, f.number.value), f.number.prefix
      ? sql`regexp_replace(lower(${orders.numberPrefix}), '[^a-z0-9]', '', 'g') = ${f.number.prefix}` : undefined)!);
  }
  if (f.itemIds?.length) search.push(sql`${orders.id} in (select ${orderLines.orderId} from ${orderLines} where ${inArray(orderLines.itemId, f.itemIds)})`);
  if (f.customerIds?.length) search.push(inArray(orders.customerId, f.customerIds));
  if (f.text) search.push(sql`${orders.shippingAddress}->>'name' ilike ${`%${likeLiteral(f.text)}%`}`);
  if (f.phoneDigits) search.push(sql`regexp_replace(${orders.shippingAddress}->>'phone', '[^0-9]', '', 'g') like ${`%${f.phoneDigits}%`}`);
  const searching = f.number !== undefined || f.itemIds !== undefined || f.customerIds !== undefined || f.text !== undefined || f.phoneDigits !== undefined;
  return and(
    eq(orders.storeId, storeId),
    f.stage ? stageCondition(f.stage.stage, f.stage.facts) : undefined,
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
