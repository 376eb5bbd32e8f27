import { eq, getTableColumns, like, or, sql } from 'drizzle-orm';
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
export async function updateStoreSettings(
  db: Executor, storeId: number,
  values: Partial<Pick<Store, 'staffTwoFactorRequired' | 'legalName' | 'taxAddress' | 'gstin' | 'taxStateId' | 'invoicePrefix'>>,
): Promise<boolean> {
  const rows = await db.update(stores).set(values).where(eq(stores.id, storeId)).returning({ id: stores.id });
  return rows.length === 1;
}

/** The store's row, locked until the transaction ends (a settings change reads, checks and writes it). */
export async function lockStore(db: Executor, storeId: number) {
  const [row] = await db.select().from(stores).where(eq(stores.id, storeId)).limit(1).for('update');
  return row ?? null;
}

export type StoreRow = typeof stores.$inferSelect;
export type StoreProfileValues = Pick<StoreRow, 'name' | 'logoPath' | 'configuration' | 'currency' | 'usdRate'>;
export type PaymentSettingsValues = Pick<StoreRow, 'paymentProvider' | 'reservationMinutes' | 'paymentMethodIds'>;
export type ShippingSettingsValues = Pick<StoreRow, 'shippingHomePaise' | 'shippingHomeFreeFromPaise' | 'shippingAbroadPaise' | 'shippingAbroadFreeFromPaise'>;

/** Changes the store's profile, payment or shipping columns. */
export async function updateStore(db: Executor, storeId: number, values: Partial<StoreProfileValues & PaymentSettingsValues & ShippingSettingsValues>): Promise<void> {
  await db.update(stores).set(values).where(eq(stores.id, storeId));
}

/** The stores served on `localhost` and `*.localhost` (the demo's), each saying whether it is the one on `localhost`. */
export async function listDemoStores(db: Executor): Promise<{ storeId: number; home: boolean }[]> {
  return db.select({ storeId: storeDomains.storeId, home: sql<boolean>`bool_or(${storeDomains.domain} = 'localhost')` })
    .from(storeDomains)
    .where(or(eq(storeDomains.domain, 'localhost'), like(storeDomains.domain, '%.localhost')))
    .groupBy(storeDomains.storeId)
    .orderBy(storeDomains.storeId);
}
