import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { returnImages, returnLines, returnRequests } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export type ReturnRow = typeof returnRequests.$inferSelect;
export type ReturnStatusValue = ReturnRow['status'];

export async function listReturnsOfOrders(db: Executor, storeId: number, orderIds: number[]): Promise<ReturnRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(returnRequests)
    .where(and(eq(returnRequests.storeId, storeId), inArray(returnRequests.orderId, orderIds)))
    .orderBy(asc(returnRequests.id));
}

export async function listReturnLines(db: Executor, storeId: number, returnIds: number[]) {
  if (returnIds.length === 0) return [];
  return db.select().from(returnLines).where(and(eq(returnLines.storeId, storeId), inArray(returnLines.returnId, returnIds))).orderBy(asc(returnLines.id));
}

export async function listReturnImages(db: Executor, storeId: number, returnIds: number[]) {
  if (returnIds.length === 0) return [];
  return db.select().from(returnImages).where(and(eq(returnImages.storeId, storeId), inArray(returnImages.returnId, returnIds))).orderBy(asc(returnImages.id));
}

/** One return photo, only if a return of this store holds it. */
export async function findReturnImage(db: Executor, storeId: number, imageId: number): Promise<{ id: number; path: string } | null> {
  const [row] = await db.select({ id: returnImages.id, path: returnImages.path }).from(returnImages)
    .innerJoin(returnRequests, eq(returnRequests.id, returnImages.returnId))
    .where(and(eq(returnImages.id, imageId), eq(returnRequests.storeId, storeId))).limit(1);
  return row ?? null;
}

/** Order lines of these that are already part of a return. */
export async function findReturnedLines(db: Executor, storeId: number, orderLineIds: number[]): Promise<number[]> {
  if (orderLineIds.length === 0) return [];
  const rows = await db.select({ id: returnLines.orderLineId }).from(returnLines)
    .where(and(eq(returnLines.storeId, storeId), inArray(returnLines.orderLineId, orderLineIds)));
  return rows.map((r) => r.id);
}

export async function findReturn(db: Executor, storeId: number, returnId: number, customerId?: number, lock = false): Promise<ReturnRow | null> {
  const q = db.select().from(returnRequests).where(and(
    eq(returnRequests.id, returnId), eq(returnRequests.storeId, storeId),
    customerId === undefined ? undefined : eq(returnRequests.customerId, customerId),
  )).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** `open`: every status a return still moves on from. */
export type ReturnFilter = ReturnStatusValue | 'open';

function staffWhere(storeId: number, filter: ReturnFilter | undefined): SQL {
  return and(
    eq(returnRequests.storeId, storeId),
    filter === 'open' ? sql`${returnRequests.status} not in ('rejected', 'refunded')` : filter ? eq(returnRequests.status, filter) : undefined,
  )!;
}

/** One page of the store's returns: oldest first while they wait on the shop (a status, or open), newest first over all. */
export async function listReturnsForStaff(db: Executor, storeId: number, filter: ReturnFilter | undefined, limit: number, offset: number): Promise<ReturnRow[]> {
  const order = filter ? [asc(returnRequests.placedOn), asc(returnRequests.id)] : [desc(returnRequests.placedOn), desc(returnRequests.id)];
  return db.select().from(returnRequests).where(staffWhere(storeId, filter)).orderBy(...order).limit(limit).offset(offset);
}

export async function countReturnsForStaff(db: Executor, storeId: number, filter: ReturnFilter | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(returnRequests).where(staffWhere(storeId, filter));
  return row?.n ?? 0;
}

export async function insertReturn(
  db: Executor,
  values: { storeId: number; orderId: number; customerId: number; reason: string; comment: string; placedOn: Date },
  orderLineIds: number[], imageNames: string[],
): Promise<ReturnRow> {
  const [row] = await db.insert(returnRequests).values(values).returning();
  const shop = { storeId: values.storeId, returnId: row!.id };
  await db.insert(returnLines).values(orderLineIds.map((orderLineId) => ({ ...shop, orderLineId })));
  if (imageNames.length) await db.insert(returnImages).values(imageNames.map((path) => ({ ...shop, path })));
  return row!;
}

/** Updates only while the return is in `whenStatus` (a concurrent change wins, this one answers null). */
export async function updateReturn(
  db: Executor, storeId: number, returnId: number, whenStatus: ReturnStatusValue,
  values: Partial<Pick<ReturnRow, 'status' | 'courierId' | 'courierPartner' | 'trackingNumber' | 'rejectionReason'>>,
): Promise<ReturnRow | null> {
  const [row] = await db.update(returnRequests).set(values)
    .where(and(eq(returnRequests.storeId, storeId), eq(returnRequests.id, returnId), eq(returnRequests.status, whenStatus))).returning();
  return row ?? null;
}

/** Returns still open (not rejected or refunded) per order, for these orders of the store. */
export async function countOpenReturns(db: Executor, storeId: number, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select({ orderId: returnRequests.orderId, n: sql<number>`count(*)::int` }).from(returnRequests)
    .where(and(eq(returnRequests.storeId, storeId), inArray(returnRequests.orderId, orderIds), sql`${returnRequests.status} not in ('rejected', 'refunded')`))
    .groupBy(returnRequests.orderId);
  return new Map(rows.map((r) => [r.orderId, r.n]));
}

/** The lines of the store's returns in these states, with their order and return (the order list's stage filter, the dashboard). */
export async function listLinesOfReturnsIn(db: Executor, storeId: number, statuses: ReturnStatusValue[]): Promise<{ orderId: number; orderLineId: number; status: ReturnStatusValue }[]> {
  return db.select({ orderId: returnRequests.orderId, orderLineId: returnLines.orderLineId, status: returnRequests.status }).from(returnLines)
    .innerJoin(returnRequests, and(eq(returnRequests.id, returnLines.returnId), eq(returnRequests.storeId, returnLines.storeId)))
    .where(and(eq(returnLines.storeId, storeId), inArray(returnRequests.status, statuses)));
}
