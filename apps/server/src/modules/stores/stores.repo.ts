import { eq } from 'drizzle-orm';
import { type StoreConfiguration, storeDomains, stores } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';
import type { Store } from '../../lib/context.ts';

export async function findStoreByDomain(db: Executor, domain: string): Promise<Store | null> {
  const rows = await db.select({ store: stores }).from(storeDomains)
    .innerJoin(stores, eq(stores.id, storeDomains.storeId))
    .where(eq(storeDomains.domain, domain)).limit(1);
  return rows[0]?.store ?? null;
}

export async function updateStoreConfiguration(db: Executor, storeId: number, configuration: StoreConfiguration): Promise<StoreConfiguration | null> {
  const [row] = await db.update(stores).set({ configuration }).where(eq(stores.id, storeId)).returning({ configuration: stores.configuration });
  return row?.configuration ?? null;
}

export async function findStoreById(db: Executor, storeId: number): Promise<Store | null> {
  const [row] = await db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  return row ?? null;
}

/** Changes settings columns of a store; false when there is no such store. */
export async function updateStoreSettings(db: Executor, storeId: number, values: Partial<Pick<Store, 'staffTwoFactorRequired'>>): Promise<boolean> {
  const rows = await db.update(stores).set(values).where(eq(stores.id, storeId)).returning({ id: stores.id });
  return rows.length === 1;
}
