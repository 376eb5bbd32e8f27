import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { financialYearOf } from '@gemstore/contracts';
import { creditNotes, invoices, type InvoiceLine } from '@gemstore/db';
import { apportion, computeCreditNote, creditLine, lineTax } from '../src/modules/invoices/invoices.service.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { type Buyer, shopWorld, type ShopWorld } from './world.ts';
import { pdfText } from './pdf-text.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const line = (pricePaise: number, rateBp: number, intra: boolean, extra: Partial<InvoiceLine> = {}): InvoiceLine =>
  ({ description: 'Ruby', sku: 'R1', hsn: '7103', rateBp, pricePaise, ...lineTax(pricePaise, rateBp, intra), ...extra });

describe('credit note figures, by hand', () => {
  it('shares paise in proportion, the paise left over to the largest remainders', () => {
    // 100 over 1:1:1 -> 33.33 each; the one paisa left goes to the first.
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // 10 over 7:3 -> 7, 3 exactly.
    expect(apportion(10, [7, 3])).toEqual([7, 3]);
    expect(apportion(0, [0, 0])).toEqual([0, 0]);
  });

  it('carries a whole line with the invoice\'s own figures', () => {
    const l = line(1_000_000, 25, true);
    expect(creditLine(l, 1_000_000)).toEqual(l);
  });

  it('credits part of a line in proportion, adding up to the amount refunded', () => {
    // Rs. 10,000.00 at 0.25% within the state: taxable 9,975.06, CGST 12.47, SGST 12.47.
    // Rs. 4,000.00 back (0.4): taxable 3,99,002.4 -> 3,99,002; CGST 498.8 -> 498, SGST 498.8 -> 498;
    // 2 paise left go to CGST and SGST (remainders .8 each): 3,99,002 + 499 + 499 = 4,00,000.
    expect(creditLine(line(1_000_000, 25, true), 400_000)).toMatchObject({ pricePaise: 400_000, taxablePaise: 399_002, cgstPaise: 499, sgstPaise: 499, igstPaise: 0, quantity: 0 });
    // Rs. 2,50,000.00 at 1.5% across states: taxable 2,46,305.42, IGST 3,694.58. Rs. 1,00,000.01 back:
    // taxable 98,52,217.785 -> 98,52,217, IGST 1,47,783.215 -> 1,47,783; the one paisa left to the taxable value.
    expect(creditLine(line(25_000_000, 150, false), 10_000_001)).toMatchObject({ pricePaise: 10_000_001, taxablePaise: 9_852_218, cgstPaise: 0, sgstPaise: 0, igstPaise: 147_783 });
    expect(() => creditLine(line(1_000, 25, true), 1_001)).toThrow();
  });

  it('finds the refunded lines on the invoice and totals them', () => {
    const invoice = {
      id: 7, storeId: 1, orderId: 3, kind: 'tax' as const, number: 'AG/26-27/000009', financialYear: '2026-27', issuedAt: new Date('2026-08-10T06:00:00Z'),
      seller: { legalName: 'S', address: 'A', gstin: '', state: 'Rajasthan', stateCode: '08', email: '' },
      buyer: { name: 'B', address: 'X', phone: '', placeOfSupply: 'Rajasthan (08)', country: 'India' },
      lines: [line(1_000_000, 25, true, { orderLineId: 11 }), line(25_000_000, 150, true, { orderLineId: 12, hsn: '7102' })],
      intraState: true, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 26_000_000, createdAt: new Date(),
    };
    const note = computeCreditNote(invoice, { refundId: 5, issuedAt: new Date('2026-09-01T06:00:00Z'), orderLineIds: [11, 12], lines: [{ orderLineId: 12, amountPaise: 25_000_000 }, { orderLineId: 11, amountPaise: 400_000 }] });
    // 2,46,30,542 + 1,84,729 x 2 (whole line) and 3,99,002 + 499 x 2 (part).
    expect(note).toMatchObject({
      invoiceNumber: 'AG/26-27/000009', invoiceId: 7, refundId: 5, financialYear: '2026-27', totalPaise: 25_400_000,
      taxablePaise: 24_630_542 + 399_002, cgstPaise: 184_729 + 499, sgstPaise: 184_729 + 499, igstPaise: 0,
    });
    expect(note.taxablePaise + note.cgstPaise + note.sgstPaise + note.igstPaise).toBe(25_400_000);
    // An invoice written before its lines named their order line: matched by the order's line order.
    const older = { ...invoice, lines: invoice.lines.map(({ orderLineId: _id, ...l }) => l) };
    expect(computeCreditNote(older, { refundId: 6, issuedAt: new Date(), orderLineIds: [11, 12], lines: [{ orderLineId: 11, amountPaise: 1_000_000 }] }).lines[0])
      .toMatchObject({ taxablePaise: 997_506, cgstPaise: 1_247, sgstPaise: 1_247, orderLineId: 11 });
  });
});

