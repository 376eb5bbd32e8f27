import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { financialYearOf, invoiceRoutes } from '@gemstore/contracts';
import { STAFF_ROLES } from '@gemstore/contracts/constants';
import { addresses, auditLog, invoices, invoiceSeries, products, stores } from '@gemstore/db';
import { computeInvoice, lineTax } from '../src/modules/invoices/invoices.service.ts';
import { buildApp } from '../src/app.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createItem, createStore, createCatalog } from './factories.ts';
import { createShopper, insertAddress, payWithSandbox, placeOrder, type Shop } from './checkout-fixtures.ts';
import { type BodyOf, clientFor, refusal, type TestClient } from './client.ts';
import { type Buyer, shopWorld, type ShopWorld } from './world.ts';
import { pdfText } from './pdf-text.ts';

describe('GST worked back from a GST-inclusive price, by hand', () => {
  it('splits CGST and SGST within the state and charges IGST across states, rounded to the paisa per line', () => {
    // Rs. 10,000.00 at 0.25% (7103): 10,00,000 / 1.0025 = 9,97,506.23 -> 9,97,506 paise; tax 2,494 = 1,247 + 1,247.
    expect(lineTax(1_000_000, 25, true)).toEqual({ taxablePaise: 997_506, cgstPaise: 1_247, sgstPaise: 1_247, igstPaise: 0 });
    expect(lineTax(1_000_000, 25, false)).toEqual({ taxablePaise: 997_506, cgstPaise: 0, sgstPaise: 0, igstPaise: 2_494 });
    // Rs. 2,50,000.00 at 1.5% (7102): 2,50,00,000 / 1.015 = 2,46,30,541.87 -> 2,46,30,542; tax 3,69,458 = 1,84,729 x 2.
    expect(lineTax(25_000_000, 150, true)).toEqual({ taxablePaise: 24_630_542, cgstPaise: 184_729, sgstPaise: 184_729, igstPaise: 0 });
    // Rs. 12,345.67 at 3% (7101): 12,34,567 / 1.03 = 11,98,608.74 -> 11,98,609; IGST 35,958.
    expect(lineTax(1_234_567, 300, false)).toEqual({ taxablePaise: 1_198_609, cgstPaise: 0, sgstPaise: 0, igstPaise: 35_958 });
    // Rs. 100.01 at 3%: 10,001 / 1.03 = 9,709.71 -> 9,710; tax 291 is odd: CGST takes the odd paisa (146 + 145).
    expect(lineTax(10_001, 300, true)).toEqual({ taxablePaise: 9_710, cgstPaise: 146, sgstPaise: 145, igstPaise: 0 });
    // Half a paisa rounds up: 201 / 1.005 = 200.0 -> 200 (tax 1); 403 / 1.0025 = 401.99 -> 402 (tax 1, all CGST).
    expect(lineTax(403, 25, true)).toEqual({ taxablePaise: 402, cgstPaise: 1, sgstPaise: 0, igstPaise: 0 });
    // A price no float holds exactly: Rs. 9,00,00,00,000.01 at 0.25%.
    expect(lineTax(90_000_000_001, 25, false).taxablePaise).toBe(89_775_561_098);
  });

  it('adds the lines into the totals, and a receipt carries no tax', () => {
    const seller = { legalName: 'S', address: 'A', gstin: '', state: 'Rajasthan', stateCode: '08', email: '' };
    const buyer = { name: 'B', address: 'X', phone: '', placeOfSupply: 'Rajasthan (08)', country: 'India' };
    const lines = [
      { description: 'Ruby', sku: 'R1', hsn: '7103', rateBp: 25, pricePaise: 1_000_000 },
      { description: 'Diamond', sku: 'D1', hsn: '7102', rateBp: 150, pricePaise: 25_000_000 },
    ];
    const issuedAt = new Date('2026-05-01T10:00:00Z');
    const invoice = computeInvoice({ storeId: 1, orderId: 1, kind: 'tax', issuedAt, seller, buyer, intraState: true, lines });
    expect(invoice).toMatchObject({ taxablePaise: 25_628_048, cgstPaise: 185_976, sgstPaise: 185_976, igstPaise: 0, totalPaise: 26_000_000, financialYear: '2026-27' });
    const receipt = computeInvoice({ storeId: 1, orderId: 1, kind: 'receipt', issuedAt, seller, buyer, intraState: false, lines });
    expect(receipt).toMatchObject({ taxablePaise: 26_000_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 26_000_000 });
    // The financial year turns on 1 April, India time.
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
  });
});

