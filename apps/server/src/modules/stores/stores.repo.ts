import { eq } from 'drizzle-orm';
import { type Database, storeDomains, stores } from '@gemstore/db';
import type { Store } from '../../lib/context.ts';

export async function findStoreByDomain(db: Database, domain: string): Promise<Store | null> {
  const rows = await db.select({ store: stores }).from(storeDomains)
    .innerJoin(stores, eq(stores.id, storeDomains.storeId))
    .where(eq(storeDomains.domain, domain)).limit(1);
  return rows[0]?.store ?? null;
}
