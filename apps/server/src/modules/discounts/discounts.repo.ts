import { and, desc, eq, sql } from 'drizzle-orm';
import { discountCodes } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export type DiscountRow = typeof discountCodes.$inferSelect;
export type NewDiscount = Omit<typeof discountCodes.$inferInsert, 'id' | 'createdAt'>;

/** The store's codes, newest first. */
export async function listDiscounts(db: Executor, storeId: number): Promise<DiscountRow[]> {
  return db.select().from(discountCodes).where(eq(discountCodes.storeId, storeId)).orderBy(desc(discountCodes.id));
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

export async function insertDiscount(db: Executor, values: NewDiscount): Promise<DiscountRow> {
  const [row] = await db.insert(discountCodes).values(values).returning();
  return row!;
}

export async function updateDiscount(db: Executor, storeId: number, id: number, values: Partial<NewDiscount>): Promise<DiscountRow | null> {
  const [row] = await db.update(discountCodes).set(values).where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.id, id))).returning();
  return row ?? null;
}
