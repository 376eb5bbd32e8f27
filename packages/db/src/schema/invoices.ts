import { bigint, boolean, foreignKey, index, integer, jsonb, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shopKey } from './keys.ts';
import { stores } from './stores.ts';
import { orders, refunds } from './orders.ts';

/** tax: a GST tax invoice (stores from India); receipt: a plain receipt (other stores). */
export const invoiceKind = pgEnum('invoice_kind', ['tax', 'receipt']);

/** The seller as the invoice names them, frozen when the order was paid. */
export interface InvoiceSeller {
  legalName: string; address: string; gstin: string; state: string; stateCode: string; email: string;
}
/** The buyer (billing address) and the place of supply (the shipping address's state), frozen. */
export interface InvoiceBuyer {
  name: string; address: string; phone: string; placeOfSupply: string; country: string;
}
/** One line with its tax worked back from the GST-inclusive price, in paise; rate in basis points of a percent (25 = 0.25%). */
export interface InvoiceLine {
  description: string; sku: string; hsn: string; rateBp: number;
  pricePaise: number; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number;
  /** The order line the invoice line bills (invoices written before it was kept list lines in the order's line order). */
  orderLineId?: number;
  /** Pieces the line bills for the HSN summary: absent, one stone; 0 on a credit for part of a line's value. */
  quantity?: number;
}

/**
 * The invoice of a paid order: every figure frozen in the payment's transaction, so a later change
 * of rates, settings or addresses never rewrites it. The number is given right after (its own short
 * transaction on the store's series) and never changes or returns to the series.
 */
export const invoices = pgTable('invoices', {
  id: serial('id'),
  storeId: integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' }),
  orderId: integer('order_id').notNull(),
  kind: invoiceKind('kind').notNull(),
  /** `RG/26-27/000123`: at most 16 characters, unique in the store; null until numbered. */
  number: text('number'),
  /** The Indian financial year of the date (April to March), `2026-27`. */
  financialYear: text('financial_year').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
  buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
  lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
  /** Within the seller's state: CGST + SGST; otherwise IGST. */
  intraState: boolean('intra_state').notNull(),
  taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
  cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
  sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
  igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
  totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'invoices_order_fk', columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete('cascade'),
  uniqueIndex('invoices_order').on(t.orderId, t.storeId),
  uniqueIndex('invoices_store_number').on(t.storeId, t.number),
  index('invoices_store_issued').on(t.storeId, t.issuedAt),
]);

/** The last number given in a store's series of a financial year: one short-locked row per store and year. */
export const invoiceSeries = pgTable('invoice_series', {
  storeId: integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' }),
  financialYear: text('financial_year').notNull(),
  lastNumber: integer('last_number').notNull(),
}, (t) => [primaryKey({ columns: [t.storeId, t.financialYear] })]);

/**
 * A GST credit note: issued for a refund of stones of an order with a tax invoice, in the
 * transaction that records the refund as made, numbered in the store's own credit note series of
 * the financial year (`CN/2026-27/0001`), naming the invoice it reduces. Its lines are the refunded
 * invoice lines with the invoice's own figures (a line refunded in part: the invoice's figures in
 * proportion, the paise left over placed so the line adds up to the amount refunded).
 */
export const creditNotes = pgTable('credit_notes', {
  id: serial('id'),
  storeId: integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' }),
  orderId: integer('order_id').notNull(),
  invoiceId: integer('invoice_id').notNull(),
  refundId: integer('refund_id').notNull(),
  /** `CN/2026-27/0001`: unique in the store. */
  number: text('number').notNull(),
  financialYear: text('financial_year').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  /** The invoice it refers to, as printed on it. */
  invoiceNumber: text('invoice_number').notNull(),
  invoiceIssuedAt: timestamp('invoice_issued_at', { withTimezone: true }).notNull(),
  /** The invoice's total, which decides the GSTR-1 table its credit note belongs to. */
  invoiceTotalPaise: bigint('invoice_total_paise', { mode: 'number' }).notNull(),
  seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
  buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
  lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
  intraState: boolean('intra_state').notNull(),
  taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
  cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
  sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
  igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
  totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'credit_notes_order_fk', columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete('cascade'),
  foreignKey({ name: 'credit_notes_invoice_fk', columns: [t.storeId, t.invoiceId], foreignColumns: [invoices.storeId, invoices.id] }).onDelete('cascade'),
  foreignKey({ name: 'credit_notes_refund_fk', columns: [t.storeId, t.refundId], foreignColumns: [refunds.storeId, refunds.id] }).onDelete('cascade'),
  uniqueIndex('credit_notes_refund').on(t.refundId, t.storeId),
  uniqueIndex('credit_notes_store_number').on(t.storeId, t.number),
  index('credit_notes_order').on(t.orderId),
  index('credit_notes_store_issued').on(t.storeId, t.issuedAt),
]);

/** The last number of a store's credit note series of a financial year. */
export const creditNoteSeries = pgTable('credit_note_series', {
  storeId: integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' }),
  financialYear: text('financial_year').notNull(),
  lastNumber: integer('last_number').notNull(),
}, (t) => [primaryKey({ columns: [t.storeId, t.financialYear] })]);
