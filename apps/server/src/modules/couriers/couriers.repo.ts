import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { couriers } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export type CourierRow = typeof couriers.$inferSelect;

/** The shop's couriers in its order; only those on when `activeOnly`. */
export function listCouriers(db: Executor, storeId: number, activeOnly = false): Promise<CourierRow[]> {
  return db.select().from(couriers)
    .where(and(eq(couriers.storeId, storeId), activeOnly ? eq(couriers.active, true) : undefined))
    .orderBy(asc(couriers.position), asc(couriers.id));
}

export async function findCourier(db: Executor, storeId: number, id: number): Promise<CourierRow | null> {
  const [row] = await db.select().from(couriers).where(and(eq(couriers.storeId, storeId), eq(couriers.id, id)));
  return row ?? null;
}

/** These couriers of the shop, by id (dispatches and returns link their tracking numbers through them). */
export function couriersByIds(db: Executor, storeId: number, ids: number[]): Promise<CourierRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(couriers).where(and(eq(couriers.storeId, storeId), inArray(couriers.id, ids)));
}

/** Adds a courier at the end of the shop's list. */
export async function insertCourier(db: Executor, storeId: number, values: { name: string; trackingUrl: string; active: boolean }): Promise<CourierRow> {
  const [row] = await db.insert(couriers).values({
    storeId, ...values,
    position: sql`(select coalesce(max(${couriers.position}), 0) + 1 from ${couriers} where ${couriers.storeId} = ${storeId})`,
  }).returning();
  return row!;
}

export async function updateCourier(
  db: Executor, storeId: number, id: number, values: { name: string; trackingUrl: string; active: boolean },
): Promise<CourierRow | null> {
  const [row] = await db.update(couriers).set(values).where(and(eq(couriers.storeId, storeId), eq(couriers.id, id))).returning();
  return row ?? null;
}

/** Numbers the shop's couriers 1, 2, 3 ... in the order of `ids`. */
export async function setPositions(db: Executor, storeId: number, ids: number[]): Promise<void> {
  const cases = sql.join(ids.map((id, i) => sql`when ${id}::integer then ${i + 1}::integer`), sql` `);
  await db.update(couriers).set({ position: sql`(case ${couriers.id} ${cases} end)::integer` })
    .where(and(eq(couriers.storeId, storeId), inArray(couriers.id, ids)));
}
