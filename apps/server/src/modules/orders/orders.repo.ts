import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  type AddressSnapshot, customers, items, orderDispatches, orderLines, orders, payments, stores,
} from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type DispatchRow = typeof orderDispatches.$inferSelect;

/**
 * The one atomic step that reserves an order's stones (ARCHITECTURE.md rule 5): a single UPDATE
 * that only takes stones still available. Concurrent orders for one stone serialise on its row
 * lock; the loser re-reads the row as reserved and gets nothing back.
 */
export async function reserveAvailableItems(db: Executor, storeId: number, itemIds: number[]) {
  return db.update(items).set({ status: 'reserved' })
    .where(and(eq(items.storeId, storeId), inArray(items.id, itemIds), eq(items.status, 'available')))
    .returning({ id: items.id, name: items.name, pricePaise: items.pricePaise });
}

export async function findItemStates(db: Executor, storeId: number, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return db.select({ id: items.id, name: items.name, status: items.status }).from(items)
    .where(and(eq(items.storeId, storeId), inArray(items.id, itemIds)));
}

/** Locks the stones of an order (payment and retry decide on their current state). */
export async function lockItems(db: Executor, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return db.select({ id: items.id, name: items.name, status: items.status }).from(items)
    .where(inArray(items.id, itemIds)).orderBy(asc(items.id)).for('update');
}

export async function setItemsStatus(db: Executor, itemIds: number[], status: 'available' | 'reserved' | 'sold', onlyIf: 'available' | 'reserved' | 'sold') {
  if (itemIds.length === 0) return [];
  return db.update(items).set({ status }).where(and(inArray(items.id, itemIds), eq(items.status, onlyIf))).returning({ id: items.id });
}

export interface NewOrder {
  storeId: number; customerId: number; totalQty: number; totalPaise: number;
  shippingAddress: AddressSnapshot; billingAddress: AddressSnapshot;
  paymentMethodId: number; origin: string; reservedUntil: Date;
}

export async function insertOrder(db: Executor, order: NewOrder, lines: { itemId: number; itemName: string; pricePaise: number }[]): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  await db.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: row!.id })));
  return row!;
}

export async function findOrder(db: Executor, storeId: number, orderId: number, customerId?: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId), customerId === undefined ? undefined : eq(orders.customerId, customerId)))
    .limit(1);
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

export async function listPayments(db: Executor, orderIds: number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(asc(payments.id));
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

export async function findStore(db: Executor, storeId: number) {
  const [row] = await db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  return row ?? null;
}

export async function findCustomerContact(db: Executor, storeId: number, customerId: number) {
  const [row] = await db.select({ name: customers.name, email: customers.email, phone: customers.phone }).from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId))).limit(1);
  return row ?? null;
}

/**
 * Claims lapsed unpaid orders for this transaction. SKIP LOCKED lets any number of replicas sweep
 * at once without waiting on each other or on a payment that holds an order's lock.
 */
export async function claimLapsedOrders(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.reservedUntil, now)))
    .orderBy(asc(orders.reservedUntil)).limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}

/** Marks the claimed orders expired and frees their stones (a pending order's reserved stones are its own). */
export async function expireOrders(db: Executor, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db.update(orders).set({ status: 'expired' }).where(and(inArray(orders.id, orderIds), eq(orders.status, 'pending')));
  await db.update(items).set({ status: 'available' }).where(and(
    eq(items.status, 'reserved'),
    inArray(items.id, db.select({ id: orderLines.itemId }).from(orderLines).where(inArray(orderLines.orderId, orderIds))),
  ));
}

export async function upsertDispatch(db: Executor, orderId: number, courierPartner: string, trackingNumber: string): Promise<DispatchRow> {
  const [row] = await db.insert(orderDispatches).values({ orderId, courierPartner, trackingNumber })
    .onConflictDoUpdate({ target: orderDispatches.orderId, set: { courierPartner, trackingNumber } })
    .returning();
  return row!;
}
