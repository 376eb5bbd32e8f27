import { and, asc, count, eq, sql } from 'drizzle-orm';
import { items, products } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

/**
 * Available stones per gem type, every gem type listed (0 for none): one statement whose count
 * reads the partial listing index (`items_listing`, available stones by store and product).
 */
export async function availableByProduct(db: Executor, storeId: number) {
  return db.select({ id: products.id, name: products.name, available: count(items.id) })
    .from(products)
    .leftJoin(items, and(eq(items.productId, products.id), eq(items.storeId, storeId), sql`${items.status} = 'available'`))
    .where(eq(products.storeId, storeId))
    // By the whole key (id, store_id): only then may the other columns of products be read.
    .groupBy(products.id, products.storeId).orderBy(asc(products.sortOrder), asc(products.id));
}
