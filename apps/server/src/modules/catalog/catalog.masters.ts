import type { Database } from '@gemstore/db';
import * as repo from './catalog.repo.ts';

/** What a listing resolves before it reads stones: the store's products and ratti buckets, by id. */
export interface CatalogMasters {
  products: Map<number, repo.ProductRow>;
  productsByUrl: Map<string, repo.ProductRow>;
  /** Ratti buckets, ascending. */
  rattis: { id: number; rati_standard: number }[];
}

async function loadMasters(db: Database, storeId: number): Promise<CatalogMasters> {
  const [products, rattis] = await Promise.all([repo.listProducts(db, storeId), repo.listRattis(db, storeId)]);
  return {
    products: new Map(products.map((p) => [p.id, p])),
    productsByUrl: new Map(products.map((p) => [p.url, p])),
    rattis,
  };
}

interface Cache { ttlMs: number; byStore: Map<number, { masters: Promise<CatalogMasters>; expires: number }> }
const caches = new WeakMap<Database, Cache>();

/** Keeps each store's masters in this process for a short time (like the store itself; 0 = never). */
export function cacheCatalogMasters(db: Database, seconds: number) {
  caches.set(db, { ttlMs: seconds * 1000, byStore: new Map() });
}

/**
 * The store's masters, from the per-process cache when fresh. `fresh` skips the cache: callers ask
 * for it when a listing names a product the cached copy does not know yet (added since it was loaded).
 */
export function catalogMasters(db: Database, storeId: number, fresh = false): Promise<CatalogMasters> {
  const cache = caches.get(db);
  if (!cache || cache.ttlMs === 0) return loadMasters(db, storeId);
  const hit = cache.byStore.get(storeId);
  if (hit && !fresh && hit.expires > Date.now()) return hit.masters;
  const masters = loadMasters(db, storeId);
  cache.byStore.set(storeId, { masters, expires: Date.now() + cache.ttlMs });
  masters.catch(() => cache.byStore.delete(storeId));
  return masters;
}
