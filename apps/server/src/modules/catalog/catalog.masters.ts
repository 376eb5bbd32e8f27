import type { Database } from '@gemstore/db';
import * as repo from './catalog.repo.ts';

type Named = { id: number; value: string; alias: string };

/** A store's small catalogue tables, by id: what turns a stone row into the names the API shows. */
export interface CatalogMasters {
  products: Map<number, repo.ProductRow>;
  productsByUrl: Map<string, repo.ProductRow>;
  grade: Map<number, Named>;
  color: Map<number, Named>;
  clarity: Map<number, Named>;
  shape: Map<number, Named>;
  origin: Map<number, Named>;
  /** Ratti buckets, ascending. */
  rattis: { id: number; rati_standard: number }[];
  rattiById: Map<number, number>;
}

async function loadMasters(db: Database, storeId: number): Promise<CatalogMasters> {
  const [products, values, rattis] = await Promise.all([
    repo.listProducts(db, storeId), repo.listAttributeValues(db, storeId), repo.listRattis(db, storeId),
  ]);
  const byId = (list: Named[]) => new Map(list.map((v) => [v.id, v]));
  return {
    products: new Map(products.map((p) => [p.id, p])),
    productsByUrl: new Map(products.map((p) => [p.url, p])),
    grade: byId(values.grade), color: byId(values.color), clarity: byId(values.clarity),
    shape: byId(values.shape), origin: byId(values.origin),
    rattis, rattiById: new Map(rattis.map((r) => [r.id, r.rati_standard])),
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
 * for it when a stone names a value the cached copy does not know yet (added since it was loaded).
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

/** True when every product and attribute the stones name is known to these masters. */
export function mastersCover(m: CatalogMasters, rows: repo.StoneRow[]): boolean {
  return rows.every((r) => m.products.has(r.productId) && m.grade.has(r.gradeId) && m.color.has(r.colorId)
    && m.clarity.has(r.clarityId) && m.shape.has(r.shapeId) && m.origin.has(r.originId) && m.rattiById.has(r.rattiId));
}
