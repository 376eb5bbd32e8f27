import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, creditNotes, invoices, orders } from '@gemstore/db';
import { formatPaise } from '@gemstore/contracts/format';
import { buildTestApp, type TestApp } from './helper.ts';
import { payWithSandbox, placeOrder } from './checkout-fixtures.ts';
import { latestEmail } from './staff-fixtures.ts';
import { type BodyOf, refusal, type TestClient } from './client.ts';
import { type Buyer, shopWorld, type ShopWorld } from './world.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

describe('shipping rates by zone', () => {
  let t: TestApp;
  let world: ShopWorld;
  let asha: Buyer;
  let mira: Buyer;
  let jaipur: number;
  let newYork: number;
  const rates = { home: { amount: 150, free_from: 10_000 }, abroad: { amount: 2_500, free_from: null } };
  const setRates = (body: BodyOf<'adminShippingSettingsUpdate'>, as: TestClient = world.staff.owner) => as.adminShippingSettingsUpdate({ body });
  const quote = (who: Buyer | null, itemIds: number[], shippingAddressId: number) =>
    (who?.api ?? world.guest).checkoutQuote({ body: { itemIds, shippingAddressId } });
  const stone = (pricePaise: number, diamond = false) =>
    world.stone({ pricePaise, productId: diamond ? world.shop.catalog.otherProduct.id : undefined });

  beforeAll(async () => {
    t = await buildTestApp();
    world = await shopWorld(t);
    await world.registerForGst();
    asha = await world.shopper('Jaipur');
    mira = await world.shopper('New York');
    jaipur = asha.addressId;
    newYork = mira.addressId;
  });
  afterAll(() => t?.close());

  describe('the settings', () => {
    it('start at nothing charged, and the owner sets each zone with an audit entry', async () => {
      const before = await world.staff.manager.adminShippingSettings();
      expect(before).toEqual({ home_country: 'India', home: { amount: 0, free_from: null }, abroad: { amount: 0, free_from: null } });
      expect(await setRates(rates)).toEqual({ home_country: 'India', ...rates });
      const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, world.shop.store.id), eq(auditLog.action, 'store.shipping_update')));
      expect(entry!.changes).toMatchObject({ 'home.amount': { old: 0, new: 150 }, 'home.free_from': { old: null, new: 10_000 }, 'abroad.amount': { old: 0, new: 2_500 } });
      // Another shop keeps its own.
      expect((await world.otherOwner.adminShippingSettings()).home.amount).toBe(0);
    });

    it('are refused to assistants, customers and another shop\'s staff', async () => {
      await expect(world.staff.assistant.adminShippingSettings()).rejects.toMatchObject({ status: 403 });
      await expect(setRates(rates, world.staff.assistant)).rejects.toMatchObject({ status: 403 });
      const customer = world.as(world.customerToken);
      await expect(customer.adminShippingSettings()).rejects.toMatchObject({ status: 401 });
      await expect(setRates(rates, customer)).rejects.toMatchObject({ status: 401 });
      await expect(setRates({ home: { amount: 0, free_from: null }, abroad: { amount: 0, free_from: null } }, world.as(world.otherOwnerToken))).rejects.toMatchObject({ status: 401 });
      expect(await world.staff.manager.adminShippingSettings()).toEqual({ home_country: 'India', ...rates });
    });

    it('answer bad amounts field by field and change nothing', async () => {
      const res = await refusal(setRates({ home: { amount: -1, free_from: 0 }, abroad: { amount: 12.345, free_from: 'lots' } }));
      expect(res.status).toBe(422);
      expect(Object.keys(res.errors).sort()).toEqual(['abroad.amount', 'abroad.free_from', 'home.amount', 'home.free_from']);
      expect(res.errors['home.amount']).toEqual(['An amount is 0 or more.']);
      expect((await refusal(setRates({ home: { amount: 200_000_000, free_from: null }, abroad: { amount: 10, free_from: null } }))).errors['home.amount'])
        .toEqual(['At most 10 crore.']);
      expect(await world.staff.owner.adminShippingSettings()).toEqual({ home_country: 'India', ...rates });
    });
  });

  describe('the checkout quote', () => {
    it('charges the home zone below the free-from value and nothing at it, with the GST inside worked out by hand', async () => {
      const below = await stone(999_999);
      // Rs 9,999.99 at 0.25%: 9,99,999 / 1.0025 = 9,97,505.24 -> tax 2,494 paise; shipping Rs 150 at the
      // stone's 0.25%: 15,000 / 1.0025 = 14,962.59 -> 14,963, tax 37. Together Rs 25.31.
      expect(await quote(asha, [below.id], jaipur)).toEqual({
        lines: [{ item_id: below.id, name: below.name, amount: 9_999.99, discount: 0 }], stones_amount: 9_999.99, promotion: null, promotion_error: null,
        shipping_amount: 150, zone: 'home', free_shipping_from: 10_000, total_amount: 10_149.99, tax_included: 25.31,
      });
      const at = await stone(1_000_000);
      expect(await quote(asha, [at.id], jaipur)).toMatchObject({ stones_amount: 10_000, shipping_amount: 0, total_amount: 10_000, tax_included: 24.94 });
      // Two stones together reach it too.
      expect(await quote(asha, [below.id, at.id], jaipur)).toMatchObject({ stones_amount: 19_999.99, shipping_amount: 0, total_amount: 19_999.99 });
    });

    it('charges the rest of the world for an address abroad, never free, and leaves out stones no longer for sale', async () => {
      const big = await stone(5_000_000);
      const gone = await world.stone({ pricePaise: 100_000, status: 'sold' });
      // Rs 50,000 + Rs 2,500 = Rs 52,500 at 0.25%: 49,875.31 + 2,493.77 taxable; tax 124.69 + 6.23.
      expect(await quote(mira, [big.id, gone.id], newYork)).toEqual({
        lines: [{ item_id: big.id, name: big.name, amount: 50_000, discount: 0 }], stones_amount: 50_000, promotion: null, promotion_error: null,
        shipping_amount: 2_500, zone: 'abroad', free_shipping_from: null, total_amount: 52_500, tax_included: 130.92,
      });
    });

    it('is only for the customer\'s own address, signed in', async () => {
      const s = await stone(100_000);
      await expect(quote(null, [s.id], jaipur)).rejects.toMatchObject({ status: 401 });
      const other = await refusal(quote(mira, [s.id], jaipur));
      expect(other.status).toBe(422);
      expect(other.errors.shippingAddressId).toEqual(['Select Or Create Address']);
    });
  });

  describe('the order', () => {
    it('charges the shipping worked out on the server: total, payment, order page, email, back office, CSV and invoice', async () => {
      const ruby = await stone(400_000);
      const diamond = await stone(599_999, true);
      const quoted = await quote(asha, [ruby.id, diamond.id], jaipur);
      expect(quoted).toMatchObject({ stones_amount: 9_999.99, shipping_amount: 150, total_amount: 10_149.99 });
      // The rates change after the quote: the order is charged today's, not what the page showed.
      await setRates({ ...rates, home: { amount: 175, free_from: 10_000 } });
      // Figures the browser might send along are not in the call's body: sent raw, to show they are ignored.
      const placed = await placeOrder(t, world.shop, asha, [ruby.id, diamond.id], jaipur, { shipping: 0, total: 1 });
      expect(placed.statusCode, placed.body).toBe(200);
      await setRates(rates);
      const orderId = placed.json().orderId as number;
      const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(row).toMatchObject({ shippingPaise: 17_500, totalPaise: 1_017_499 });

      const email = await latestEmail(t, asha.email);
      expect(email.text).toContain(`${formatPaise(1_017_499)} in all, shipping of ${formatPaise(17_500)} included.`);

      // The payment asks for the order's total in paise.
      expect((await asha.api.retryPay({ body: { orderId } })).amount).toBe(1_017_499);
      expect((await payWithSandbox(t, world.shop, asha, orderId)).statusCode).toBe(303);

      const view = (await asha.api.order({ body: { orderId } })).order;
      expect(view).toMatchObject({ status: 'paid', stones_amount: 9_999.99, shipping_amount: 175, total_amount: 10_174.99, payment: { amount: 10_174.99 } });

      const back = await world.order(orderId);
      expect(back).toMatchObject({ total: 10_174.99, shipping: 175 });
      const csv = await world.staff.manager.adminOrdersExport();
      const [head, ...rows] = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/).map((l) => l.split(','));
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
      const free = await world.placeOrder(asha, [at]);
      const [freeRow] = await t.db.select().from(orders).where(eq(orders.id, free.orderId));
      expect(freeRow).toMatchObject({ shippingPaise: 0, totalPaise: 1_000_000 });
      expect((await latestEmail(t, asha.email)).text).toContain('in all, shipped free.');

      const orderId = await world.paidOrder(mira, [await stone(2_000_000)]);
      const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
      // Rs 2,500 at 0.25%: 2,50,000 / 1.0025 = 2,49,376.56 -> 2,49,377 taxable, IGST 623.
      expect(invoice!.lines[1]).toMatchObject({ description: 'Shipping', hsn: '7103', rateBp: 25, pricePaise: 250_000, taxablePaise: 249_377, igstPaise: 623, cgstPaise: 0 });
      expect(invoice!.totalPaise).toBe(2_250_000);
    });

    it('refunds stones without their shipping: the credit note holds the stones only, and the GST report still adds up', async () => {
      const orderId = await world.paidOrder(asha, [await stone(300_000), await stone(200_000, true)]);
      const order = await world.order(orderId);
      expect(order).toMatchObject({ total: 5_150, shipping: 150 });
      for (const line of order.lines) await world.refund(orderId, [line.id]);
      const view = (await asha.api.order({ body: { orderId } })).order;
      // Every stone refunded, the shipping kept: Rs 150 of Rs 5,150 stays paid.
      expect(view).toMatchObject({ refunded_amount: 5_000, net_paid: 150 });
      const notes = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
      expect(notes.map((n) => n.totalPaise).sort()).toEqual([200_000, 300_000]);
      expect(notes.flatMap((n) => n.lines).some((l) => l.description === 'Shipping')).toBe(false);

      // This month's report: by HSN, by state and net each equal the invoices less the credit notes.
      const month = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);
      const report = await world.staff.manager.adminGstReport({ query: { month } });
      const ids = (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.storeId, world.shop.store.id))).map((o) => o.id);
      const inv = await t.db.select().from(invoices).where(inArray(invoices.orderId, ids));
      const cn = await t.db.select().from(creditNotes).where(inArray(creditNotes.orderId, ids));
      for (const [field, k] of [['taxable', 'taxablePaise'], ['cgst', 'cgstPaise'], ['sgst', 'sgstPaise'], ['igst', 'igstPaise'], ['total', 'totalPaise']] as const) {
        const expected = inv.reduce((s, r) => s + r[k], 0) - cn.reduce((s, r) => s + r[k], 0);
        expect(Math.round(report.net[field] * 100)).toBe(expected);
        expect(Math.round(report.by_hsn.reduce((s, r) => s + r[field], 0) * 100)).toBe(expected);
      }
      // Shipping counts no pieces: the stones left sold are the only quantities.
      const pieces = inv.flatMap((i) => i.lines).filter((l) => l.description !== 'Shipping').length - cn.flatMap((n) => n.lines).length;
      expect(report.by_hsn.reduce((s, r) => s + r.quantity, 0)).toBe(pieces);
    });
  });
});
