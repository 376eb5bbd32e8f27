import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { items, products } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

/** What an invoice line (or the checkout's quote) needs of a stone: its SKU, price, status and its gem type's name, HSN code and GST rate. */
export interface StoneTax { itemId: number; sku: string; pricePaise: number; status: string; product: string; hsnCode: string; gstRateBp: number }

export async function findStoneTaxes(db: Executor, storeId: number, itemIds: number[]): Promise<StoneTax[]> {
  if (itemIds.length === 0) return [];
  return db.select({ itemId: items.id, sku: items.gin, pricePaise: items.pricePaise, status: items.status, product: products.name, hsnCode: products.hsnCode, gstRateBp: products.gstRateBp })
    .from(items).innerJoin(products, eq(products.id, items.productId))
    .where(and(eq(items.storeId, storeId), inArray(items.id, itemIds)));
}

/** The store's gem types with their HSN code, rate and count of stones, in the catalogue's order. */
export async function listProductTaxes(db: Executor, storeId: number) {
  return db.select({
    id: products.id, name: products.name, hsnCode: products.hsnCode, gstRateBp: products.gstRateBp, stones: count(items.id),
  }).from(products).leftJoin(items, eq(items.productId, products.id))
    // By the whole key (id, store_id): only then may the other columns of products be read.
    .where(eq(products.storeId, storeId)).groupBy(products.id, products.storeId).orderBy(asc(products.sortOrder), asc(products.id));
}

export async function updateProductTax(db: Executor, storeId: number, productId: number, hsnCode: string, gstRateBp: number): Promise<void> {
  await db.update(products).set({ hsnCode, gstRateBp }).where(and(eq(products.storeId, storeId), eq(products.id, productId)));
}
