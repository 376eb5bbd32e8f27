import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { addresses } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Pick<AddressRow, 'name' | 'phone' | 'address' | 'locality' | 'landmark' | 'pincode' | 'label' | 'countryCode' | 'stateCode' | 'cityName'>;

const live = (storeId: number, customerId: number) =>
  and(eq(addresses.storeId, storeId), eq(addresses.customerId, customerId), isNull(addresses.deletedAt));

/** The primary address first, then the newest. */
export async function listAddresses(db: Executor, storeId: number, customerId: number): Promise<AddressRow[]> {
  return db.select().from(addresses).where(live(storeId, customerId))
    .orderBy(asc(addresses.addressTypeId), desc(addresses.id));
}

export async function findAddress(db: Executor, storeId: number, customerId: number, id: number): Promise<AddressRow | null> {
  const [row] = await db.select().from(addresses).where(and(live(storeId, customerId), eq(addresses.id, id))).limit(1);
  return row ?? null;
}

export async function countAddresses(db: Executor, storeId: number, customerId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(addresses).where(live(storeId, customerId));
  return row?.n ?? 0;
}

export async function insertAddress(db: Executor, storeId: number, customerId: number, values: AddressValues, addressTypeId: number): Promise<AddressRow> {
  const [row] = await db.insert(addresses).values({ ...values, storeId, customerId, addressTypeId }).returning();
  return row!;
}

export async function updateAddress(db: Executor, storeId: number, customerId: number, id: number, values: AddressValues): Promise<AddressRow | null> {
  const [row] = await db.update(addresses).set(values).where(and(live(storeId, customerId), eq(addresses.id, id))).returning();
  return row ?? null;
}

export async function deleteAddress(db: Executor, storeId: number, customerId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db.update(addresses).set({ deletedAt: now }).where(and(live(storeId, customerId), eq(addresses.id, id)))
    .returning({ id: addresses.id });
  return rows.length === 1;
}

export async function setAddressType(db: Executor, storeId: number, customerId: number, id: number | 'all', addressTypeId: number): Promise<void> {
  await db.update(addresses).set({ addressTypeId })
    .where(and(live(storeId, customerId), id === 'all' ? undefined : eq(addresses.id, id)));
}
