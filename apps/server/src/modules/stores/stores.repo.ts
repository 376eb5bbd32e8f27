import { eq } from 'drizzle-orm';
import { type Database, type StoreConfiguration, storeDomains, stores } from '@gemstore/db';
import type { Store } from '../../lib/context.ts';

export async function findStoreByDomain(db: Database, domain: string): Promise<Store | null> {
  const rows = await db.select({ store: stores }).from(storeDomains)
    .innerJoin(stores, eq(stores.id, storeDomains.storeId))
    .where(eq(storeDomains.domain, domain)).limit(1);
  return rows[0]?.store ?? null;
}

export async function updateStoreConfiguration(db: Database, storeId: number, configuration: StoreConfiguration): Promise<StoreConfiguration | null> {
  const [row] = await db.update(stores).set({ configuration }).where(eq(stores.id, storeId)).returning({ configuration: stores.configuration });
  return row?.configuration ?? null;
}
