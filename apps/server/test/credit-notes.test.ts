import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { financialYearOf } from '@gemstore/contracts';
import { creditNotes, invoices, type InvoiceLine } from '@gemstore/db';
import { apportion, computeCreditNote, creditLine, lineTax } from '../src/modules/invoices/invoices.service.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createItem } from './factories.ts';
import { caller, createShopper, insertAddress, payWithSandbox, placeOrder, type Shop, type Shopper } from './checkout-fixtures.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';
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
  let cast: Awaited<ReturnType<typeof backOfficeStores>>;
  let shop: Shop;
  let asha: Shopper;
  let ravi: Shopper;
  let fy: string;

  beforeAll(async () => {
    t = await buildTestApp();
    cast = await backOfficeStores(t, 'b-');
    shop = { store: cast.a, catalog: cast.catA, domain: 'a.test' };
    asha = await createShopper(t.db, cast.a.id);
    ravi = await createShopper(t.db, cast.a.id);
    fy = financialYearOf(new Date());
    const res = await admin(t, 'a.test', '/settings/tax', {
      method: 'PUT', token: cast.tokens.owner,
      body: {
        legal_name: 'A Gems Private Limited', address: '112 Johari Bazaar, Jaipur, Rajasthan 302003', gstin: '08AABCR1234K1ZH', state_id: 'IN-RJ', invoice_prefix: 'AG',
        products: [{ id: cast.catA.product.id, hsn_code: '7103', gst_rate: 0.25 }, { id: cast.catA.otherProduct.id, hsn_code: '7102', gst_rate: 1.5 }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t?.close());

  async function buyAndPay(who: Shopper, prices: { price: number; productId?: number }[]) {
    const stones = await Promise.all(prices.map((p) => createItem(t.db, cast.a.id, { catalog: cast.catA, pricePaise: p.price, productId: p.productId })));
    const address = (await insertAddress(t.db, cast.a.id, who.id)).id;
    const placed = await placeOrder(t, shop, who, stones.map((s) => s.id), address);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().orderId as number;
    expect((await payWithSandbox(t, shop, who, orderId)).statusCode).toBe(303);
    return orderId;
  }
  const detail = async (orderId: number) => (await admin(t, 'a.test', `/orders/${orderId}`, { token: cast.tokens.manager })).json().order;
  const refund = (orderId: number, lineIds: number[]) =>
    admin(t, 'a.test', `/orders/${orderId}/refunds`, { token: cast.tokens.manager, body: { idempotency_key: randomUUID(), line_ids: lineIds, reason: 'Returned' } });

  it('issues a numbered credit note with the refund, naming the invoice, with the invoice line\'s own figures', async () => {
    const orderId = await buyAndPay(asha, [{ price: 1_000_000 }, { price: 25_000_000, productId: cast.catA.otherProduct.id }]);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    const lineIds = (await detail(orderId)).lines.map((l: { id: number }) => l.id) as number[];
    expect(invoice!.lines.map((l) => l.orderLineId)).toEqual(lineIds);

    const res = await refund(orderId, [lineIds[0]!]);
    expect(res.statusCode, res.body).toBe(200);
    const [note] = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(note).toMatchObject({
      number: `CN/${fy}/0001`, invoiceId: invoice!.id, invoiceNumber: invoice!.number, refundId: res.json().refund.id, intraState: true,
      taxablePaise: 997_506, cgstPaise: 1_247, sgstPaise: 1_247, igstPaise: 0, totalPaise: 1_000_000,
    });
    expect(note!.lines).toEqual([{ ...invoice!.lines[0] }]);

    // Staff see it on the order and download it; so does the customer, from their order.
    const order = await detail(orderId);
    expect(order.credit_notes).toEqual([{ id: note!.id, number: `CN/${fy}/0001`, issued_at: note!.issuedAt.toISOString(), invoice_number: invoice!.number, amount: 10_000, refund_id: note!.refundId }]);
    // Its days as the back office writes days, in India's time (20:35 UTC is 2:05 am the next day).
    await t.db.update(creditNotes).set({ issuedAt: new Date('2026-04-08T05:00:00Z'), invoiceIssuedAt: new Date('2026-03-04T20:35:00Z') }).where(eq(creditNotes.id, note!.id));
    const staffPdf = await admin(t, 'a.test', `/orders/${orderId}/credit-notes/${note!.id}`, { token: cast.tokens.assistant });
    expect(staffPdf.statusCode).toBe(200);
    expect(staffPdf.headers['content-type']).toBe('application/pdf');
    expect(staffPdf.headers['content-disposition']).toBe(`attachment; filename="credit-note-CN-${fy}-0001.pdf"`);
    const text = await pdfText(staffPdf.rawPayload);
    for (const expected of ['Credit note', `Credit note no.: CN/${fy}/0001`, `Against invoice: ${invoice!.number}`, 'Rs. 9,975.06', 'Rs. 12.47', 'Rs. 10,000.00', 'Total credited', 'Date: 8 Apr 2026', 'Invoice date: 5 Mar 2026']) {
      expect(text).toContain(expected);
    }
    const own = await caller(t, 'a.test')('/api/order', asha, { orderId });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().order.credit_notes).toHaveLength(1);
    const customerPdf = await caller(t, 'a.test')(`/api/order-credit-note/${orderId}/${note!.id}`, asha, undefined, 'GET');
    expect(customerPdf.statusCode).toBe(200);
    expect(customerPdf.rawPayload.equals(staffPdf.rawPayload)).toBe(true);
    // Another customer, another order's note, another shop: not found.
    expect((await caller(t, 'a.test')(`/api/order-credit-note/${orderId}/${note!.id}`, ravi, undefined, 'GET')).statusCode).toBe(404);
    expect((await admin(t, 'a.test', `/orders/${orderId}/credit-notes/${note!.id + 1000}`, { token: cast.tokens.manager })).statusCode).toBe(404);
    expect((await admin(t, 'b.test', `/orders/${orderId}/credit-notes/${note!.id}`, { token: cast.bOwnerToken })).statusCode).toBe(404);

    // The second stone refunded: the next number of the series.
    expect((await refund(orderId, [lineIds[1]!])).statusCode).toBe(200);
    const notes = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(notes.map((n) => [n.number, n.taxablePaise, n.cgstPaise, n.sgstPaise, n.totalPaise])).toEqual([
      [`CN/${fy}/0001`, 997_506, 1_247, 1_247, 1_000_000], [`CN/${fy}/0002`, 24_630_542, 184_729, 184_729, 25_000_000],
    ]);
    // Credit notes add up to the invoice when every stone was refunded.
    expect(notes.reduce((s, n) => s + n.taxablePaise, 0)).toBe(invoice!.taxablePaise);
  });
});
