import { and, count, desc, eq, isNotNull, isNull, max, ne } from 'drizzle-orm';
import { customers } from '@gemstore/db';
import { type Executor, uniqueViolation } from '../../lib/db.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;

export async function findCustomerById(db: Executor, storeId: number, id: number): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(and(eq(customers.storeId, storeId), eq(customers.id, id))).limit(1);
  return row ?? null;
}

export type IdentifierKind = 'email' | 'phone';

const identifierColumns = {
  email: { value: customers.email, verifiedAt: customers.emailVerifiedAt, pending: customers.pendingEmail },
  phone: { value: customers.phone, verifiedAt: customers.phoneVerifiedAt, pending: customers.pendingPhone },
} as const;

/** The account of this store that verified this email or phone (at most one: a unique index). */
export async function findCustomerByVerifiedIdentifier(db: Executor, storeId: number, kind: IdentifierKind, value: string): Promise<CustomerRow | null> {
  const col = identifierColumns[kind];
  const [row] = await db.select().from(customers)
    .where(and(eq(customers.storeId, storeId), eq(col.value, value), isNotNull(col.verifiedAt))).limit(1);
  return row ?? null;
}

/** The newest account that holds this email or phone with nothing verified at all: a registration not finished. */
export async function findUnfinishedRegistration(db: Executor, storeId: number, kind: IdentifierKind, value: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(and(
    eq(customers.storeId, storeId), eq(identifierColumns[kind].value, value),
    isNull(customers.emailVerifiedAt), isNull(customers.phoneVerifiedAt),
  )).orderBy(desc(customers.id)).limit(1);
  return row ?? null;
}

/** The largest customer id handed out so far (ids come from one sequence over all stores). */
export async function highestCustomerId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: max(customers.id) }).from(customers);
  return row?.id ?? 0;
}

/**
 * Takes an email or phone away from every other account of the store that only claims it
 * (unverified, or waiting in a pending change): the one who verified it owns it now.
 */
export async function releaseClaims(db: Executor, storeId: number, ownerId: number, kind: IdentifierKind, value: string): Promise<void> {
  const col = identifierColumns[kind];
  const others = and(eq(customers.storeId, storeId), ne(customers.id, ownerId));
  const cleared = kind === 'email' ? { email: null } : { phone: null };
  await db.update(customers).set(cleared).where(and(others, eq(col.value, value), isNull(col.verifiedAt)));
  const pending = kind === 'email' ? { pendingEmail: null } : { pendingPhone: null, pendingPhoneCountryCodeId: null };
  await db.update(customers).set(pending).where(and(others, eq(col.pending, value)));
}

export async function countCustomers(db: Executor, storeId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customers).where(eq(customers.storeId, storeId));
  return row?.n ?? 0;
}

export async function insertCustomer(db: Executor, values: NewCustomer): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning();
  return row!;
}

export async function updateCustomer(
  db: Executor, storeId: number, id: number, values: Partial<Omit<NewCustomer, 'id' | 'storeId'>>,
): Promise<CustomerRow | null> {
  const [row] = await db.update(customers).set(values).where(and(eq(customers.storeId, storeId), eq(customers.id, id))).returning();
  return row ?? null;
}

/** The unique index a failed insert or update hit, as the spec's field name ('email' or 'phone'). */
export function duplicateField(err: unknown): 'email' | 'phone' | undefined {
  const index = uniqueViolation(err);
  return index === 'customers_store_email' ? 'email' : index === 'customers_store_phone' ? 'phone' : undefined;
}
