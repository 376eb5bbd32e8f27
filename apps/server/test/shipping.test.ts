import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { addresses, auditLog, creditNotes, invoices, orders } from '@gemstore/db';
import { formatPaise } from '@gemstore/contracts/format';
import { buildTestApp, type TestApp } from './helper.ts';
import { createItem } from './factories.ts';
import { caller, createShopper, insertAddress, payWithSandbox, placeOrder, type Shop, type Shopper } from './checkout-fixtures.ts';
import { admin, backOfficeStores, latestEmail } from './staff-fixtures.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

describe('shipping rates by zone', () => {
  let t: TestApp;
  let cast: Awaited<ReturnType<typeof backOfficeStores>>;
  let shop: Shop;
  let asha: Shopper;
  let mira: Shopper;
  let jaipur: number;
  let newYork: number;
  const rates = { home: { amount: 150, free_from: 10_000 }, abroad: { amount: 2_500, free_from: null } };
  const setRates = (body: object, token = cast.tokens.owner) => admin(t, 'a.test', '/settings/shipping', { method: 'PUT', token, body });
  const quote = (who: Shopper | null, itemIds: number[], shippingAddressId: number) =>
    caller(t, 'a.test')('/api/checkout-quote', who, { itemIds, shippingAddressId });
  const stone = (pricePaise: number, diamond = false) =>
    createItem(t.db, cast.a.id, { catalog: cast.catA, pricePaise, productId: diamond ? cast.catA.otherProduct.id : undefined });

  beforeAll(async () => {
    t = await buildTestApp();
    cast = await backOfficeStores(t, 'b-');
    shop = { store: cast.a, catalog: cast.catA, domain: 'a.test' };
    const tax = await admin(t, 'a.test', '/settings/tax', {
      method: 'PUT', token: cast.tokens.owner,
      body: {
        legal_name: 'A Gems Private Limited', address: '112 Johari Bazaar, Jaipur, Rajasthan 302003', gstin: '08AABCR1234K1ZH', state_id: 'IN-RJ', invoice_prefix: 'AG',
        products: [{ id: cast.catA.product.id, hsn_code: '7103', gst_rate: 0.25 }, { id: cast.catA.otherProduct.id, hsn_code: '7102', gst_rate: 1.5 }],
      },
    });
    expect(tax.statusCode, tax.body).toBe(200);
    asha = await createShopper(t.db, cast.a.id);
    mira = await createShopper(t.db, cast.a.id);
    jaipur = (await insertAddress(t.db, cast.a.id, asha.id)).id;
    newYork = (await t.db.insert(addresses).values({
      storeId: cast.a.id, customerId: mira.id, name: 'Mira', phone: '2125550147', address: '20 West 47th Street', locality: 'Midtown', landmark: '',
      pincode: '10036', label: 'Home', countryCode: 'US', stateCode: 'NY', cityName: 'New York', addressTypeId: 1,
    }).returning())[0]!.id;
  });
  afterAll(() => t?.close());

  describe('the settings', () => {
    it('start at nothing charged, and the owner sets each zone with an audit entry', async () => {
      const before = await admin(t, 'a.test', '/settings/shipping', { token: cast.tokens.manager });
      expect(before.statusCode, before.body).toBe(200);
      expect(before.json()).toEqual({ home_country: 'India', home: { amount: 0, free_from: null }, abroad: { amount: 0, free_from: null } });
      const res = await setRates(rates);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ home_country: 'India', ...rates });
      const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, cast.a.id), eq(auditLog.action, 'store.shipping_update')));
      expect(entry!.changes).toMatchObject({ 'home.amount': { old: 0, new: 150 }, 'home.free_from': { old: null, new: 10_000 }, 'abroad.amount': { old: 0, new: 2_500 } });
      // Another shop keeps its own.
      expect((await admin(t, 'b.test', '/settings/shipping', { token: cast.bOwnerToken })).json().home.amount).toBe(0);
    });

    it('are refused to assistants, customers and another shop\'s staff', async () => {
      expect((await admin(t, 'a.test', '/settings/shipping', { token: cast.tokens.assistant })).statusCode).toBe(403);
      expect((await setRates(rates, cast.tokens.assistant)).statusCode).toBe(403);
      expect((await admin(t, 'a.test', '/settings/shipping', { token: cast.customerToken })).statusCode).toBe(401);
      expect((await setRates(rates, cast.customerToken)).statusCode).toBe(401);
      expect((await setRates({ home: { amount: 0, free_from: null }, abroad: { amount: 0, free_from: null } }, cast.bOwnerToken)).statusCode).toBe(401);
      expect((await admin(t, 'a.test', '/settings/shipping', { token: cast.tokens.manager })).json()).toEqual({ home_country: 'India', ...rates });
    });

    it('answer bad amounts field by field and change nothing', async () => {
      const res = await setRates({ home: { amount: -1, free_from: 0 }, abroad: { amount: 12.345, free_from: 'lots' } });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(['abroad.amount', 'abroad.free_from', 'home.amount', 'home.free_from']);
      expect(res.json().errors['home.amount']).toEqual(['An amount is 0 or more.']);
      expect((await setRates({ home: { amount: 200_000_000, free_from: null }, abroad: { amount: 10, free_from: null } })).json().errors['home.amount'])
        .toEqual(['At most 10 crore.']);
      expect((await admin(t, 'a.test', '/settings/shipping', { token: cast.tokens.owner })).json()).toEqual({ home_country: 'India', ...rates });
    });
  });

  describe('the checkout quote', () => {
    it('charges the home zone below the free-from value and nothing at it, with the GST inside worked out by hand', async () => {
      const below = await stone(999_999);
      const res = await quote(asha, [below.id], jaipur);
      expect(res.statusCode, res.body).toBe(200);
      // Rs 9,999.99 at 0.25%: 9,99,999 / 1.0025 = 9,97,505.24 -> tax 2,494 paise; shipping Rs 150 at the
      // stone's 0.25%: 15,000 / 1.0025 = 14,962.59 -> 14,963, tax 37. Together Rs 25.31.
      expect(res.json()).toEqual({
        lines: [{ item_id: below.id, name: below.name, amount: 9_999.99, discount: 0 }], stones_amount: 9_999.99, promotion: null, promotion_error: null,
        shipping_amount: 150, zone: 'home', free_shipping_from: 10_000, total_amount: 10_149.99, tax_included: 25.31,
      });
      const at = await stone(1_000_000);
      expect((await quote(asha, [at.id], jaipur)).json()).toMatchObject({ stones_amount: 10_000, shipping_amount: 0, total_amount: 10_000, tax_included: 24.94 });
      // Two stones together reach it too.
      expect((await quote(asha, [below.id, at.id], jaipur)).json()).toMatchObject({ stones_amount: 19_999.99, shipping_amount: 0, total_amount: 19_999.99 });
    });

    it('charges the rest of the world for an address abroad, never free, and leaves out stones no longer for sale', async () => {
      const big = await stone(5_000_000);
      const gone = await createItem(t.db, cast.a.id, { catalog: cast.catA, pricePaise: 100_000, status: 'sold' });
      const res = await quote(mira, [big.id, gone.id], newYork);
      expect(res.statusCode, res.body).toBe(200);
      // Rs 50,000 + Rs 2,500 = Rs 52,500 at 0.25%: 49,875.31 + 2,493.77 taxable; tax 124.69 + 6.23.
      expect(res.json()).toEqual({
        lines: [{ item_id: big.id, name: big.name, amount: 50_000, discount: 0 }], stones_amount: 50_000, promotion: null, promotion_error: null,
        shipping_amount: 2_500, zone: 'abroad', free_shipping_from: null, total_amount: 52_500, tax_included: 130.92,
      });
    });

    it('is only for the customer\'s own address, signed in', async () => {
      const s = await stone(100_000);
      expect((await quote(null, [s.id], jaipur)).statusCode).toBe(401);
      const other = await quote(mira, [s.id], jaipur);
      expect(other.statusCode).toBe(422);
      expect(other.json().errors.shippingAddressId).toEqual(['Select Or Create Address']);
    });
  });

  describe('the order', () => {
    it('charges the shipping worked out on the server: total, payment, order page, email, back office, CSV and invoice', async () => {
      const ruby = await stone(400_000);
      const diamond = await stone(599_999, true);
      const quoted = (await quote(asha, [ruby.id, diamond.id], jaipur)).json();
      expect(quoted).toMatchObject({ stones_amount: 9_999.99, shipping_amount: 150, total_amount: 10_149.99 });
      // The rates change after the quote: the order is charged today's, not what the page showed.
      expect((await setRates({ ...rates, home: { amount: 175, free_from: 10_000 } })).statusCode).toBe(200);
      const placed = await placeOrder(t, shop, asha, [ruby.id, diamond.id], jaipur, { shipping: 0, total: 1 });
      expect(placed.statusCode, placed.body).toBe(200);
      expect((await setRates(rates)).statusCode).toBe(200);
      const orderId = placed.json().orderId as number;
      const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(row).toMatchObject({ shippingPaise: 17_500, totalPaise: 1_017_499 });

      const email = await latestEmail(t, asha.email);
      expect(email.text).toContain(`${formatPaise(1_017_499)} in all, shipping of ${formatPaise(17_500)} included.`);

      // The payment asks for the order's total in paise.
      const pay = await caller(t, 'a.test')('/api/retry-pay', asha, { orderId });
      expect(pay.json().amount).toBe(1_017_499);
      expect((await payWithSandbox(t, shop, asha, orderId)).statusCode).toBe(303);

      const view = (await caller(t, 'a.test')('/api/order', asha, { orderId })).json().order;
      expect(view).toMatchObject({ status: 'paid', stones_amount: 9_999.99, shipping_amount: 175, total_amount: 10_174.99, payment: { amount: 10_174.99 } });

      const back = (await admin(t, 'a.test', `/orders/${orderId}`, { token: cast.tokens.manager })).json().order;
      expect(back).toMatchObject({ total: 10_174.99, shipping: 175 });
      const csv = await admin(t, 'a.test', '/orders/export.csv', { token: cast.tokens.manager });
      expect(csv.statusCode, csv.body).toBe(200);
      const [head, ...rows] = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/).map((l) => l.split(','));
      const line = rows.find((r) => r[head!.indexOf('order_number')] === back.order_number);
      const cell = (name: string) => line![head!.indexOf(name)];
      expect([cell('shipping'), cell('total')]).toEqual(['175.00', '10174.99']);

      // The invoice: the stones, then shipping at the rate of the stone of highest value (the diamond: 7102, 1.5%),
      // within Rajasthan: 17,500 / 1.015 = 17,241.38 -> 17,241 taxable, tax 259 = CGST 130 + SGST 129.
      const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
      expect(invoice!.lines).toHaveLength(3);
      expect(invoice!.lines[2]).toEqual({
        description: 'Shipping', sku: '', hsn: '7102', rateBp: 150, pricePaise: 17_500, taxablePaise: 17_241, cgstPaise: 130, sgstPaise: 129, igstPaise: 0, quantity: 0,
      });
      expect(invoice!.totalPaise).toBe(1_017_499);
      expect(invoice!.lines.reduce((s, l) => s + l.pricePaise, 0)).toBe(invoice!.totalPaise);
      expect(invoice!.taxablePaise + invoice!.cgstPaise + invoice!.sgstPaise + invoice!.igstPaise).toBe(1_017_499);
    });

    it('at the free-from value ships free, and abroad pays the rest-of-the-world rate in IGST', async () => {
      const at = await stone(1_000_000);
      const free = await placeOrder(t, shop, asha, [at.id], jaipur);
      const [freeRow] = await t.db.select().from(orders).where(eq(orders.id, free.json().orderId));
      expect(freeRow).toMatchObject({ shippingPaise: 0, totalPaise: 1_000_000 });
      expect((await latestEmail(t, asha.email)).text).toContain('in all, shipped free.');

      const s = await stone(2_000_000);
      const placed = await placeOrder(t, shop, mira, [s.id], newYork);
      const orderId = placed.json().orderId as number;
      expect((await payWithSandbox(t, shop, mira, orderId)).statusCode).toBe(303);
      const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
      // Rs 2,500 at 0.25%: 2,50,000 / 1.0025 = 2,49,376.56 -> 2,49,377 taxable, IGST 623.
      expect(invoice!.lines[1]).toMatchObject({ description: 'Shipping', hsn: '7103', rateBp: 25, pricePaise: 250_000, taxablePaise: 249_377, igstPaise: 623, cgstPaise: 0 });
      expect(invoice!.totalPaise).toBe(2_250_000);
    });

    it('refunds stones without their shipping: the credit note holds the stones only, and the GST report still adds up', async () => {
      const a = await stone(300_000);
      const b = await stone(200_000, true);
      const placed = await placeOrder(t, shop, asha, [a.id, b.id], jaipur);
      const orderId = placed.json().orderId as number;
      expect((await payWithSandbox(t, shop, asha, orderId)).statusCode).toBe(303);
      const order = (await admin(t, 'a.test', `/orders/${orderId}`, { token: cast.tokens.manager })).json().order;
      expect(order).toMatchObject({ total: 5_150, shipping: 150 });
      for (const line of order.lines) {
        const res = await admin(t, 'a.test', `/orders/${orderId}/refunds`, { token: cast.tokens.manager, body: { idempotency_key: randomUUID(), line_ids: [line.id], reason: 'Returned' } });
        expect(res.statusCode, res.body).toBe(200);
      }
      const view = (await caller(t, 'a.test')('/api/order', asha, { orderId })).json().order;
      // Every stone refunded, the shipping kept: Rs 150 of Rs 5,150 stays paid.
      expect(view).toMatchObject({ refunded_amount: 5_000, net_paid: 150 });
      const notes = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
      expect(notes.map((n) => n.totalPaise).sort()).toEqual([200_000, 300_000]);
      expect(notes.flatMap((n) => n.lines).some((l) => l.description === 'Shipping')).toBe(false);

      // This month's report: by HSN, by state and net each equal the invoices less the credit notes.
      const month = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);
      const report = (await admin(t, 'a.test', `/reports/gst?month=${month}`, { token: cast.tokens.manager })).json();
      const ids = (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.storeId, cast.a.id))).map((o) => o.id);
      const inv = await t.db.select().from(invoices).where(inArray(invoices.orderId, ids));
      const cn = await t.db.select().from(creditNotes).where(inArray(creditNotes.orderId, ids));
      for (const [field, k] of [['taxable', 'taxablePaise'], ['cgst', 'cgstPaise'], ['sgst', 'sgstPaise'], ['igst', 'igstPaise'], ['total', 'totalPaise']] as const) {
        const expected = inv.reduce((s, r) => s + r[k], 0) - cn.reduce((s, r) => s + r[k], 0);
        expect(Math.round(report.net[field] * 100)).toBe(expected);
        expect(Math.round(report.by_hsn.reduce((s: number, r: Record<string, number>) => s + r[field]!, 0) * 100)).toBe(expected);
      }
      // Shipping counts no pieces: the stones left sold are the only quantities.
      const pieces = inv.flatMap((i) => i.lines).filter((l) => l.description !== 'Shipping').length - cn.flatMap((n) => n.lines).length;
      expect(report.by_hsn.reduce((s: number, r: { quantity: number }) => s + r.quantity, 0)).toBe(pieces);
    });
  });
});
