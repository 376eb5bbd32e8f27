import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { creditNotes, invoices } from '@gemstore/db';
import type { GstReportCsvQuery } from '@gemstore/contracts';
import { buildTestApp, type TestApp } from './helper.ts';
import { admin } from './staff-fixtures.ts';
import { refusal } from './client.ts';
import { type Buyer, shopWorld, type ShopWorld } from './world.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

/** The rows of a CSV answer (after its byte order mark), each a list of cells; no cell here holds a comma or quote. */
const csvRows = (body: string) => body.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','));

describe('the monthly GST report', () => {
  let t: TestApp;
  let world: ShopWorld;
  const numbers: Record<string, string> = {};
  const noteNumbers: string[] = [];

  const buyAndPay = (who: Buyer, prices: { price: number; productId?: number }[]) =>
    world.paidOrder(who, prices.map((p) => ({ pricePaise: p.price, productId: p.productId })));
  async function refundLine(orderId: number, index: number) {
    const order = await world.order(orderId);
    await world.refund(orderId, [order.lines[index]!.id], 'Returned');
  }
  /** Dates an order's invoice (and its credit notes) as issued at these moments. */
  async function issuedAt(orderId: number, invoiceAt: string, noteAt?: string) {
    const [row] = await t.db.update(invoices).set({ issuedAt: new Date(invoiceAt) }).where(eq(invoices.orderId, orderId)).returning();
    numbers[orderId] = row!.number!;
    if (noteAt) {
      const [note] = await t.db.update(creditNotes).set({ issuedAt: new Date(noteAt), invoiceIssuedAt: new Date(invoiceAt) }).where(eq(creditNotes.orderId, orderId)).returning();
      noteNumbers.push(note!.number);
    }
  }

  let orders: number[];

  beforeAll(async () => {
    t = await buildTestApp();
    world = await shopWorld(t);
    await world.registerForGst();
    const asha = await world.shopper('Jaipur');
    const ravi = await world.shopper('Mumbai');
    const mira = await world.shopper('New York');

    const diamond = world.shop.catalog.otherProduct.id;
    orders = [
      // Within Rajasthan: Rs. 10,000 (7103, 0.25%) and Rs. 2,50,000 (7102, 1.5%); the first stone refunded.
      await buyAndPay(asha, [{ price: 1_000_000 }, { price: 25_000_000, productId: diamond }]),
      // Within Rajasthan: Rs. 5,000, invoiced at the first moment of August, India time.
      await buyAndPay(asha, [{ price: 500_000 }]),
      // To Maharashtra, Rs. 50,000: inter-state, not above Rs. 1,00,000 (B2CS).
      await buyAndPay(ravi, [{ price: 5_000_000 }]),
      // To Maharashtra, Rs. 1,50,000: inter-state above Rs. 1,00,000 (B2CL), refunded.
      await buyAndPay(ravi, [{ price: 15_000_000, productId: diamond }]),
      // To New York, Rs. 20,000: an export (EXP), refunded.
      await buyAndPay(mira, [{ price: 2_000_000 }]),
      // Invoiced the last moment of July, India time: not in August's report.
      await buyAndPay(asha, [{ price: 700_000 }]),
    ];
    await refundLine(orders[0]!, 0);
    await refundLine(orders[3]!, 0);
    await refundLine(orders[4]!, 0);
    await issuedAt(orders[0]!, '2026-08-03T06:00:00Z', '2026-08-20T06:00:00Z');
    await issuedAt(orders[1]!, '2026-07-31T18:30:00Z');
    await issuedAt(orders[2]!, '2026-08-05T06:00:00Z');
    await issuedAt(orders[3]!, '2026-08-10T06:00:00Z', '2026-08-25T06:00:00Z');
    await issuedAt(orders[4]!, '2026-08-12T06:00:00Z', '2026-08-31T18:29:00Z');
    await issuedAt(orders[5]!, '2026-07-31T18:29:59Z');
  });
  afterAll(() => t?.close());

  const report = (month: string) => world.staff.manager.adminGstReport({ query: { month } });

  it('adds up the month\'s invoices less its credit notes, by HSN code and rate and by place of supply', async () => {
    const body = await report('2026-08');
    // Net: 2,46,30,542 (7102 in Rajasthan) + 4,98,753 (Rs. 5,000) + 49,87,531 (Rs. 50,000 to Maharashtra); the refunded ones cancel out.
    expect(body.net).toEqual({ taxable: 301_168.26, cgst: 1_853.53, sgst: 1_853.52, igst: 124.69, total: 305_000 });
    expect(body.invoices).toMatchObject({ count: 5, total: 485_000 });
    expect(body.credit_notes).toMatchObject({ count: 3, total: 180_000 });
    expect(body.by_hsn).toEqual([
      { hsn: '7102', description: 'Diamonds', rate: 1.5, quantity: 1, taxable: 246_305.42, cgst: 1_847.29, sgst: 1_847.29, igst: 0, total: 250_000 },
      { hsn: '7103', description: 'Precious and semi-precious stones', rate: 0.25, quantity: 2, taxable: 54_862.84, cgst: 6.24, sgst: 6.23, igst: 124.69, total: 55_000 },
    ]);
    expect(body.by_state).toEqual([
      { place_of_supply: 'Rajasthan', code: '08', taxable: 251_292.95, cgst: 1_853.53, sgst: 1_853.52, igst: 0, total: 255_000 },
      { place_of_supply: 'Maharashtra', code: '27', taxable: 49_875.31, cgst: 0, sgst: 0, igst: 124.69, total: 50_000 },
      { place_of_supply: 'Other Countries', code: '96', taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 },
    ]);

    // The same sums straight from the stored invoices and credit notes of August (India time).
    const inMonth = (d: Date) => d >= new Date('2026-07-31T18:30:00Z') && d < new Date('2026-08-31T18:30:00Z');
    const inv = (await t.db.select().from(invoices).where(inArray(invoices.orderId, orders))).filter((i) => inMonth(i.issuedAt));
    const notes = (await t.db.select().from(creditNotes).where(inArray(creditNotes.orderId, orders))).filter((n) => inMonth(n.issuedAt));
    const sum = (rows: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }[], k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise') => rows.reduce((s, r) => s + r[k], 0);
    for (const [field, k] of [['taxable', 'taxablePaise'], ['cgst', 'cgstPaise'], ['sgst', 'sgstPaise'], ['igst', 'igstPaise']] as const) {
      const expected = sum(inv, k) - sum(notes, k);
      expect(Math.round(body.net[field] * 100)).toBe(expected);
      expect(Math.round(body.by_hsn.reduce((s, r) => s + r[field], 0) * 100)).toBe(expected);
      expect(Math.round(body.by_state.reduce((s, r) => s + r[field], 0) * 100)).toBe(expected);
    }
  });

  it('downloads the GSTR-1 tables as CSV, whose taxable values add up to the same net', async () => {
    const manager = world.staff.manager;
    const csv = async (table: GstReportCsvQuery['table']) => {
      const body = await manager.adminGstReportCsv({ query: { month: '2026-08', table } });
      expect(manager.last.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(manager.last.headers['content-disposition']).toBe(`attachment; filename="gstr1-${table}-2026-08.csv"`);
      return csvRows(body);
    };
    expect(await csv('b2cs')).toEqual([
      ['Type', 'Place Of Supply', 'Rate', 'Applicable % of Tax Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
      ['OE', '08-Rajasthan', '0.25', '', '4987.53', '0.00', ''],
      ['OE', '08-Rajasthan', '1.5', '', '246305.42', '0.00', ''],
      ['OE', '27-Maharashtra', '0.25', '', '49875.31', '0.00', ''],
    ]);
    expect(await csv('b2cl')).toEqual([
      ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
      [numbers[orders[3]!], '10-Aug-2026', '150000.00', '27-Maharashtra', '', '1.5', '147783.25', '0.00', ''],
    ]);
    expect(await csv('exp')).toEqual([
      ['Export Type', 'Invoice Number', 'Invoice date', 'Invoice Value', 'Port Code', 'Shipping Bill Number', 'Shipping Bill Date', 'Rate', 'Taxable Value', 'Cess Amount'],
      ['WPAY', numbers[orders[4]!], '12-Aug-2026', '20000.00', '', '', '', '0.25', '19950.12', '0.00'],
    ]);
    expect(await csv('cdnur')).toEqual([
      ['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount'],
      ['B2CL', noteNumbers[1], '25-Aug-2026', 'C', '27-Maharashtra', '150000.00', '', '1.5', '147783.25', '0.00'],
      ['EXPWP', noteNumbers[2], '31-Aug-2026', 'C', '96-Other Countries', '20000.00', '', '0.25', '19950.12', '0.00'],
    ]);
    expect(await csv('hsn')).toEqual([
      ['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', 'Rate', 'Taxable Value', 'Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount', 'Cess Amount'],
      ['7102', 'Diamonds', 'NOS-NUMBERS', '1', '250000.00', '1.5', '246305.42', '0.00', '1847.29', '1847.29', '0.00'],
      ['7103', 'Precious and semi-precious stones', 'NOS-NUMBERS', '2', '55000.00', '0.25', '54862.84', '124.69', '6.24', '6.23', '0.00'],
    ]);
    // B2CS + B2CL + EXP - CDNUR = the net taxable value (Rs. 3,01,168.26).
    const taxable = async (table: GstReportCsvQuery['table'], column: number) => (await csv(table)).slice(1).reduce((s, r) => s + Math.round(Number(r[column]) * 100), 0);
    expect(await taxable('b2cs', 4) + await taxable('b2cl', 6) + await taxable('exp', 8) - await taxable('cdnur', 8)).toBe(30_116_826);
  });

  it('is for staff who may see the shop\'s settings, for a month, and only the shop\'s own', async () => {
    await expect(world.staff.assistant.adminGstReport({ query: { month: '2026-08' } })).rejects.toMatchObject({ status: 403 });
    const bad = await refusal(report('2026-13'));
    expect(bad.status).toBe(422);
    expect(bad.errors.month).toEqual(['Choose a month (YYYY-MM).']);
    // A table GSTR-1 has but the report does not make: a request the typed client cannot make.
    expect((await admin(t, 'a.test', '/reports/gst.csv?month=2026-08&table=b2b', { token: world.tokens.manager })).statusCode).toBe(422);
    const july = await report('2026-07');
    expect(july.invoices).toMatchObject({ count: 1, total: 7_000 });
    const other = await world.otherOwner.adminGstReport({ query: { month: '2026-08' } });
    expect(other).toMatchObject({ invoices: { count: 0 }, credit_notes: { count: 0 }, by_hsn: [], by_state: [] });
  });
});
