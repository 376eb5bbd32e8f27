import { creditNoteNumber, financialYearOf, invoiceNumber } from '@gemstore/contracts';
import type { Database, InvoiceBuyer, InvoiceLine, InvoiceSeller } from '@gemstore/db';
import { executor, type Scope, type ShopScope } from '../../lib/context.ts';
import type { Executor } from '../../lib/db.ts';
import type { BilledLine } from '../../lib/order-totals.ts';
import * as repo from './invoices.repo.ts';
import { loadInvoiceFonts, renderCreditNotePdf, renderInvoicePdf, type InvoiceFonts } from './invoices.pdf.ts';

export type { CreditNoteRow, InvoiceRow } from './invoices.repo.ts';

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
  lines: BilledLine[];
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
 * Splits `amount` paise in proportion to `weights` (none negative): each share rounded down, then
 * the paise left over one each to the shares with the largest remainders (the earlier on a tie), so
 * the shares add up to `amount` exactly. Integer arithmetic (BigInt).
 */
export function apportion(amount: number, weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + BigInt(w), 0n);
  if (total === 0n) {
    if (amount !== 0) throw new Error('Nothing to share the amount over.');
    return weights.map(() => 0);
  }
  const exact = weights.map((w) => BigInt(amount) * BigInt(w));
  const shares = exact.map((e) => e / total);
  let left = BigInt(amount) - shares.reduce((s, x) => s + x, 0n);
  const order = exact.map((e, i) => ({ i, rem: e % total })).sort((x, y) => (y.rem > x.rem ? 1 : y.rem < x.rem ? -1 : x.i - y.i));
  for (const { i } of order) {
    if (left <= 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/**
 * A credit note's line for `amountPaise` of an invoice line: the whole line refunded carries the
 * invoice's own figures; a part carries the invoice's taxable value, CGST, SGST and IGST in
 * proportion (apportion), so the line adds up to the amount refunded to the paisa.
 */
export function creditLine(line: InvoiceLine, amountPaise: number): InvoiceLine {
  if (amountPaise === line.pricePaise) return { ...line };
  if (amountPaise < 0 || amountPaise > line.pricePaise) throw new Error(`A credit of ${amountPaise} paise does not fit an invoice line of ${line.pricePaise}.`);
  const [taxablePaise, cgstPaise, sgstPaise, igstPaise] = apportion(amountPaise, [line.taxablePaise, line.cgstPaise, line.sgstPaise, line.igstPaise]) as [number, number, number, number];
  return { ...line, pricePaise: amountPaise, taxablePaise, cgstPaise, sgstPaise, igstPaise, quantity: 0 };
}

/** What a refund gives back of an invoice: per order line the paise refunded. */
export interface CreditDraft {
  refundId: number;
  issuedAt: Date;
  /** The order's lines in their order (ids), for invoices written before lines named their order line. */
  orderLineIds: number[];
  lines: { orderLineId: number; amountPaise: number }[];
}

/** The credit note of a refund against its (numbered) invoice, without its number. */
export function computeCreditNote(invoice: repo.InvoiceRow, draft: CreditDraft): Omit<repo.NewCreditNote, 'number'> {
  const lineOf = (orderLineId: number): InvoiceLine => {
    const named = invoice.lines.find((l) => l.orderLineId === orderLineId);
    const line = named ?? (invoice.lines.some((l) => l.orderLineId !== undefined) ? undefined : invoice.lines[draft.orderLineIds.indexOf(orderLineId)]);
    if (!line) throw new Error(`Order line ${orderLineId} is not on invoice ${invoice.id}.`);
    return { ...line, orderLineId };
  };
  const lines = draft.lines.map((l) => creditLine(lineOf(l.orderLineId), l.amountPaise));
  const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'pricePaise') => lines.reduce((s, l) => s + l[k], 0);
  return {
    storeId: invoice.storeId, orderId: invoice.orderId, invoiceId: invoice.id, refundId: draft.refundId,
    financialYear: financialYearOf(draft.issuedAt), issuedAt: draft.issuedAt,
    invoiceNumber: invoice.number!, invoiceIssuedAt: invoice.issuedAt, invoiceTotalPaise: invoice.totalPaise,
    seller: invoice.seller, buyer: invoice.buyer, intraState: invoice.intraState, lines,
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
  function kept(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    let made = pdfs.get(key);
    if (!made) {
      made = make();
      pdfs.set(key, made);
      made.catch(() => pdfs.delete(key));
      if (pdfs.size > PDFS_KEPT) pdfs.delete(pdfs.keys().next().value!);
    }
    return made;
  }

  /**
   * Gives the invoice its number unless it has one, in the caller's transaction, holding the
   * store's series row for one update. A receipt (stores outside India) is numbered by its order.
   */
  async function numberWithin(ex: Executor, storeId: number, invoiceId: number, orderId: number, prefix: string): Promise<repo.InvoiceRow | null> {
    const row = await repo.findInvoiceOfOrder(ex, storeId, orderId, true);
    if (!row || row.number !== null || row.id !== invoiceId) return row;
    const number = row.kind === 'receipt'
      ? `R-${row.orderId}`
      : invoiceNumber(prefix, row.financialYear, await repo.nextInSeries(ex, row.storeId, row.financialYear));
    if (number.length > INVOICE_NUMBER_MAX) throw new Error(`The invoice number ${number} is longer than ${INVOICE_NUMBER_MAX} characters: shorten the store's invoice prefix.`);
    await repo.setInvoiceNumber(ex, storeId, row.id, number);
    return { ...row, number };
  }

  return {
    /** Writes the order's invoice in the caller's transaction (the payment's) unless it has one; answers the invoice it has. */
    freeze: (scope: ShopScope, draft: InvoiceDraft) => repo.insertInvoice(q(scope), computeInvoice({ ...draft, storeId: scope.store.id })),

    ofOrder: (scope: ShopScope, orderId: number) => repo.findInvoiceOfOrder(q(scope), scope.store.id, orderId),

    /**
     * Gives the invoice its number unless it has one, in a transaction of its own that holds the
     * store's series row for one update: concurrent payments wait on each other only that long,
     * and a number is taken only together with the invoice that bears it (no gaps, no reuse).
     * A receipt (stores outside India) is numbered by its order. Null for no such invoice of the shop.
     */
    async number(scope: ShopScope, invoiceId: number, orderId: number, prefix: string): Promise<repo.InvoiceRow | null> {
      return db.transaction((tx) => numberWithin(tx, scope.store.id, invoiceId, orderId, prefix));
    },

    /**
     * Issues the credit note of a refund of an order's stones, in the caller's transaction (the one
     * that records the refund as made): none for an order without a tax invoice (a receipt carries
     * no tax), one only per refund. The invoice is numbered first if it was not yet.
     */
    async issueCreditNote(scope: ShopScope, orderId: number, prefix: string, draft: CreditDraft): Promise<repo.CreditNoteRow | null> {
      const ex = q(scope);
      const existing = await repo.findCreditNoteOfRefund(ex, scope.store.id, draft.refundId);
      if (existing) return existing;
      const invoice = await repo.findInvoiceOfOrder(ex, scope.store.id, orderId);
      if (!invoice || invoice.kind !== 'tax' || draft.lines.length === 0) return null;
      const numbered = (await numberWithin(ex, scope.store.id, invoice.id, orderId, prefix))!;
      const note = computeCreditNote(numbered, draft);
      const number = creditNoteNumber(note.financialYear, await repo.nextCreditNoteInSeries(ex, note.storeId, note.financialYear));
      return repo.insertCreditNote(ex, { ...note, number });
    },

    creditNotesOf: (scope: ShopScope, orderIds: number[]) => repo.listCreditNotesOfOrders(q(scope), scope.store.id, orderIds),
    issuedBetween: (scope: Scope, storeId: number, from: Date, to: Date) => repo.listIssuedBetween(q(scope), storeId, from, to),

    /** The credit note as PDF. */
    creditNotePdf(row: repo.CreditNoteRow, orderNumber: string): Promise<Buffer> {
      return kept(`cn/${row.id}/${row.number}/${orderNumber}`, () => renderCreditNotePdf(row, orderNumber, fonts ??= loadInvoiceFonts()));
    },

    /** The invoice as PDF, naming its order by the number the customer knows (`RG-12`). */
    pdf(row: repo.InvoiceRow, orderNumber: string): Promise<Buffer> {
      return kept(`${row.id}/${row.number}/${orderNumber}`, () => renderInvoicePdf(row, orderNumber, fonts ??= loadInvoiceFonts()));
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
