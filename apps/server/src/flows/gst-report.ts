import type { GstReportCsvQuery, GstReportQuery, GstReportResponse, GstReportTable } from '@gemstore/contracts';
import { csvAmount } from '@gemstore/contracts/format';
import type { InvoiceLine } from '@gemstore/db';
import type { StaffContext } from '../lib/context.ts';
import type { CreditNoteRow, InvoiceRow } from '../modules/invoices/invoices.service.ts';
import type { Services } from '../services.ts';

/** An inter-state invoice to an unregistered buyer above this value (paise) is reported one by one (GSTR-1's B2CL). */
export const B2CL_THRESHOLD_PAISE = 1_00_000_00;

/** The columns of each GSTR-1 table as the return's offline templates name them. */
export const GST_CSV_COLUMNS = {
  b2cs: ['Type', 'Place Of Supply', 'Rate', 'Applicable % of Tax Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
  b2cl: ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
  cdnur: ['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount'],
  exp: ['Export Type', 'Invoice Number', 'Invoice date', 'Invoice Value', 'Port Code', 'Shipping Bill Number', 'Shipping Bill Date', 'Rate', 'Taxable Value', 'Cess Amount'],
  hsn: ['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', 'Rate', 'Taxable Value', 'Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount', 'Cess Amount'],
} as const satisfies Record<GstReportTable, readonly string[]>;

/** What the HSN summary calls each heading a gem shop sells under (the customs tariff's words, shortened). */
const HSN_DESCRIPTIONS: Record<string, string> = {
  7101: 'Pearls, natural or cultured', 7102: 'Diamonds', 7103: 'Precious and semi-precious stones', 7104: 'Synthetic or reconstructed stones',
  7105: 'Dust and powder of precious stones', 7113: 'Articles of jewellery', 7116: 'Articles of pearls or precious stones',
  9601: 'Worked coral, bone, shell and other carving material', 9965: 'Goods transport services', 9968: 'Postal and courier services',
};

/** A place of supply as GSTR-1 writes it (`08-Rajasthan`, `96-Other Countries` for an export). */
interface Place { code: string; name: string; export: boolean }

/** The place of supply frozen on a document (`Rajasthan (08)`, `France (outside India)`). */
export function placeOf(placeOfSupply: string): Place {
  if (placeOfSupply.endsWith('(outside India)')) return { code: '96', name: 'Other Countries', export: true };
  const m = /^(.*) \((\d{2})\)$/.exec(placeOfSupply);
  return m ? { code: m[2]!, name: m[1]!, export: false } : { code: '', name: placeOfSupply, export: false };
}
const placeLabel = (p: Place) => (p.code ? `${p.code}-${p.name}` : p.name);

/** Which GSTR-1 table a sale belongs to: abroad, inter-state above the threshold, or the rest (consolidated). */
type Table = 'exp' | 'b2cl' | 'b2cs';
function tableOf(intraState: boolean, totalPaise: number, place: Place): Table {
  if (place.export) return 'exp';
  return !intraState && totalPaise > B2CL_THRESHOLD_PAISE ? 'b2cl' : 'b2cs';
}

/** A service (SAC 99…) is reported without a quantity; a stone is one piece; a line of no goods (a part refund, a discount) none. */
const isService = (hsn: string) => hsn.startsWith('99');
function quantityOf(line: InvoiceLine): number {
  if (isService(line.hsn) || line.pricePaise <= 0) return 0;
  return line.quantity ?? 1;
}

const rate = (rateBp: number) => String(rateBp / 100);
const csvDate = (d: Date) => {
  const parts = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).formatToParts(d);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}-${part('month')}-${part('year')}`;
};

interface Sums { taxable: number; cgst: number; sgst: number; igst: number; total: number }
const zero = (): Sums => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
function add(s: Sums, l: InvoiceLine, sign: number) {
  s.taxable += sign * l.taxablePaise;
  s.cgst += sign * l.cgstPaise;
  s.sgst += sign * l.sgstPaise;
  s.igst += sign * l.igstPaise;
  s.total += sign * l.pricePaise;
}
const inRupees = (s: Sums) => ({ taxable: s.taxable / 100, cgst: s.cgst / 100, sgst: s.sgst / 100, igst: s.igst / 100, total: s.total / 100 });

/** The first moment of a month (`2026-08`) and of the next, India time. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: new Date(`${month}-01T00:00:00+05:30`), to: new Date(`${next}-01T00:00:00+05:30`) };
}

/**
 * The monthly GST report: made from the tax invoices and credit notes issued in the month (India
 * time), line by line as they were stored, so whatever lines an invoice carries are reported.
 * Credit notes are taken off the consolidated tables (B2CS, HSN summary, by state); a credit note
 * of an invoice reported one by one (B2CL, EXP) is listed in CDNUR.
 */
export function gstReportFlows({ invoices }: Services) {
  async function documents(ctx: StaffContext, month: string) {
    const { from, to } = monthBounds(month);
    const issued = await invoices.issuedBetween(ctx, ctx.store.id, from, to);
    return { invoices: issued.invoices.filter((i) => i.kind === 'tax' && i.number !== null), creditNotes: issued.creditNotes };
  }

  /** Each document's lines with the sign they count with (+ invoice, - credit note), its place and its table. */
  function entries(docs: { invoices: InvoiceRow[]; creditNotes: CreditNoteRow[] }) {
    return [
      ...docs.invoices.map((d) => ({ sign: 1, doc: d, place: placeOf(d.buyer.placeOfSupply), table: tableOf(d.intraState, d.totalPaise, placeOf(d.buyer.placeOfSupply)) })),
      ...docs.creditNotes.map((d) => ({ sign: -1, doc: d, place: placeOf(d.buyer.placeOfSupply), table: tableOf(d.intraState, d.invoiceTotalPaise, placeOf(d.buyer.placeOfSupply)) })),
    ];
  }

  /** Rows per key, each with its lines' sums, in the order first met. */
  function grouped<K>(list: { key: string; meta: K; line: InvoiceLine; sign: number }[]) {
    const groups = new Map<string, { meta: K; sums: Sums; quantity: number }>();
    for (const { key, meta, line, sign } of list) {
      const g = groups.get(key) ?? { meta, sums: zero(), quantity: 0 };
      add(g.sums, line, sign);
      g.quantity += sign * quantityOf(line);
      groups.set(key, g);
    }
    return [...groups.values()];
  }

  function hsnRows(all: ReturnType<typeof entries>) {
    return grouped(all.flatMap((e) => e.doc.lines.map((line) => ({
      key: `${line.hsn}|${line.rateBp}`, line, sign: e.sign,
      meta: { hsn: line.hsn, rateBp: line.rateBp, description: HSN_DESCRIPTIONS[line.hsn.slice(0, 4)] ?? line.description },
    })))).sort((a, b) => a.meta.hsn.localeCompare(b.meta.hsn) || a.meta.rateBp - b.meta.rateBp);
  }

  function csvRows(table: GstReportTable, all: ReturnType<typeof entries>): Record<string, string>[] {
    switch (table) {
      case 'b2cs':
        return grouped(all.filter((e) => e.table === 'b2cs').flatMap((e) => e.doc.lines.map((line) => ({
          key: `${e.place.code}|${e.place.name}|${line.rateBp}`, line, sign: e.sign, meta: { place: e.place, rateBp: line.rateBp },
        })))).sort((a, b) => a.meta.place.code.localeCompare(b.meta.place.code) || a.meta.place.name.localeCompare(b.meta.place.name) || a.meta.rateBp - b.meta.rateBp).map((g) => ({
          Type: 'OE', 'Place Of Supply': placeLabel(g.meta.place), Rate: rate(g.meta.rateBp), 'Applicable % of Tax Rate': '',
          'Taxable Value': csvAmount(g.sums.taxable), 'Cess Amount': '0.00', 'E-Commerce GSTIN': '',
        }));
      case 'b2cl':
      case 'exp':
        return all.filter((e) => e.sign > 0 && e.table === table).flatMap((e) => {
          const inv = e.doc as InvoiceRow;
          return grouped(inv.lines.map((line) => ({ key: String(line.rateBp), line, sign: 1, meta: line.rateBp }))).map((g): Record<string, string> => table === 'b2cl' ? {
            'Invoice Number': inv.number!, 'Invoice date': csvDate(inv.issuedAt), 'Invoice Value': csvAmount(inv.totalPaise), 'Place Of Supply': placeLabel(e.place),
            'Applicable % of Tax Rate': '', Rate: rate(g.meta), 'Taxable Value': csvAmount(g.sums.taxable), 'Cess Amount': '0.00', 'E-Commerce GSTIN': '',
          } : {
            'Export Type': 'WPAY', 'Invoice Number': inv.number!, 'Invoice date': csvDate(inv.issuedAt), 'Invoice Value': csvAmount(inv.totalPaise),
            'Port Code': '', 'Shipping Bill Number': '', 'Shipping Bill Date': '', Rate: rate(g.meta), 'Taxable Value': csvAmount(g.sums.taxable), 'Cess Amount': '0.00',
          });
        });
      case 'cdnur':
        return all.filter((e) => e.sign < 0 && e.table !== 'b2cs').flatMap((e) => {
          const note = e.doc as CreditNoteRow;
          return grouped(note.lines.map((line) => ({ key: String(line.rateBp), line, sign: 1, meta: line.rateBp }))).map((g) => ({
            'UR Type': e.table === 'exp' ? 'EXPWP' : 'B2CL', 'Note Number': note.number, 'Note Date': csvDate(note.issuedAt), 'Note Type': 'C',
            'Place Of Supply': placeLabel(e.place), 'Note Value': csvAmount(note.totalPaise), 'Applicable % of Tax Rate': '', Rate: rate(g.meta),
            'Taxable Value': csvAmount(g.sums.taxable), 'Cess Amount': '0.00',
          }));
        });
      case 'hsn':
        return hsnRows(all).map((g) => ({
          HSN: g.meta.hsn, Description: g.meta.description, UQC: isService(g.meta.hsn) ? 'NA' : 'NOS-NUMBERS', 'Total Quantity': String(g.quantity),
          'Total Value': csvAmount(g.sums.total), Rate: rate(g.meta.rateBp), 'Taxable Value': csvAmount(g.sums.taxable), 'Integrated Tax Amount': csvAmount(g.sums.igst),
          'Central Tax Amount': csvAmount(g.sums.cgst), 'State/UT Tax Amount': csvAmount(g.sums.sgst), 'Cess Amount': '0.00',
        }));
    }
  }

  return {
    async report(ctx: StaffContext, query: GstReportQuery): Promise<GstReportResponse> {
      const docs = await documents(ctx, query.month);
      const all = entries(docs);
      const totals = (rows: { lines: InvoiceLine[] }[]) => {
        const s = zero();
        for (const r of rows) for (const l of r.lines) add(s, l, 1);
        return s;
      };
      const inv = totals(docs.invoices);
      const notes = totals(docs.creditNotes);
      const net = { taxable: inv.taxable - notes.taxable, cgst: inv.cgst - notes.cgst, sgst: inv.sgst - notes.sgst, igst: inv.igst - notes.igst, total: inv.total - notes.total };
      const byState = grouped(all.flatMap((e) => e.doc.lines.map((line) => ({ key: `${e.place.code}|${e.place.name}`, line, sign: e.sign, meta: e.place }))))
        .sort((a, b) => a.meta.code.localeCompare(b.meta.code) || a.meta.name.localeCompare(b.meta.name));
      return {
        month: query.month,
        invoices: { count: docs.invoices.length, ...inRupees(inv) },
        credit_notes: { count: docs.creditNotes.length, ...inRupees(notes) },
        net: inRupees(net),
        by_hsn: hsnRows(all).map((g) => ({ hsn: g.meta.hsn, description: g.meta.description, rate: g.meta.rateBp / 100, quantity: g.quantity, ...inRupees(g.sums) })),
        by_state: byState.map((g) => ({ place_of_supply: g.meta.name, code: g.meta.code, ...inRupees(g.sums) })),
      };
    },

    /** One GSTR-1 table of the month as CSV rows (one batch), with its columns and the file's name. */
    async csv(ctx: StaffContext, query: GstReportCsvQuery) {
      const rows = csvRows(query.table, entries(await documents(ctx, query.month)));
      return {
        columns: GST_CSV_COLUMNS[query.table] as readonly string[],
        name: `gstr1-${query.table}-${query.month}`,
        batches: (async function* () { yield rows; })(),
      };
    },
  };
}

export type GstReportFlows = ReturnType<typeof gstReportFlows>;
