import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { gstRateLabel } from '@gemstore/contracts';
import { formatDate, formatPaise, shopTimeZone } from '@gemstore/contracts/format';
import type { CreditNoteRow, InvoiceRow } from './invoices.repo.ts';

/**
 * The invoice's typefaces: Noto Sans for Latin (with its accents), Greek and Cyrillic, Noto Sans
 * Devanagari for names and addresses written in Hindi or Marathi. pdfkit's built-in Helvetica
 * holds only Western European letters and printed anything else as wrong characters. pdfkit embeds
 * only the glyphs a document uses.
 */
export interface InvoiceFonts { regular: Buffer; bold: Buffer; devanagari: Buffer; devanagariBold: Buffer }

export function loadInvoiceFonts(): InvoiceFonts {
  const require = createRequire(import.meta.url);
  const font = (file: string) => readFileSync(require.resolve(`@expo-google-fonts/${file}`));
  return {
    regular: font('noto-sans/400Regular/NotoSans_400Regular.ttf'),
    bold: font('noto-sans/700Bold/NotoSans_700Bold.ttf'),
    devanagari: font('noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
    devanagariBold: font('noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
  };
}

/** Devanagari letters and signs (the script's block and its two extensions). */
const DEVANAGARI = '[\\u0900-\\u097F\\uA8E0-\\uA8FF\\u1CD0-\\u1CFF]';
/** A run of them, with the spaces and joiners between two of them (one run per phrase). */
const DEVANAGARI_RUN = new RegExp(`(${DEVANAGARI}+(?:[ \\u200C\\u200D]+${DEVANAGARI}+)*)`);
const DEVANAGARI_LETTER = new RegExp(DEVANAGARI);

type Weight = 'regular' | 'bold';
type TextOptions = PDFKit.Mixins.TextOptions;

/** Noto Sans's ascender (units per em 1000): where pdfkit puts the baseline below a line's top. */
const LATIN_ASCENDER = 1069;

/**
 * Writes text at a size in the typeface each part needs: Devanagari runs in Noto Sans Devanagari,
 * the rest in Noto Sans, continued on one flow so wrapping and line breaks stay pdfkit's. pdfkit
 * hangs each run from its own font's ascender, lower in Noto Sans; Devanagari runs are set on the
 * same baseline.
 */
function write(doc: PDFKit.PDFDocument, text: string, weight: Weight, size: number, options: TextOptions = {}, at?: { x: number; y: number }) {
  const parts = text.split(DEVANAGARI_RUN).filter((part) => part !== '');
  if (parts.length === 0) parts.push('');
  doc.fontSize(size);
  parts.forEach((part, i) => {
    const devanagari = DEVANAGARI_LETTER.test(part);
    doc.font(`${devanagari ? 'devanagari-' : ''}${weight}`);
    const opts = { ...options, continued: i < parts.length - 1, ...(devanagari ? { baseline: -(LATIN_ASCENDER / 1000) * size } : {}) };
    if (i === 0 && at) doc.text(part, at.x, at.y, opts);
    else doc.text(part, opts);
  });
}

/** A tax document's day: GST keeps India's time, whatever the shop's own. */
const dateOf = (d: Date) => formatDate(d, shopTimeZone(true));

/** What a tax document shows beyond its figures: its kind, its number's label, and the lines under the number. */
interface DocumentMeta {
  title: string;
  subtitle: string;
  numberLabel: string;
  references: string[];
  totalLabel: string;
  footnote: string;
}

/**
 * The invoice as an A4 PDF (pdfkit, Noto Sans): seller, buyer and place of supply, a table of lines
 * (description, HSN, taxable value, rate, tax), the totals, and the total in figures. Everything
 * shown comes from the frozen row.
 */
export function renderInvoicePdf(row: InvoiceRow, orderNumber: string, fonts: InvoiceFonts): Promise<Buffer> {
  const tax = row.kind === 'tax';
  return renderDocument(row, tax, orderNumber, fonts, {
    title: tax ? 'Tax invoice' : 'Receipt', subtitle: tax ? 'Prices include GST.' : 'Thank you for your purchase.',
    numberLabel: tax ? 'Invoice no.' : 'Receipt no.', references: [], totalLabel: 'Total',
    footnote: tax ? 'GST is worked back from the GST-inclusive price of each stone and rounded to the paisa per line.' : `${row.seller.legalName} · ${row.seller.address}`,
  });
}

/** A credit note as an A4 PDF, laid out as the invoice it reduces, naming that invoice's number and date. */
export function renderCreditNotePdf(row: CreditNoteRow, orderNumber: string, fonts: InvoiceFonts): Promise<Buffer> {
  return renderDocument(row, true, orderNumber, fonts, {
    title: 'Credit note', subtitle: 'Issued for a refund; it reduces the tax invoice named below.',
    numberLabel: 'Credit note no.', references: [`Against invoice: ${row.invoiceNumber}`, `Invoice date: ${dateOf(row.invoiceIssuedAt)}`],
    totalLabel: 'Total credited',
    footnote: 'Each line carries the figures of the invoice line it refunds; a line refunded in part, the invoice\'s figures in proportion, to the paisa.',
  });
}

type TaxDocument = Pick<InvoiceRow, 'number' | 'issuedAt' | 'seller' | 'buyer' | 'lines' | 'intraState' | 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise'>;

function renderDocument(row: TaxDocument, tax: boolean, orderNumber: string, fonts: InvoiceFonts, meta: DocumentMeta): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${meta.title} ${row.number ?? ''}`, Author: row.seller.legalName } });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  doc.registerFont('devanagari-regular', fonts.devanagari);
  doc.registerFont('devanagari-bold', fonts.devanagariBold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 40;
  const width = doc.page.width - 80;
  write(doc, meta.title, 'bold', 18, {}, { x: left, y: 40 });
  doc.fillColor('#555');
  write(doc, meta.subtitle, 'regular', 9);
  doc.fillColor('#000').moveDown(0.8);

  // Seller (left) and the invoice's number and date (right).
  const top = doc.y;
  const sellerColumn = { width: width * 0.6 };
  write(doc, row.seller.legalName, 'bold', 11, sellerColumn, { x: left, y: top });
  write(doc, row.seller.address, 'regular', 9, sellerColumn);
  if (tax) {
    write(doc, `GSTIN: ${row.seller.gstin || 'not registered'}`, 'regular', 9, sellerColumn);
    if (row.seller.state) write(doc, `State: ${row.seller.state}${row.seller.stateCode ? ` (code ${row.seller.stateCode})` : ''}`, 'regular', 9, sellerColumn);
  }
  if (row.seller.email) write(doc, row.seller.email, 'regular', 9, sellerColumn);
  const sellerBottom = doc.y;
  const rightColumn = { width: width * 0.38, align: 'right' } as const;
  write(doc, `${meta.numberLabel}: ${row.number ?? ''}`, 'bold', 9, rightColumn, { x: left + width * 0.62, y: top });
  write(doc, `Date: ${dateOf(row.issuedAt)}`, 'regular', 9, rightColumn);
  for (const reference of meta.references) write(doc, reference, 'regular', 9, rightColumn);
  write(doc, `Order: ${orderNumber}`, 'regular', 9, rightColumn);
  doc.y = Math.max(doc.y, sellerBottom) + 14;

  // Buyer and place of supply.
  write(doc, 'Bill to', 'bold', 10, {}, { x: left, y: doc.y });
  write(doc, row.buyer.name, 'regular', 9);
  write(doc, row.buyer.address, 'regular', 9);
  if (row.buyer.phone) write(doc, `Phone: ${row.buyer.phone}`, 'regular', 9);
  if (tax) write(doc, `Place of supply: ${row.buyer.placeOfSupply}`, 'regular', 9);
  doc.moveDown(1);

  // Lines.
  const cols = tax
    ? [{ h: 'Description', w: 0.26 }, { h: 'HSN', w: 0.08 }, { h: 'Taxable value', w: 0.17, r: true }, { h: 'GST rate', w: 0.08, r: true },
      ...(row.intraState ? [{ h: 'CGST', w: 0.13, r: true }, { h: 'SGST', w: 0.13, r: true }] : [{ h: 'IGST', w: 0.26, r: true }]), { h: 'Amount', w: 0.15, r: true }]
    : [{ h: 'Description', w: 0.7 }, { h: 'Amount', w: 0.3, r: true }];
  const rowOf = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    cells.forEach((cell, i) => {
      const col = cols[i]!;
      write(doc, cell, bold ? 'bold' : 'regular', 8.5, { width: col.w * width - 4, align: col.r ? 'right' : 'left' }, { x: x + 2, y });
      bottom = Math.max(bottom, doc.y);
      x += col.w * width;
    });
    doc.y = bottom + 4;
    doc.moveTo(left, doc.y - 2).lineTo(left + width, doc.y - 2).strokeColor('#ccc').lineWidth(0.5).stroke();
  };
  rowOf(cols.map((c) => c.h), true);
  for (const l of row.lines) {
    const described = l.sku ? `${l.description} (SKU ${l.sku})` : l.description;
    if (!tax) { rowOf([described, formatPaise(l.pricePaise)]); continue; }
    const rate = gstRateLabel(l.rateBp);
    const split = row.intraState
      ? [`${formatPaise(l.cgstPaise)}\n@ ${gstRateLabel(l.rateBp / 2)}`, `${formatPaise(l.sgstPaise)}\n@ ${gstRateLabel(l.rateBp / 2)}`]
      : [`${formatPaise(l.igstPaise)}\n@ ${rate}`];
    rowOf([described, l.hsn, formatPaise(l.taxablePaise), rate, ...split, formatPaise(l.pricePaise)]);
  }

  // Totals.
  doc.moveDown(0.6);
  const total = (label: string, value: string, bold = false) => {
    const y = doc.y;
    write(doc, label, bold ? 'bold' : 'regular', bold ? 10.5 : 9, { width: width * 0.3, align: 'right' }, { x: left + width * 0.5, y });
    write(doc, value, bold ? 'bold' : 'regular', bold ? 10.5 : 9, { width: width * 0.2, align: 'right' }, { x: left + width * 0.8, y });
  };
  if (tax) {
    total('Taxable value', formatPaise(row.taxablePaise));
    if (row.intraState) {
      total('CGST', formatPaise(row.cgstPaise));
      total('SGST', formatPaise(row.sgstPaise));
    } else {
      total('IGST', formatPaise(row.igstPaise));
    }
  }
  total(meta.totalLabel, formatPaise(row.totalPaise), true);
  doc.moveDown(1.5);
  doc.fillColor('#555');
  write(doc, meta.footnote, 'regular', 8, { width }, { x: left, y: doc.y });
  doc.end();
  return done;
}
