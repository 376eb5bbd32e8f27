import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { creditNotes, discountCodes, invoices, items, orderLines, orders, outboxMessages } from '@gemstore/db';
import { shareDiscount } from '../src/lib/order-totals.ts';
import { indiaToday } from '../src/modules/discounts/discounts.service.ts';
import { buildTestApp, testDatabaseKind, type TestApp } from './helper.ts';
import { caller, createShoppers, insertAddress } from './checkout-fixtures.ts';
import { ApiError, type BodyOf, refusal, type TestClient } from './client.ts';
import { type Buyer, shopWorld, type ShopWorld } from './world.ts';

/** India's day `days` from today, as YYYY-MM-DD. */
const day = (days: number) => indiaToday(new Date(Date.now() + days * 86_400_000));

describe('sharing a discount over lines', () => {
  it('shares in proportion to price, to the paisa, the leftover paise to the largest remainders', () => {
    // 1,50,000 over 10,00,000 and 5,00,001: 99,999.93 and 50,000.07 -> 99,999 + 50,000 and the odd paisa to the first.
    expect(shareDiscount([{ pricePaise: 1_000_000, eligible: true }, { pricePaise: 500_001, eligible: true }], 150_000)).toEqual([100_000, 50_000]);
    // 100 over three equal lines: 33 each and the first of equals takes the last paisa.
    expect(shareDiscount([1, 2, 3].map(() => ({ pricePaise: 999, eligible: true })), 100)).toEqual([34, 33, 33]);
    // A line the code is not for takes nothing.
    expect(shareDiscount([{ pricePaise: 1_000_000, eligible: false }, { pricePaise: 300_000, eligible: true }], 100_000)).toEqual([0, 100_000]);
  });
});

