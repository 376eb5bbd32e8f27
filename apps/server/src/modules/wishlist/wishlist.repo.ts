import { and, desc, eq } from 'drizzle-orm';
import { wishlistItems } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

/** The stones of a customer's wishlist, newest first. */
export async function listWishlistItemIds(db: Executor, storeId: number, customerId: number): Promise<number[]> {
  const rows = await db.select({ itemId: wishlistItems.itemId }).from(wishlistItems)
    .where(and(eq(wishlistItems.storeId, storeId), eq(wishlistItems.customerId, customerId)))
    .orderBy(desc(wishlistItems.id));
  return rows.map((r) => r.itemId);
}

/** Adds the stone unless it is there already (unique customer + item). */
export async function addWishlistItem(db: Executor, storeId: number, customerId: number, itemId: number): Promise<void> {
  await db.insert(wishlistItems).values({ storeId, customerId, itemId }).onConflictDoNothing({ target: [wishlistItems.customerId, wishlistItems.itemId, wishlistItems.storeId] });
}

export async function deleteWishlistItem(db: Executor, storeId: number, customerId: number, itemId: number): Promise<void> {
  await db.delete(wishlistItems)
    .where(and(eq(wishlistItems.storeId, storeId), eq(wishlistItems.customerId, customerId), eq(wishlistItems.itemId, itemId)));
}
