import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, max, ne, or, type SQL } from 'drizzle-orm';
import { customers } from '@gemstore/db';
import { type Executor, likeLiteral, uniqueViolation } from '../../lib/db.ts';

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

/** The unique index a failed insert or update hit, as the API's field name ('email' or 'phone'). */
export function duplicateField(err: unknown): 'email' | 'phone' | undefined {
  const index = uniqueViolation(err);
  return index === 'customers_store_email' ? 'email' : index === 'customers_store_phone' ? 'phone' : undefined;
}

export async function findCustomersByIds(db: Executor, storeId: number, ids: number[]): Promise<CustomerRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(customers).where(and(eq(customers.storeId, storeId), inArray(customers.id, ids)));
}

/** The LIKE pattern of a search text, its wildcards taken literally. */
function containing(text: string): string {
  return `%${likeLiteral(text)}%`;
}

export interface CustomerSearch {
  /** Part of a name, email or mobile number (spaces, dashes and brackets of a typed number ignored). */
  text: string;
  blocked?: boolean;
}

function searchFilter(storeId: number, search: CustomerSearch): SQL | undefined {
  const text = search.text.trim();
  const digits = text.replace(/[\s().+-]/g, '');
  return and(
    eq(customers.storeId, storeId),
    text ? or(
      ilike(customers.name, containing(text)),
      ilike(customers.email, containing(text)),
      /^\d{3,}$/.test(digits) ? ilike(customers.phone, containing(digits)) : undefined,
    ) : undefined,
    search.blocked === undefined ? undefined : search.blocked ? isNotNull(customers.blockedAt) : isNull(customers.blockedAt),
  );
}

/** One page of the store's customers matching the search, newest first. */
export async function searchCustomers(db: Executor, storeId: number, search: CustomerSearch, limit: number, offset: number): Promise<CustomerRow[]> {
  return db.select().from(customers).where(searchFilter(storeId, search)).orderBy(desc(customers.id)).limit(limit).offset(offset);
}

export async function countSearchedCustomers(db: Executor, storeId: number, search: CustomerSearch): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customers).where(searchFilter(storeId, search));
  return row?.n ?? 0;
}

/**
 * The customer locked for the caller's transaction: `update` by a block, `share` by a sign-in, so a
 * sign-in and a block of one account happen one after the other, never interleaved.
 */
export async function lockCustomer(db: Executor, storeId: number, id: number, mode: 'update' | 'share'): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(and(eq(customers.storeId, storeId), eq(customers.id, id))).limit(1).for(mode);
  return row ?? null;
}

/** Ids of the store's customers the search text finds (name, email or mobile number), at most `limit`: an order search looks among their orders. */
export async function findCustomerIdsMatching(db: Executor, storeId: number, text: string, limit: number): Promise<number[]> {
  const rows = await db.select({ id: customers.id }).from(customers).where(searchFilter(storeId, { text })).limit(limit);
  return rows.map((r) => r.id);
}
