import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { creditNotes, creditNoteSeries, invoices, invoiceSeries } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'number' | 'createdAt'>;

/** Writes the order's invoice unless it has one; answers the invoice the order now has. */
export async function insertInvoice(db: Executor, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).onConflictDoNothing({ target: [invoices.orderId, invoices.storeId] }).returning();
  if (row) return row;
  return (await findInvoiceOfOrder(db, values.storeId, values.orderId))!;
}

export async function findInvoiceOfOrder(db: Executor, storeId: number, orderId: number, lock = false): Promise<InvoiceRow | null> {
  const q = db.select().from(invoices).where(and(eq(invoices.storeId, storeId), eq(invoices.orderId, orderId))).limit(1);
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

export async function setInvoiceNumber(db: Executor, storeId: number, id: number, number: string): Promise<void> {
  await db.update(invoices).set({ number }).where(and(eq(invoices.storeId, storeId), eq(invoices.id, id), isNull(invoices.number)));
}

export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type NewCreditNote = Omit<typeof creditNotes.$inferInsert, 'id' | 'createdAt'>;

/** The next number of a store's credit note series for a financial year (the row stays locked until the caller's transaction ends). */
export async function nextCreditNoteInSeries(db: Executor, storeId: number, financialYear: string): Promise<number> {
  const [row] = await db.insert(creditNoteSeries).values({ storeId, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({ target: [creditNoteSeries.storeId, creditNoteSeries.financialYear], set: { lastNumber: sql`${creditNoteSeries.lastNumber} + 1` } })
    .returning({ n: creditNoteSeries.lastNumber });
  return row!.n;
}

export async function insertCreditNote(db: Executor, values: NewCreditNote): Promise<CreditNoteRow> {
  const [row] = await db.insert(creditNotes).values(values).returning();
  return row!;
}

export async function findCreditNoteOfRefund(db: Executor, storeId: number, refundId: number): Promise<CreditNoteRow | null> {
  const [row] = await db.select().from(creditNotes).where(and(eq(creditNotes.storeId, storeId), eq(creditNotes.refundId, refundId))).limit(1);
  return row ?? null;
}

export async function listCreditNotesOfOrders(db: Executor, storeId: number, orderIds: number[]): Promise<CreditNoteRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(creditNotes).where(and(eq(creditNotes.storeId, storeId), inArray(creditNotes.orderId, orderIds))).orderBy(asc(creditNotes.id));
}

/** A store's invoices and credit notes issued in [from, to): what its GST return for the period is made of. */
export async function listIssuedBetween(db: Executor, storeId: number, from: Date, to: Date) {
  const [inv, notes] = await Promise.all([
    db.select().from(invoices).where(and(eq(invoices.storeId, storeId), gte(invoices.issuedAt, from), lt(invoices.issuedAt, to))).orderBy(asc(invoices.issuedAt), asc(invoices.id)),
    db.select().from(creditNotes).where(and(eq(creditNotes.storeId, storeId), gte(creditNotes.issuedAt, from), lt(creditNotes.issuedAt, to))).orderBy(asc(creditNotes.issuedAt), asc(creditNotes.id)),
  ]);
  return { invoices: inv, creditNotes: notes };
}
