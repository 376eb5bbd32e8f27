import { eq, getTableColumns, sql } from 'drizzle-orm';
import { type StoreConfiguration, storeDomains, stores } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';
import type { Store } from '../../lib/context.ts';

/** The store's columns and its own domain: the primary one, else the first by name (the outer column written out, see content.repo). */
const storeColumns = {
  ...getTableColumns(stores),
  primaryDomain: sql<string>`(select d.domain from ${storeDomains} d where d.store_id = "stores"."id" order by d.is_primary desc, d.domain limit 1)`,
};

export async function findStoreByDomain(db: Executor, domain: string): Promise<Store | null> {
  const rows = await db.select(storeColumns).from(storeDomains)
    .innerJoin(stores, eq(stores.id, storeDomains.storeId))
    .where(eq(storeDomains.domain, domain)).limit(1);
  return rows[0] ?? null;
}

export async function updateStoreConfiguration(db: Executor, storeId: number, configuration: StoreConfiguration): Promise<StoreConfiguration | null> {
  const [row] = await db.update(stores).set({ configuration }).where(eq(stores.id, storeId)).returning({ configuration: stores.configuration });
  return row?.configuration ?? null;
}

export async function findStoreById(db: Executor, storeId: number): Promise<Store | null> {
  const [row] = await db.select(storeColumns).from(stores).where(eq(stores.id, storeId)).limit(1);
  return row ?? null;
}

/** Changes settings columns of a store; false when there is no such store. */
export async function updateStoreSettings(db: Executor, storeId: number, values: Partial<Pick<Store, 'staffTwoFactorRequired'>>): Promise<boolean> {
  const rows = await db.update(stores).set(values).where(eq(stores.id, storeId)).returning({ id: stores.id });
  return rows.length === 1;
}
