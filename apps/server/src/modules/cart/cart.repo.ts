import { and, desc, eq, inArray } from 'drizzle-orm';
import { cartLines } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export type CartLineRow = typeof cartLines.$inferSelect;

export async function listCartLines(db: Executor, storeId: number, customerId: number): Promise<CartLineRow[]> {
  return db.select().from(cartLines)
    .where(and(eq(cartLines.storeId, storeId), eq(cartLines.customerId, customerId)))
    .orderBy(desc(cartLines.id));
}

/** Adds the stone unless it is already in the cart (unique customer + item); answers the line either way. */
export async function upsertCartLine(db: Executor, storeId: number, customerId: number, itemId: number): Promise<CartLineRow> {
  await db.insert(cartLines).values({ storeId, customerId, itemId }).onConflictDoNothing({ target: [cartLines.customerId, cartLines.itemId, cartLines.storeId] });
  const [row] = await db.select().from(cartLines)
    .where(and(eq(cartLines.storeId, storeId), eq(cartLines.customerId, customerId), eq(cartLines.itemId, itemId))).limit(1);
  return row!;
}

/**
 * Adds these stones in one statement, skipping those already in the cart (unique customer + item);
 * answers the stones it added. Lines are numbered in the order given.
 */
export async function addCartLines(db: Executor, storeId: number, customerId: number, itemIds: number[]): Promise<number[]> {
  if (itemIds.length === 0) return [];
  const rows = await db.insert(cartLines).values(itemIds.map((itemId) => ({ storeId, customerId, itemId })))
    .onConflictDoNothing({ target: [cartLines.customerId, cartLines.itemId, cartLines.storeId] })
    .returning({ itemId: cartLines.itemId });
  return rows.map((r) => r.itemId);
}

export async function deleteCartLine(db: Executor, storeId: number, customerId: number, id: number): Promise<boolean> {
  const rows = await db.delete(cartLines)
    .where(and(eq(cartLines.storeId, storeId), eq(cartLines.customerId, customerId), eq(cartLines.id, id)))
    .returning({ id: cartLines.id });
  return rows.length === 1;
}

/** Bought stones leave the buyer's cart. */
export async function deleteCartLinesOfItems(db: Executor, storeId: number, customerId: number, itemIds: number[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db.delete(cartLines)
    .where(and(eq(cartLines.storeId, storeId), eq(cartLines.customerId, customerId), inArray(cartLines.itemId, itemIds)));
}
