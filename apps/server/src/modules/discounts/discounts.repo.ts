import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { discountCodes, orders } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export type DiscountRow = typeof discountCodes.$inferSelect;
export type NewDiscount = Omit<typeof discountCodes.$inferInsert, 'id' | 'createdAt'>;

/** An order holds a use of its code while it may still be paid for, or is. */
const holdsUse = inArray(orders.status, ['pending', 'paid']);

/** The store's codes, newest first, each with the uses its orders hold. */
export async function listDiscounts(db: Executor, storeId: number): Promise<(DiscountRow & { uses: number })[]> {
  const rows = await db.select({ d: discountCodes, uses: sql<string | number>`count(${orders.id})` }).from(discountCodes)
    .leftJoin(orders, and(eq(orders.storeId, discountCodes.storeId), eq(orders.discountCodeId, discountCodes.id), holdsUse))
    .where(eq(discountCodes.storeId, storeId)).groupBy(discountCodes.id, discountCodes.storeId).orderBy(desc(discountCodes.id));
  return rows.map((r) => ({ ...r.d, uses: Number(r.uses) }));
}

export async function findDiscount(db: Executor, storeId: number, id: number, lock = false): Promise<DiscountRow | null> {
  const q = db.select().from(discountCodes).where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/**
 * The store's code of this text in any case; locked for the caller's transaction when asked (placing
 * an order), so checkouts with one code count and take its uses one at a time.
 */
export async function findDiscountByCode(db: Executor, storeId: number, code: string, lock = false): Promise<DiscountRow | null> {
  const q = db.select().from(discountCodes).where(and(eq(discountCodes.storeId, storeId), sql`lower(${discountCodes.code}) = lower(${code})`));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The uses orders hold of a code: all of them, and this customer's. */
export async function countUses(db: Executor, storeId: number, discountId: number, customerId: number): Promise<{ total: number; mine: number }> {
  const [row] = await db.select({
    total: sql<string | number>`count(*)`,
    mine: sql<string | number>`count(*) filter (where ${orders.customerId} = ${customerId})`,
  }).from(orders).where(and(eq(orders.storeId, storeId), eq(orders.discountCodeId, discountId), holdsUse));
  return { total: Number(row?.total ?? 0), mine: Number(row?.mine ?? 0) };
}

export async function insertDiscount(db: Executor, values: NewDiscount): Promise<DiscountRow> {
  const [row] = await db.insert(discountCodes).values(values).returning();
  return row!;
}

export async function updateDiscount(db: Executor, storeId: number, id: number, values: Partial<NewDiscount>): Promise<DiscountRow | null> {
  const [row] = await db.update(discountCodes).set(values).where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.id, id))).returning();
  return row ?? null;
}
