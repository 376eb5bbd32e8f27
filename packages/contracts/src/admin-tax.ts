import { z } from 'zod';
import { GST_REPORT_TABLES, MAX_ID } from './constants.ts';
import { GST_STATE_CODES, gstinProblem } from './gst.ts';

/**
 * Tax settings (/api/admin/settings/tax, capability `settings`): the seller as tax invoices name
 * them, the invoice numbers' prefix, and each gem type's HSN code and GST rate.
 */

/** Highest GST rate a product may carry, in percent. */
export const MAX_GST_RATE = 28;

export const TaxProduct = z.object({
  id: z.number(),
  name: z.string(),
  hsn_code: z.string(),
  /** Percent (0.25 means 0.25%). */
  gst_rate: z.number(),
  stones: z.number(),
});

export const TaxSettings = z.object({
  is_from_india: z.boolean(),
  legal_name: z.string(),
  address: z.string(),
  gstin: z.string(),
  /** ISO id of the state or union territory (`IN-RJ`); empty when not set. */
  state_id: z.string(),
  invoice_prefix: z.string(),
  products: z.array(TaxProduct),
});
export type TaxSettings = z.infer<typeof TaxSettings>;

const Rate = z.number({ error: 'Enter the rate in percent.' }).min(0, 'A rate is 0% or more.').max(MAX_GST_RATE, `At most ${MAX_GST_RATE}%.`)
  .refine((r) => Math.abs(r * 100 - Math.round(r * 100)) < 1e-6, 'At most two decimals (0.25).');

export const TaxSettingsBody = z.object({
  legal_name: z.string().trim().max(200, 'At most 200 characters.'),
  address: z.string().trim().max(500, 'At most 500 characters.'),
  gstin: z.string().trim().toUpperCase().max(15, 'A GSTIN has 15 characters.'),
  state_id: z.string().trim().refine((s) => s === '' || s in GST_STATE_CODES, 'Choose a state of India.'),
  invoice_prefix: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{1,3}$/, 'One to three letters or digits (RG).'),
  products: z.array(z.object({
    id: z.number().int().positive().max(MAX_ID),
    hsn_code: z.string().trim().regex(/^[0-9]{4}([0-9]{2}){0,2}$/, 'An HSN code has 4, 6 or 8 digits.'),
    gst_rate: Rate,
  })).max(500),
}).superRefine((b, ctx) => {
  if (b.gstin !== '') {
    if (b.state_id === '') ctx.addIssue({ code: 'custom', path: ['state_id'], message: 'Choose the state the GSTIN is registered in.' });
    const problem = gstinProblem(b.gstin, b.state_id);
    if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem });
  }
});
export type TaxSettingsBody = z.infer<typeof TaxSettingsBody>;

export const InvoiceOrderParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
export const CustomerInvoiceParams = z.object({ orderId: z.coerce.number().int().positive().max(MAX_ID) });

export const CreditNoteParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID), noteId: z.coerce.number().int().positive().max(MAX_ID) });
export const CustomerCreditNoteParams = z.object({ orderId: z.coerce.number().int().positive().max(MAX_ID), noteId: z.coerce.number().int().positive().max(MAX_ID) });

/** A credit note as the order pages list it; amounts in rupees. */
export const CreditNoteSummary = z.object({
  id: z.number(), number: z.string(), issued_at: z.string(), invoice_number: z.string(), amount: z.number(), refund_id: z.number(),
});
export type CreditNoteSummary = z.infer<typeof CreditNoteSummary>;

// ---------- The monthly GST report ----------


export const GstReportQuery = z.object({
  month: z.string().trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month (YYYY-MM).'),
});
export type GstReportQuery = z.infer<typeof GstReportQuery>;
export const GstReportCsvQuery = GstReportQuery.extend({ table: z.enum(GST_REPORT_TABLES, { message: `One of ${GST_REPORT_TABLES.join(', ')}.` }) });
export type GstReportCsvQuery = z.infer<typeof GstReportCsvQuery>;

/** Taxable value and tax of a group; amounts in rupees (credit notes already taken off). */
const TaxFigures = z.object({ taxable: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number(), total: z.number() });
export const GstReportResponse = z.object({
  month: z.string(),
  /** Invoices and credit notes issued in the month (India time). */
  invoices: z.object({ count: z.number() }).merge(TaxFigures),
  credit_notes: z.object({ count: z.number() }).merge(TaxFigures),
  /** Invoices less credit notes. */
  net: TaxFigures,
  by_hsn: z.array(z.object({ hsn: z.string(), description: z.string(), rate: z.number(), quantity: z.number() }).merge(TaxFigures)),
  by_state: z.array(z.object({ place_of_supply: z.string(), code: z.string() }).merge(TaxFigures)),
});
export type GstReportResponse = z.infer<typeof GstReportResponse>;
