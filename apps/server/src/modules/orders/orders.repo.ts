import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  type AddressSnapshot, orderDispatches, orderLines, orders,
} from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type DispatchRow = typeof orderDispatches.$inferSelect;

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
export async function claimLapsedOrders(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.reservedUntil, now)))
    .orderBy(asc(orders.reservedUntil)).limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}

/** Marks the claimed orders expired; answers the stones of the orders it expired (a pending order's reserved stones are its own). */
export async function expireOrders(db: Executor, orderIds: number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const expired = await db.update(orders).set({ status: 'expired' })
    .where(and(inArray(orders.id, orderIds), eq(orders.status, 'pending'))).returning({ id: orders.id });
  const lines = await listOrderLines(db, expired.map((o) => o.id));
  return lines.map((l) => l.itemId);
}

export async function upsertDispatch(db: Executor, orderId: number, courierPartner: string, trackingNumber: string): Promise<DispatchRow> {
  const [row] = await db.insert(orderDispatches).values({ orderId, courierPartner, trackingNumber })
    .onConflictDoUpdate({ target: orderDispatches.orderId, set: { courierPartner, trackingNumber } })
    .returning();
  return row!;
}