describe('tax invoices of paid orders', () => {
  let t: TestApp;
  let world: ShopWorld;
  let asha: Buyer;
  let ravi: Buyer;
  let fy: string;
  const settings = {
    legal_name: 'A Gems Private Limited', address: '112 Johari Bazaar, Jaipur, Rajasthan 302003', gstin: '08AABCR1234K1ZH',
    state_id: 'IN-RJ', invoice_prefix: 'AG',
  };

  beforeAll(async () => {
    t = await buildTestApp();
    world = await shopWorld(t);
    asha = await world.shopper();
    ravi = await world.shopper();
    fy = financialYearOf(new Date()).slice(2);
    // The settings above, with sapphires (7103) at 0.25% and the other gem type (7102) at 1.5%.
    await world.registerForGst(settings);
  });
  afterAll(() => t?.close());

  /** An order of new stones at these prices, paid; shipped to `addressId` when given, else to the buyer's address. */
  const buyAndPay = (who: Buyer, prices: { price: number; productId?: number }[], addressId?: number) =>
    world.paidOrder(addressId ? { ...who, addressId } : who, prices.map((p) => ({ pricePaise: p.price, productId: p.productId })));

  /** The invoice's PDF as the buyer downloads it: the raw answer, for its bytes and headers. */
  async function download(orderId: number, who: Buyer) {
    await who.api.orderInvoice({ params: { orderId } });
    return who.api.last;
  }

  it('issues a numbered tax invoice with CGST and SGST within the state, and the PDF shows every figure', async () => {
    const orderId = await buyAndPay(asha, [{ price: 1_000_000 }, { price: 25_000_000, productId: world.shop.catalog.otherProduct.id }]);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(row).toMatchObject({
      kind: 'tax', number: `AG/${fy}/000001`, intraState: true,
      taxablePaise: 25_628_048, cgstPaise: 185_976, sgstPaise: 185_976, igstPaise: 0, totalPaise: 26_000_000,
    });
    expect(row!.number!.length).toBeLessThanOrEqual(16);
    expect(row!.lines.map((l) => [l.hsn, l.rateBp, l.taxablePaise, l.cgstPaise, l.sgstPaise])).toEqual([
      ['7103', 25, 997_506, 1_247, 1_247], ['7102', 150, 24_630_542, 184_729, 184_729],
    ]);

    // Its day as the back office writes days (India's time: 20:35 UTC is 2:05 am the next day).
    await t.db.update(invoices).set({ issuedAt: new Date('2026-03-04T20:35:00Z') }).where(eq(invoices.id, row!.id));
    const res = await download(orderId, asha);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-AG-${fy}-000001.pdf"`);
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Tax invoice', 'A Gems Private Limited', 'GSTIN: 08AABCR1234K1ZH', 'State: Rajasthan (code 08)', `Invoice no.: AG/${fy}/000001`,
      'Place of supply: Rajasthan (08)', 'Asha Rao', '7103', '7102', 'Rs. 9,975.06', 'Rs. 12.47', '@ 0.125%', 'Rs. 2,46,305.42', 'Rs. 1,847.29', '@ 0.75%',
      'Rs. 2,56,280.48', 'Rs. 1,859.76', 'Rs. 2,60,000.00', 'Date: 5 Mar 2026',
    ]) expect(text, expected).toContain(expected);
    expect(text).not.toContain('IGST');
  });

  it('charges IGST to another state, numbers the next invoice, and keeps issued figures when rates change', async () => {
    const [mh] = await t.db.insert(addresses).values({
      storeId: world.shop.store.id, customerId: ravi.id, name: 'Ravi Kulkarni', phone: '9822012345', address: '5 Marine Drive', locality: 'Churchgate',
      landmark: '', pincode: '400020', label: 'Home', countryCode: 'IN', stateCode: 'MH', cityName: 'Mumbai', addressTypeId: 1,
    }).returning();
    const [pearl] = await t.db.insert(products).values({
      storeId: world.shop.store.id, categoryId: world.shop.catalog.category.id, name: 'Pearl', alias: 'Moti', url: 'a-pearl', hsnCode: '7101', gstRateBp: 300,
    }).returning();
    const orderId = await buyAndPay(ravi, [{ price: 1_234_567, productId: pearl!.id }], mh!.id);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(row).toMatchObject({ number: `AG/${fy}/000002`, intraState: false, taxablePaise: 1_198_609, igstPaise: 35_958, cgstPaise: 0, sgstPaise: 0, totalPaise: 1_234_567 });
    expect(row!.buyer.placeOfSupply).toBe('Maharashtra (27)');

    const first = await download(orderId, ravi);
    const before = await pdfText(first.rawPayload);
    // Made once and kept: a later download is the same file, its creation time included (a second PDF
    // would carry a later one).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await download(orderId, ravi)).rawPayload.equals(first.rawPayload)).toBe(true);
    for (const expected of ['IGST', 'Rs. 11,986.09', 'Rs. 359.58', 'Rs. 12,345.67', 'Place of supply: Maharashtra (27)', '3%']) expect(before, expected).toContain(expected);

    // A later rate and seller change does not rewrite an issued invoice.
    const changed = await world.staff.manager.adminTaxSettingsUpdate({
      body: { ...settings, legal_name: 'Renamed Gems LLP', products: [{ id: pearl!.id, hsn_code: '7116', gst_rate: 5 }] },
    });
    expect(changed.products.find((p) => p.id === pearl!.id)).toMatchObject({ hsn_code: '7116', gst_rate: 5 });
    const after = await pdfText((await download(orderId, ravi)).rawPayload);
    expect(after).toBe(before);
    // The PDF is kept once made, so the row it is made from is checked too: its figures and seller stay.
    const [unchanged] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(unchanged).toEqual(row);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.objectType, 'product'));
    expect(entries.some((e) => e.action === 'product.tax' && e.objectId === String(pearl!.id))).toBe(true);
  });

  it('gives concurrent payments distinct numbers with no gap', async () => {
    const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => world.shopper()));
    const orderIds = await Promise.all(buyers.map(async (b) => (await world.placeOrder(b, [await world.stone({ pricePaise: 500_000 })])).orderId));
    // All paid at once on the sandbox's page (an HTML form, posted raw).
    const results = await Promise.all(orderIds.map((id, i) => payWithSandbox(t, world.shop, buyers[i]!, id)));
    expect(results.map((r) => r.statusCode)).toEqual([303, 303, 303, 303, 303]);
    const rows = await t.db.select().from(invoices).where(eq(invoices.storeId, world.shop.store.id));
    const numbers = rows.map((r) => Number(r.number!.split('/')[2])).sort((x, y) => x - y);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const [series] = await t.db.select().from(invoiceSeries).where(eq(invoiceSeries.storeId, world.shop.store.id));
    expect(series!.lastNumber).toBe(7);
  });

  it('prints a buyer written in Devanagari or with Central European letters as written', async () => {
    const buyer = await world.shopper();
    const [home] = await t.db.insert(addresses).values({
      storeId: world.shop.store.id, customerId: buyer.id, name: 'राम सेठ (Łukasz Dvořák)', phone: '9822054321', address: 'हवा महल रोड 7', locality: 'Bădi Chaupar',
      landmark: '', pincode: '302002', label: 'Home', countryCode: 'IN', stateCode: 'RJ', cityName: 'Jaipur', addressTypeId: 1,
    }).returning();
    const orderId = await buyAndPay(buyer, [{ price: 500_000 }], home!.id);
    const text = await pdfText((await download(orderId, buyer)).rawPayload);
    // Helvetica, pdfkit's built-in face, has none of these letters: they came out as other characters.
    for (const expected of ['राम सेठ', 'Łukasz Dvořák', 'हवा महल रोड', '7, Bădi Chaupar', 'Rs. 5,000.00']) expect(text, expected).toContain(expected);
  });

  it('lets only the customer who owns a paid order download it, and every role of its store', async () => {
    const orderId = (await t.db.select().from(invoices).where(eq(invoices.storeId, world.shop.store.id)))[0]!.orderId;
    const owner = (await t.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0]!;
    const asOwner = owner.buyer.name === 'Asha Rao' ? asha : ravi;
    const other = asOwner === asha ? ravi : asha;
    await expect(other.api.orderInvoice({ params: { orderId } })).rejects.toMatchObject({ status: 404 });
    await expect(world.guest.orderInvoice({ params: { orderId } })).rejects.toMatchObject({ status: 401 });
    // An unpaid order (to a second address of hers) has no invoice yet.
    const unpaid = (await world.placeOrder({ ...asha, addressId: (await insertAddress(t.db, world.shop.store.id, asha.id, false)).id }, [await world.stone()])).orderId;
    const refused = await refusal(asha.api.orderInvoice({ params: { orderId: unpaid } }));
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('order_not_paid');

    for (const role of STAFF_ROLES) {
      const member = world.staff[role];
      await member.adminOrderInvoice({ params: { id: orderId } });
      expect(member.last.statusCode, role).toBe(200);
      expect(member.last.headers['content-type']).toBe('application/pdf');
    }
    await expect(world.as(world.customerToken).adminOrderInvoice({ params: { id: orderId } })).rejects.toMatchObject({ status: 401 });
    await expect(world.guest.adminOrderInvoice({ params: { id: orderId } })).rejects.toMatchObject({ status: 401 });
    await expect(world.otherOwner.adminOrderInvoice({ params: { id: orderId } })).rejects.toMatchObject({ status: 404 });
    expect(Object.keys(invoiceRoutes).sort()).toEqual(['adminGstReport', 'adminGstReportCsv', 'adminOrderCreditNote', 'adminOrderInvoice', 'adminTaxSettings', 'adminTaxSettingsUpdate', 'orderCreditNote', 'orderInvoice']);
  });

  it('lets owners and managers change tax settings, with GSTIN checks, and no one else', async () => {
    const put = (as: TestClient, body: Partial<BodyOf<'adminTaxSettingsUpdate'>>) => as.adminTaxSettingsUpdate({ body: { ...settings, products: [], ...body } });
    const { owner, manager, assistant } = world.staff;
    await expect(assistant.adminTaxSettings()).rejects.toMatchObject({ status: 403 });
    await expect(put(assistant, {})).rejects.toMatchObject({ status: 403 });
    await expect(world.as(world.customerToken).adminTaxSettings()).rejects.toMatchObject({ status: 401 });
    expect(await manager.adminTaxSettings()).toMatchObject({ gstin: '08AABCR1234K1ZH', state_id: 'IN-RJ', is_from_india: true });

    const storeId = world.shop.store.id;
    const before = JSON.stringify(await t.db.select().from(stores).where(eq(stores.id, storeId)));
    const fieldErrors = async (body: Partial<BodyOf<'adminTaxSettingsUpdate'>>) => (await refusal(put(owner, body))).errors;
    expect((await fieldErrors({ gstin: '08AABCR1234K1Z' })).gstin).toBeDefined();
    expect((await fieldErrors({ gstin: '08AABCR1234K1ZX' })).gstin![0]).toContain('check character');
    expect((await fieldErrors({ gstin: '27AAPFU0939F1ZV' })).gstin![0]).toContain('starts with 08');
    expect((await fieldErrors({ gstin: '08AABCR1234K1ZH', state_id: '' })).state_id).toBeDefined();
    expect((await fieldErrors({ invoice_prefix: 'ABCD' })).invoice_prefix).toBeDefined();
    const badRate = await fieldErrors({ products: [{ id: world.shop.catalog.product.id, hsn_code: '71', gst_rate: 0.125 }] });
    expect(Object.keys(badRate).sort()).toEqual(['products.0.gst_rate', 'products.0.hsn_code']);
    // Store B's gem type is not A's.
    expect((await refusal(put(owner, { products: [{ id: world.other.catalog.product.id, hsn_code: '7103', gst_rate: 3 }] }))).status).toBe(422);
    expect(JSON.stringify(await t.db.select().from(stores).where(eq(stores.id, storeId)))).toBe(before);
    expect((await t.db.select().from(products).where(eq(products.id, world.other.catalog.product.id)))[0]!.gstRateBp).toBe(25);
    // B's owner sees B's settings, not A's.
    expect((await world.otherOwner.adminTaxSettings()).gstin).toBe('');
  });

  it('tells every other process when the invoice prefix changes, so their invoices are numbered with it', async () => {
    // A second replica on the same database, keeping stores as production does (the suite's apps keep none).
    const replica = await buildApp({ config: { ...t.config, storeCacheSeconds: 3600 }, db: t.db, connections: t.connections, web: false, logger: false });
    const put = (prefix: string) => world.staff.owner.adminTaxSettingsUpdate({ body: { ...settings, invoice_prefix: prefix, products: [] } });
    try {
      const prefixThere = async () => (await replica.services.stores.findByDomain('a.test'))?.invoicePrefix;
      expect(await prefixThere()).toBe('AG');
      await put('AGX');
      // The notice arrives when the write commits, a moment after the answer.
      await expect.poll(prefixThere, { timeout: 10_000 }).toBe('AGX');
    } finally {
      await replica.close();
      await put('AG');
    }
  });
});

describe('receipts of stores outside India', () => {
  it('issues a plain receipt without GST', async () => {
    const t = await buildTestApp();
    try {
      const store = await createStore(t.db, { isFromIndia: false, domain: 'abroad.test', name: 'Abroad' });
      const catalog = await createCatalog(t.db, store.id);
      const shop: Shop = { store, catalog, domain: 'abroad.test' };
      const who = await createShopper(t.db, store.id);
      const stone = await createItem(t.db, store.id, { catalog, pricePaise: 1_234_567 });
      const address = await insertAddress(t.db, store.id, who.id);
      const orderId = (await placeOrder(t, shop, who, [stone.id], address.id)).json().orderId as number;
      expect((await payWithSandbox(t, shop, who, orderId)).statusCode).toBe(303);
      const asWho = clientFor(t, { domain: 'abroad.test', token: who.token });
      await asWho.orderInvoice({ params: { orderId } });
      const res = asWho.last;
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-R-${orderId}.pdf"`);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Receipt');
      expect(text).toContain('Rs. 12,345.67');
      expect(text).not.toContain('GST');
    } finally {
      await t.close();
    }
  });
});
