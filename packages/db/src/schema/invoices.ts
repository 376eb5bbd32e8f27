import { bigint, boolean, foreignKey, integer, jsonb, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shopKey } from './keys.ts';
import { stores } from './stores.ts';
import { orders } from './orders.ts';

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
]);

/** The last number given in a store's series of a financial year: one short-locked row per store and year. */
export const invoiceSeries = pgTable('invoice_series', {
  storeId: integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' }),
  financialYear: text('financial_year').notNull(),
  lastNumber: integer('last_number').notNull(),
}, (t) => [primaryKey({ columns: [t.storeId, t.financialYear] })]);
