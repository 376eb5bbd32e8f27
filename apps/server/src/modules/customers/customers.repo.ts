import { and, count, eq } from 'drizzle-orm';
import { customers } from '@gemstore/db';
import type { Executor as Database } from '../../lib/db.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;

export async function findCustomerById(db: Database, storeId: number, id: number): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(and(eq(customers.storeId, storeId), eq(customers.id, id))).limit(1);
  return row ?? null;
}

export async function findCustomerByEmail(db: Database, storeId: number, email: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(and(eq(customers.storeId, storeId), eq(customers.email, email))).limit(1);
  return row ?? null;
}

export async function findCustomerByPhone(db: Database, storeId: number, phone: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(and(eq(customers.storeId, storeId), eq(customers.phone, phone))).limit(1);
  return row ?? null;
}

export async function countCustomers(db: Database, storeId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customers).where(eq(customers.storeId, storeId));
  return row?.n ?? 0;
}

export async function insertCustomer(db: Database, values: NewCustomer): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning();
  return row!;
}

export async function updateCustomer(
  db: Database, storeId: number, id: number, values: Partial<Omit<NewCustomer, 'id' | 'storeId'>>,
): Promise<CustomerRow | null> {
  const [row] = await db.update(customers).set(values).where(and(eq(customers.storeId, storeId), eq(customers.id, id))).returning();
  return row ?? null;
}

/** The unique index a failed insert or update hit, as the spec's field name ('email' or 'phone'). */
export function duplicateField(err: unknown): 'email' | 'phone' | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as { code?: unknown; constraint_name?: unknown; constraint?: unknown };
    if (x.code !== '23505') continue;
    const name = String(x.constraint_name ?? x.constraint ?? '');
    if (name === 'customers_store_email') return 'email';
    if (name === 'customers_store_phone') return 'phone';
  }
  return undefined;
}