describe('credit notes of refunds', () => {
  let t: TestApp;
  let world: ShopWorld;
  let asha: Buyer;
  let ravi: Buyer;
  let fy: string;

  beforeAll(async () => {
    t = await buildTestApp();
    world = await shopWorld(t);
    asha = await world.shopper();
    ravi = await world.shopper();
    fy = financialYearOf(new Date());
    await world.registerForGst();
  });
  afterAll(() => t?.close());

  const buyAndPay = (who: Buyer, prices: { price: number; productId?: number }[]) =>
    world.paidOrder(who, prices.map((p) => ({ pricePaise: p.price, productId: p.productId })));

  it('issues a numbered credit note with the refund, naming the invoice, with the invoice line\'s own figures', async () => {
    const orderId = await buyAndPay(asha, [{ price: 1_000_000 }, { price: 25_000_000, productId: world.shop.catalog.otherProduct.id }]);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    const lineIds = (await world.order(orderId)).lines.map((l) => l.id);
    expect(invoice!.lines.map((l) => l.orderLineId)).toEqual(lineIds);

    const res = await world.refund(orderId, [lineIds[0]!]);
    const [note] = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(note).toMatchObject({
      number: `CN/${fy}/0001`, invoiceId: invoice!.id, invoiceNumber: invoice!.number, refundId: res.refund.id, intraState: true,
      taxablePaise: 997_506, cgstPaise: 1_247, sgstPaise: 1_247, igstPaise: 0, totalPaise: 1_000_000,
    });
    expect(note!.lines).toEqual([{ ...invoice!.lines[0] }]);

    // Staff see it on the order and download it; so does the customer, from their order.
    const order = await world.order(orderId);
    expect(order.credit_notes).toEqual([{ id: note!.id, number: `CN/${fy}/0001`, issued_at: note!.issuedAt.toISOString(), invoice_number: invoice!.number, amount: 10_000, refund_id: note!.refundId }]);
    // Its days as the back office writes days, in India's time (20:35 UTC is 2:05 am the next day).
    await t.db.update(creditNotes).set({ issuedAt: new Date('2026-04-08T05:00:00Z'), invoiceIssuedAt: new Date('2026-03-04T20:35:00Z') }).where(eq(creditNotes.id, note!.id));
    const { assistant } = world.staff;
    await assistant.adminOrderCreditNote({ params: { id: orderId, noteId: note!.id } });
    // The PDF's bytes, from the raw answer.
    const staffPdf = assistant.last;
    expect(staffPdf.statusCode).toBe(200);
    expect(staffPdf.headers['content-type']).toBe('application/pdf');
    expect(staffPdf.headers['content-disposition']).toBe(`attachment; filename="credit-note-CN-${fy}-0001.pdf"`);
    const text = await pdfText(staffPdf.rawPayload);
    for (const expected of ['Credit note', `Credit note no.: CN/${fy}/0001`, `Against invoice: ${invoice!.number}`, 'Rs. 9,975.06', 'Rs. 12.47', 'Rs. 10,000.00', 'Total credited', 'Date: 8 Apr 2026', 'Invoice date: 5 Mar 2026']) {
      expect(text).toContain(expected);
    }
    const own = await asha.api.order({ body: { orderId } });
    expect(own.order.credit_notes).toHaveLength(1);
    await asha.api.orderCreditNote({ params: { orderId, noteId: note!.id } });
    const customerPdf = asha.api.last;
    expect(customerPdf.statusCode).toBe(200);
    expect(customerPdf.rawPayload.equals(staffPdf.rawPayload)).toBe(true);
    // Another customer, another order's note, another shop: not found.
    await expect(ravi.api.orderCreditNote({ params: { orderId, noteId: note!.id } })).rejects.toMatchObject({ status: 404 });
    await expect(world.staff.manager.adminOrderCreditNote({ params: { id: orderId, noteId: note!.id + 1000 } })).rejects.toMatchObject({ status: 404 });
    await expect(world.otherOwner.adminOrderCreditNote({ params: { id: orderId, noteId: note!.id } })).rejects.toMatchObject({ status: 404 });

    // The second stone refunded: the next number of the series.
    await world.refund(orderId, [lineIds[1]!]);
    const notes = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(notes.map((n) => [n.number, n.taxablePaise, n.cgstPaise, n.sgstPaise, n.totalPaise])).toEqual([
      [`CN/${fy}/0001`, 997_506, 1_247, 1_247, 1_000_000], [`CN/${fy}/0002`, 24_630_542, 184_729, 184_729, 25_000_000],
    ]);
    // Credit notes add up to the invoice when every stone was refunded.
    expect(notes.reduce((s, n) => s + n.taxablePaise, 0)).toBe(invoice!.taxablePaise);
  });
});
