import { financialYearOf, invoiceNumber } from '@gemstore/contracts';
import type { Database, InvoiceBuyer, InvoiceLine, InvoiceSeller } from '@gemstore/db';
import { executor, type Scope } from '../../lib/context.ts';
import * as repo from './invoices.repo.ts';
import { loadInvoiceFonts, renderInvoicePdf, type InvoiceFonts } from './invoices.pdf.ts';

export type { InvoiceRow } from './invoices.repo.ts';

/** Invoice PDFs each process keeps (about 15 kB each). */
const PDFS_KEPT = 500;

/** Longest invoice number the GST rules allow. */
export const INVOICE_NUMBER_MAX = 16;

/**
 * The tax inside a GST-inclusive price (shop prices include GST): taxable value = price / (1 + rate), rounded
 * half up to the paisa; tax = price - taxable value. Within the seller's state the tax is split
 * CGST + SGST, CGST taking the odd paisa; across states it is all IGST. Integer arithmetic
 * (BigInt), so no price is too large and no float rounds wrong.
 */
export function lineTax(pricePaise: number, rateBp: number, intraState: boolean) {
  const price = BigInt(pricePaise);
  const base = 10_000n + BigInt(rateBp);
  const taxable = Number((2n * price * 10_000n + base) / (2n * base));
  const tax = pricePaise - taxable;
  const cgst = intraState ? Math.ceil(tax / 2) : 0;
  return { taxablePaise: taxable, cgstPaise: cgst, sgstPaise: intraState ? tax - cgst : 0, igstPaise: intraState ? 0 : tax };
}

export interface InvoiceDraft {
  storeId: number;
  orderId: number;
  kind: 'tax' | 'receipt';
  issuedAt: Date;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  intraState: boolean;
  lines: { description: string; sku: string; hsn: string; rateBp: number; pricePaise: number }[];
}

/** Every figure of an invoice from its lines: each line's tax, then the totals as sums of the lines. */
export function computeInvoice(draft: InvoiceDraft): repo.NewInvoice {
  const lines: InvoiceLine[] = draft.lines.map((l) => ({
    ...l, ...(draft.kind === 'tax' ? lineTax(l.pricePaise, l.rateBp, draft.intraState) : { taxablePaise: l.pricePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 }),
  }));
  const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'pricePaise') => lines.reduce((s, l) => s + l[k], 0);
  return {
    storeId: draft.storeId, orderId: draft.orderId, kind: draft.kind, financialYear: financialYearOf(draft.issuedAt), issuedAt: draft.issuedAt,
    seller: draft.seller, buyer: draft.buyer, lines, intraState: draft.intraState,
    taxablePaise: sum('taxablePaise'), cgstPaise: sum('cgstPaise'), sgstPaise: sum('sgstPaise'), igstPaise: sum('igstPaise'), totalPaise: sum('pricePaise'),
  };
}

/**
 * Invoices of paid orders: frozen once (figures at payment), numbered once in the store's series
 * of the financial year, rendered as PDF on request.
 */
export function createInvoicesService({ db }: { db: Database }) {
  const q = (scope: Scope) => executor(db, scope);
  // Read on the first invoice asked for, then kept (1.7 MB of typefaces no start needs).
  let fonts: InvoiceFonts | undefined;
  // A numbered invoice never changes, and laying out its text in the embedded typefaces costs
  // about 0.25 s of CPU: each PDF is made once per process and kept (the newest PDFS_KEPT).
  const pdfs = new Map<string, Promise<Buffer>>();
  return {
    /** Writes the order's invoice in the caller's transaction (the payment's) unless it has one; answers the invoice it has. */
    freeze: (scope: Scope, draft: InvoiceDraft) => repo.insertInvoice(q(scope), computeInvoice(draft)),

    ofOrder: (scope: Scope, orderId: number) => repo.findInvoiceOfOrder(q(scope), orderId),

    /**
     * Gives the invoice its number unless it has one, in a transaction of its own that holds the
     * store's series row for one update: concurrent payments wait on each other only that long,
     * and a number is taken only together with the invoice that bears it (no gaps, no reuse).
     * A receipt (stores outside India) is numbered by its order.
     */
    async number(invoiceId: number, orderId: number, prefix: string): Promise<repo.InvoiceRow> {
      return db.transaction(async (tx) => {
        const row = (await repo.findInvoiceOfOrder(tx, orderId, true))!;
        if (row.number !== null || row.id !== invoiceId) return row;
        const number = row.kind === 'receipt'
          ? `R-${row.orderId}`
          : invoiceNumber(prefix, row.financialYear, await repo.nextInSeries(tx, row.storeId, row.financialYear));
        if (number.length > INVOICE_NUMBER_MAX) throw new Error(`The invoice number ${number} is longer than ${INVOICE_NUMBER_MAX} characters: shorten the store's invoice prefix.`);
        await repo.setInvoiceNumber(tx, row.id, number);
        return { ...row, number };
      });
    },

    /** The invoice as PDF, naming its order by the number the customer knows (`RG-12`). */
    pdf(row: repo.InvoiceRow, orderNumber: string): Promise<Buffer> {
      const key = `${row.id}/${row.number}/${orderNumber}`;
      let made = pdfs.get(key);
      if (!made) {
        made = renderInvoicePdf(row, orderNumber, fonts ??= loadInvoiceFonts());
        pdfs.set(key, made);
        made.catch(() => pdfs.delete(key));
        if (pdfs.size > PDFS_KEPT) pdfs.delete(pdfs.keys().next().value!);
      }
      return made;
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