describe('discount codes', () => {
  let t: TestApp;
  let world: ShopWorld;
  let asha: Buyer;
  let ben: Buyer;

  const create = (body: BodyOf<'adminDiscountCreate'>, as: TestClient = world.staff.owner) => as.adminDiscountCreate({ body });
  const form = (overrides: Partial<BodyOf<'adminDiscountCreate'>> = {}): BodyOf<'adminDiscountCreate'> => ({
    code: `C${randomUUID().slice(0, 8)}`, kind: 'percent', value: 10, min_order: 0, starts_on: day(0), ends_on: null,
    max_uses: null, max_uses_per_customer: null, product_ids: [], ...overrides,
  });
  const code = async (overrides: Partial<BodyOf<'adminDiscountCreate'>> = {}) => (await create(form(overrides))).discount;
  const quote = (who: Buyer, itemIds: number[], c?: string) =>
    who.api.checkoutQuote({ body: { itemIds, code: c, shippingAddressId: who.addressId } });
  const stone = (pricePaise: number, productId?: number) => world.stone({ pricePaise, ...(productId ? { productId, name: `Stone of ${productId}` } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
    world = await shopWorld(t);
    asha = await world.shopper();
    ben = await world.shopper();
    // The seller in Rajasthan, as the shoppers are: CGST and SGST.
    const catalog = world.shop.catalog;
    await world.registerForGst({
      legal_name: 'A Gems', address: 'Jaipur',
      products: [{ id: catalog.product.id, hsn_code: '7103', gst_rate: 0.25 }, { id: catalog.otherProduct.id, hsn_code: '7103', gst_rate: 0.25 }],
    });
  });
  afterAll(() => t?.close());

  describe('in the back office', () => {
    it('lets owners and managers add, edit, pause and list codes, with their uses', async () => {
      const { owner, manager } = world.staff;
      const made = await create(form({ code: 'Summer10', kind: 'fixed', value: 500, min_order: 2000, max_uses: 3, product_ids: [world.shop.catalog.product.id] }), manager);
      const id = made.discount.id;
      expect(made.discount).toMatchObject({ code: 'Summer10', kind: 'fixed', value: 500, min_order: 2000, max_uses: 3, uses: 0, status_label: 'Active', paused: false });
      const edited = await owner.adminDiscountUpdate({ params: { id }, body: form({ code: 'SUMMER10', kind: 'percent', value: 12.5, ends_on: day(5) }) });
      expect(edited.discount).toMatchObject({ code: 'SUMMER10', kind: 'percent', value: 12.5, min_order: 0, ends_on: day(5), product_ids: [] });
      const paused = await owner.adminDiscountPause({ params: { id }, body: { paused: true } });
      expect(paused.discount).toMatchObject({ paused: true, status_label: 'Paused' });
      const s = await stone(1_000_000);
      const refused = await quote(asha, [s.id], 'summer10');
      expect(refused.promotion_error!.code).toBe('discount_paused');
      await owner.adminDiscountPause({ params: { id }, body: { paused: false } });
      await world.placeOrder(asha, [s], 'summer10');
      const list = await manager.adminDiscounts();
      expect(list.discounts.find((d) => d.id === id)).toMatchObject({ code: 'SUMMER10', uses: 1, status_label: 'Active' });
      expect(list.gem_types.map((g) => g.name)).toEqual(expect.arrayContaining(['Blue Sapphire', 'Yellow Sapphire']));
    });

    it('answers field errors for what staff typed wrong, and a code in use in any case', async () => {
      const bad = await refusal(create(form({ code: 'no spaces!', kind: 'percent', value: 120, starts_on: day(3), ends_on: day(1), max_uses: 0 })));
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.errors).sort()).toEqual(['code', 'ends_on', 'max_uses', 'value']);
      expect(bad.errors.ends_on).toEqual(['The end date must be on or after the start date.']);
      expect(bad.errors.value).toEqual(['A percentage must be at most 100.']);
      await code({ code: 'DIWALI' });
      const twin = await refusal(create(form({ code: 'diwali' })));
      expect(twin.status).toBe(422);
      expect(twin.errors.code).toEqual(['The code DIWALI is in use already; choose another.']);
      const foreignType = await refusal(create(form({ product_ids: [world.other.catalog.product.id] })));
      expect(foreignType.errors.product_ids).toEqual(['Choose gem types of this shop.']);
      // Another shop may have its own DIWALI.
      await create(form({ code: 'Diwali' }), world.otherOwner);
    });

    it('refuses assistants, customers and other shops\' staff', async () => {
      const own = await code();
      const { assistant } = world.staff;
      await expect(assistant.adminDiscounts()).rejects.toMatchObject({ status: 403 });
      await expect(create(form(), assistant)).rejects.toMatchObject({ status: 403 });
      await expect(assistant.adminDiscountPause({ params: { id: own.id }, body: { paused: true } })).rejects.toMatchObject({ status: 403 });
      await expect(world.as(world.customerToken).adminDiscounts()).rejects.toMatchObject({ status: 401 });
      await expect(world.guest.adminDiscounts()).rejects.toMatchObject({ status: 401 });
      // B's owner on A's domain is nobody there; on B's domain A's code does not exist.
      await expect(world.as(world.otherOwnerToken).adminDiscounts()).rejects.toMatchObject({ status: 401 });
      await expect(world.otherOwner.adminDiscountUpdate({ params: { id: own.id }, body: form() })).rejects.toMatchObject({ status: 404 });
      await expect(world.otherOwner.adminDiscountPause({ params: { id: own.id }, body: { paused: true } })).rejects.toMatchObject({ status: 404 });
      expect((await world.otherOwner.adminDiscounts()).discounts.map((d) => d.id)).not.toContain(own.id);
      const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, own.id));
      expect(row!.paused).toBe(false);
    });
  });

  describe('at the checkout', () => {
    it('quotes the lines, the promotion and the total', async () => {
      const c = await code({ kind: 'percent', value: 10 });
      const [x, y] = [await stone(1_000_000), await stone(500_001)];
      expect(await quote(asha, [x.id, y.id], c.code.toLowerCase())).toEqual({
        lines: [{ item_id: x.id, name: x.name, amount: 10_000, discount: 1_000 }, { item_id: y.id, name: y.name, amount: 5_000.01, discount: 500 }],
        stones_amount: 15_000.01, promotion: { code: c.code, amount: 1_500, label: `${c.code}: 10% off` }, promotion_error: null,
        shipping_amount: 0, zone: 'home', free_shipping_from: null, total_amount: 13_500.01,
        // GST inside 9,000.00 and 4,500.01 at 0.25%: 22.44 + 11.22.
        tax_included: 33.66,
      });
      expect(await quote(asha, [x.id])).toMatchObject({ promotion: null, promotion_error: null, total_amount: 10_000 });
      // Signed out, with no address at all: a request the typed client cannot make.
      expect((await caller(t, 'a.test')('/api/checkout-quote', null, { itemIds: [x.id] })).statusCode).toBe(401);
      // A code of 100% or more than the stones still leaves ₹ 1.00 to pay.
      const all = await code({ kind: 'percent', value: 100 });
      expect(await quote(asha, [y.id], all.code)).toMatchObject({ promotion: { amount: 4_999.01 }, total_amount: 1 });
      const lots = await code({ kind: 'fixed', value: 1_000_000 });
      expect(await quote(asha, [y.id], lots.code)).toMatchObject({ promotion: { amount: 4_999.01 }, total_amount: 1 });
    });

    it('says why a code does not apply, and place-order refuses it with the same code and writes nothing', async () => {
      const s = await stone(1_000_000);
      const cases: [Partial<BodyOf<'adminDiscountCreate'>> | string, string, string][] = [
        ['NOSUCHCODE', 'discount_unknown', 'NOSUCHCODE is not a code of this shop.'],
        [{ starts_on: day(2) }, 'discount_not_started', 'can be used from'],
        [{ starts_on: day(-10), ends_on: day(-1) }, 'discount_ended', 'ended on'],
        [{ min_order: 10_000.01 }, 'discount_below_minimum', 'for orders of Rs. 10,000.01 or more'],
        [{ product_ids: [world.shop.catalog.otherProduct.id] }, 'discount_not_applicable', 'for other gem types'],
      ];
      for (const [rule, why, words] of cases) {
        const typed = typeof rule === 'string' ? rule : (await code(rule)).code;
        const q = await quote(asha, [s.id], typed);
        expect(q.promotion, why).toBeNull();
        expect(q.promotion_error!.code).toBe(why);
        expect(q.promotion_error!.message).toContain(words);
        expect(q.total_amount).toBe(10_000);
        const placed = await refusal(world.placeOrder(asha, [s], typed));
        expect(placed.status).toBe(409);
        expect(placed.data).toMatchObject({ code: why });
      }
      const [item] = await t.db.select().from(items).where(eq(items.id, s.id));
      expect(item!.status).toBe('available');
      expect(await t.db.select().from(orderLines).where(eq(orderLines.itemId, s.id))).toHaveLength(0);
      // The end day is a day of the code: one ending today still applies.
      const today = await code({ starts_on: day(0), ends_on: day(0) });
      expect((await quote(asha, [s.id], today.code)).promotion_error).toBeNull();
    });

    it('counts total uses and uses per customer, and gives a use back when an order lapses or is cancelled', async () => {
      const perCustomer = await code({ max_uses_per_customer: 1 });
      const [a1, a2, b1] = [await stone(100_000), await stone(100_000), await stone(100_000)];
      await world.placeOrder(asha, [a1], perCustomer.code);
      expect((await quote(asha, [a2.id], perCustomer.code)).promotion_error).toMatchObject({ code: 'discount_used_by_you', message: `You have used the code ${perCustomer.code} already.` });
      expect((await refusal(world.placeOrder(asha, [a2], perCustomer.code))).code).toBe('discount_used_by_you');
      await world.placeOrder(ben, [b1], perCustomer.code);

      const once = await code({ max_uses: 1 });
      const [s1, s2, s3] = [await stone(100_000), await stone(100_000), await stone(100_000)];
      const first = (await world.placeOrder(asha, [s1], once.code)).orderId;
      expect((await quote(ben, [s2.id], once.code)).promotion_error!.code).toBe('discount_used_up');
      // The order lapses unpaid: its use is free again.
      await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 60_000) }).where(eq(orders.id, first));
      await t.app.flows.checkout.releaseExpiredReservations();
      const second = await world.placeOrder(ben, [s2], once.code);
      // The lapsed order cannot take the use back now that another order holds it.
      const retry = await refusal(asha.api.retryPay({ body: { orderId: first } }));
      expect(retry.status).toBe(409);
      expect(retry.code).toBe('discount_used_up');
      expect((await t.db.select({ status: items.status }).from(items).where(eq(items.id, s1.id)))[0]!.status).toBe('available');
      // Staff cancel the unpaid order: the use is free again.
      await world.staff.manager.adminOrderCancel({ params: { id: second.orderId }, body: {} });
      await world.placeOrder(asha, [s3], once.code);
      const listed = (await world.staff.owner.adminDiscounts()).discounts.find((d) => d.id === once.id);
      expect(listed).toMatchObject({ uses: 1, status_label: 'Used up' });
    });

    it(`takes a single-use code exactly once of 50 checkouts at once (${testDatabaseKind})`, async () => {
      const single = await code({ max_uses: 1 });
      const storeId = world.shop.store.id;
      const buyers: Buyer[] = await Promise.all((await createShoppers(t.db, storeId, 50))
        .map(async (b) => ({ ...b, addressId: (await insertAddress(t.db, storeId, b.id)).id, api: world.as(b.token) })));
      const stones = await Promise.all(buyers.map(() => world.stone({ pricePaise: 200_000 })));
      const before = await t.db.select({ id: orders.id }).from(orders);
      const results = await Promise.allSettled(buyers.map((b, i) => world.placeOrder(b, [stones[i]!], single.code)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.filter((r) => r.status === 'rejected');
      expect(refused).toHaveLength(49);
      expect(refused.every((r) => r.reason instanceof ApiError && r.reason.status === 409 && r.reason.code === 'discount_used_up')).toBe(true);
      const after = await t.db.select().from(orders).where(eq(orders.storeId, storeId));
      const added = after.filter((o) => !before.some((b) => b.id === o.id));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatchObject({ discountCodeId: single.id, discountPaise: 20_000, totalPaise: 180_000 });
      const reserved = await t.db.select().from(items).where(inArray(items.id, stones.map((s) => s.id)));
      expect(reserved.filter((s) => s.status === 'reserved')).toHaveLength(1);
    });
  });

  describe('on the invoice and refunds', () => {
    async function buy(who: Buyer, stonesPaise: { price: number; productId?: number }[], discountCode: string) {
      const stones = [];
      for (const s of stonesPaise) stones.push(await stone(s.price, s.productId));
      const orderId = await world.paidOrder(who, stones, discountCode);
      const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
      return { orderId, invoice: invoice! };
    }

    it('a percentage: GST on each line\'s discounted value, figures worked by hand', async () => {
      const c = await code({ kind: 'percent', value: 10 });
      const { orderId, invoice } = await buy(asha, [{ price: 1_000_000 }, { price: 500_001 }], c.code);
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      // 10% of 15,000.01 = 1,500.001 -> 1,500.00; shares 1,000.00 and 500.00.
      expect(order).toMatchObject({ discountPaise: 150_000, totalPaise: 1_350_001, discountCode: c.code });
      // 9,000.00 / 1.0025 = 8,977.56 (tax 22.44 = 11.22 + 11.22); 4,500.01 / 1.0025 = 4,488.79 (tax 11.22 = 5.61 + 5.61).
      expect(invoice.lines.map((l) => [l.pricePaise, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
        [900_000, 897_756, 1_122, 1_122, 0], [450_001, 448_879, 561, 561, 0],
      ]);
      expect(invoice).toMatchObject({ totalPaise: 1_350_001, taxablePaise: 1_346_635, cgstPaise: 1_683, sgstPaise: 1_683 });
      expect(invoice.lines[0]!.description).toContain(`less Rs. 1,000.00 with code ${c.code}`);
    });

    it('a fixed amount on one gem type: only its stones are discounted, by hand', async () => {
      const other = world.shop.catalog.otherProduct.id;
      const c = await code({ kind: 'fixed', value: 1000, product_ids: [other] });
      const { invoice } = await buy(ben, [{ price: 1_000_000 }, { price: 300_000, productId: other }], c.code);
      // The blue sapphire is not the code's: 10,000.00 as ever. The yellow: 3,000.00 - 1,000.00 = 2,000.00 / 1.0025 = 1,995.01 (tax 4.99 = 2.50 + 2.49).
      expect(invoice.lines.map((l) => [l.pricePaise, l.taxablePaise, l.cgstPaise, l.sgstPaise])).toEqual([
        [1_000_000, 997_506, 1_247, 1_247], [200_000, 199_501, 250, 249],
      ]);
      expect(invoice.totalPaise).toBe(1_200_000);
    });

    it('shows the code and the discount on the order page, the email, the back office\'s order and the orders CSV', async () => {
      const c = await code({ kind: 'percent', value: 10 });
      const { orderId } = await buy(asha, [{ price: 1_000_000 }, { price: 500_001 }], c.code);
      const view = (await asha.api.order({ body: { orderId } })).order;
      expect(view).toMatchObject({ stones_amount: 15_000.01, promotion: { code: c.code, amount: 1_500 }, total_amount: 13_500.01 });
      expect(view.details.map((d) => [d.product_amount, d.total_amount])).toEqual([[10_000, 9_000], [5_000.01, 4_500.01]]);
      const [mail] = await t.db.select().from(outboxMessages).where(like(outboxMessages.dedupeKey, `order:${orderId}:placed%`));
      expect(mail!.text).toContain(`Rs. 13,500.01 in all, after Rs. 1,500.00 off with the code ${c.code}, shipped free.`);
      const detail = (await world.staff.assistant.adminOrder({ params: { id: orderId } })).order;
      expect(detail).toMatchObject({ stones_total: 15_000.01, promotion: { code: c.code, amount: 1_500 }, total: 13_500.01 });
      expect(detail.lines.map((l) => [l.price, l.discount])).toEqual([[10_000, 1_000], [5_000.01, 500]]);
      const csv = parse(await world.staff.owner.adminOrdersExport(), { columns: true, bom: true }) as Record<string, string>[];
      expect(csv.find((r) => r.order_number === detail.order_number)).toMatchObject({ discount_code: c.code, discount: '1500.00', total: '13500.01' });
    });

    it('refunds a discounted stone at its price less its share, with a credit note of the same figures', async () => {
      const c = await code({ kind: 'percent', value: 10 });
      const { orderId, invoice } = await buy(asha, [{ price: 1_000_000 }, { price: 500_001 }], c.code);
      const lineIds = (await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).sort((x, y) => x.id - y.id).map((l) => l.id);
      const res = await world.refund(orderId, [lineIds[1]!], '');
      expect(res.refund.amount).toBe(4_500.01);
      const [note] = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
      expect(note!.lines.map((l) => [l.pricePaise, l.taxablePaise, l.cgstPaise, l.sgstPaise])).toEqual([[450_001, 448_879, 561, 561]]);
      expect(note!.lines[0]).toEqual(invoice.lines[1]);
    });
  });
});
