import { and, eq, isNull, sql } from 'drizzle-orm';
import { invoices, invoiceSeries } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'number' | 'createdAt'>;

/** Writes the order's invoice unless it has one; answers the invoice the order now has. */
export async function insertInvoice(db: Executor, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).onConflictDoNothing({ target: [invoices.orderId, invoices.storeId] }).returning();
  if (row) return row;
  return (await findInvoiceOfOrder(db, values.orderId))!;
}

export async function findInvoiceOfOrder(db: Executor, orderId: number, lock = false): Promise<InvoiceRow | null> {
  const q = db.select().from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/**
 * The next number of a store's series for a financial year: one upsert on the series row, which
 * stays locked only until the caller's (short) transaction ends.
 */
export async function nextInSeries(db: Executor, storeId: number, financialYear: string): Promise<number> {
  const [row] = await db.insert(invoiceSeries).values({ storeId, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({ target: [invoiceSeries.storeId, invoiceSeries.financialYear], set: { lastNumber: sql`${invoiceSeries.lastNumber} + 1` } })
    .returning({ n: invoiceSeries.lastNumber });
  return row!.n;
}

export async function setInvoiceNumber(db: Executor, id: number, number: string): Promise<void> {
  await db.update(invoices).set({ number }).where(and(eq(invoices.id, id), isNull(invoices.number)));
}
