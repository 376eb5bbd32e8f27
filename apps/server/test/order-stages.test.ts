import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { ORDER_LINE_STAGE_LABELS, ORDER_STAGE_LABELS, ORDER_STAGES, type OrderStage } from '@gemstore/contracts';
import { auditLog, orders, outboxMessages } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { createShoppers, insertAddress, payWithSandbox, type Shop } from './checkout-fixtures.ts';
import { type BodyOf, type QueryOf, refusal, type TestClient } from './client.ts';
import { type Buyer, shopWorld, type ShopWorld } from './world.ts';
import { pdfText } from './pdf-text.ts';

// Password hashing runs scrypt at OWASP cost, and 50 orders are placed at once: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

describe('where an order stands, and its number', () => {
  let t: TestApp;
  let world: ShopWorld;
  let owner: TestClient;
  let asha: Buyer;
  /** The shop's couriers by name. */
  let courier: Record<string, number>;

  const view = async (orderId: number, who = asha) => (await who.api.order({ body: { orderId } })).order;
  const detail = async (orderId: number, as = owner) => (await as.adminOrder({ params: { id: orderId } })).order;
  const listed = async (query: QueryOf<'adminOrders'>, as = owner) => (await as.adminOrders({ query })).data;

  /** The customer's page, the customer's list, the staff's page and list (and its filters) all name the same stage. */
  async function expectStage(orderId: number, stage: OrderStage) {
    const label = ORDER_STAGE_LABELS[stage];
    expect(await view(orderId), 'customer order').toMatchObject({ stage, stage_label: label });
    const mine = (await asha.api.orders()).orders.find((o) => o.id === orderId);
    expect(mine, 'customer list').toMatchObject({ stage, stage_label: label });
    expect(await detail(orderId), 'staff order').toMatchObject({ stage, stage_label: label });
    expect((await listed({})).find((o) => o.id === orderId), 'staff list').toMatchObject({ stage, stage_label: label });
    // The list's filter asks the same rule in SQL: the order is under its own stage and no other.
    for (const s of ORDER_STAGES) {
      expect((await listed({ status: s })).some((o) => o.id === orderId), `filtered by ${s} while ${stage}`).toBe(s === stage);
    }
  }

  async function requestReturn(orderId: number, lineIds: number[]) {
    const form = new FormData();
    form.append('orderId', String(orderId));
    form.append('reason', 'defective');
    form.append('comment', 'A chip');
    lineIds.forEach((id, i) => form.append(`detailIds[${i}]`, String(id)));
    return (await asha.api.returnRequestCreate({ form })).returnRequest.id;
  }
  const moveReturn = (returnId: number, status: BodyOf<'adminReturnStatus'>['status'], extra: Omit<BodyOf<'adminReturnStatus'>, 'status'> = {}) =>
    owner.adminReturnStatus({ params: { id: returnId }, body: { status, note: '', ...extra } });
  const setPrefix = (prefix: string, as = owner) => as.adminUpdateOrderNumbering({ body: { prefix } });

  beforeAll(async () => {
    t = await buildTestApp();
    world = await shopWorld(t);
    owner = world.staff.owner;
    courier = await world.couriers();
    asha = await world.shopper();
  });
  afterAll(() => t?.close());

  it('numbers each shop\'s orders from 1 in its own series, the two shops apart', async () => {
    const bob = await world.shopper('Jaipur', world.other);
    const place = async (who: Buyer, of: Shop) => world.placeOrder(who, [await world.stone({}, of)]);
    const a1 = await place(asha, world.shop);
    const b1 = await place(bob, world.other);
    const a2 = await place(asha, world.shop);
    const b2 = await place(bob, world.other);
    expect([a1.orderNumber, a2.orderNumber, b1.orderNumber, b2.orderNumber]).toEqual(['#1', '#2', '#1', '#2']);
    expect(await view(a2.orderId)).toMatchObject({ number: 2, order_number: '#2' });
    expect(await view(b1.orderId, bob)).toMatchObject({ number: 1, order_number: '#1' });
    expect((await detail(b2.orderId, world.otherOwner))).toMatchObject({ number: 2, order_number: '#2' });
  });

  it('gives 50 orders placed at once 50 consecutive numbers, none twice', async () => {
    const before = (await owner.adminOrderNumbering()).next_number;
    const storeId = world.shop.store.id;
    const buyers: Buyer[] = await Promise.all((await createShoppers(t.db, storeId, 50))
      .map(async (b) => ({ ...b, addressId: (await insertAddress(t.db, storeId, b.id)).id, api: world.as(b.token) })));
    const stones = await Promise.all(buyers.map(() => world.stone()));
    // Every one answered 200: none of the calls rejects.
    const answers = await Promise.all(buyers.map((buyer, i) => world.placeOrder(buyer, [stones[i]!])));
    const ids = answers.map((r) => r.orderId);
    const rows = await t.db.select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.storeId, storeId));
    const numbers = rows.filter((r) => ids.includes(r.id)).map((r) => r.number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => before + i));
    expect(answers.map((r) => r.orderNumber).sort()).toEqual(numbers.map((n) => `#${n}`).sort());
    expect(await owner.adminOrderNumbering()).toMatchObject({ next_number: before + 50 });
  });

  it('takes the shop\'s prefix from the settings into new orders, their emails, invoice and CSV; earlier orders keep theirs', async () => {
    const earlier = await world.paidOrder(asha);
    const earlierNumber = (await view(earlier)).order_number;
    expect(earlierNumber).toMatch(/^#\d+$/);

    // Only staff who may change settings, and only a prefix of letters, digits and - / # _.
    await expect(setPrefix('RG-', world.staff.assistant)).rejects.toMatchObject({ status: 403 });
    const bad = await refusal(setPrefix('R G<'));
    expect(bad.status).toBe(422);
    expect(bad.errors.prefix).toBeDefined();
    const set = await setPrefix('RG-', world.staff.manager);
    const next = set.next_number;
    expect(set).toMatchObject({ settings: { prefix: 'RG-' }, next_order_number: `RG-${next}` });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'store.order_numbers_update'));
    expect(audit).toMatchObject({ storeId: world.shop.store.id, changes: { prefix: { old: '', new: 'RG-' } } });
    // Store B's numbers are its own.
    expect((await world.otherOwner.adminOrderNumbering()).settings.prefix).toBe('');

    const stone = await world.stone({ gin: 'RUBY-7731' });
    const orderId = await world.paidOrder(asha, [stone]);
    const number = `RG-${next}`;
    expect(await view(orderId)).toMatchObject({ number: next, order_number: number });
    expect(await view(earlier)).toMatchObject({ order_number: earlierNumber });

    // The customer's emails name it so.
    const mail = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, asha.email));
    const paidMail = mail.find((m) => m.dedupeKey?.startsWith(`order:${orderId}:`) && m.purpose === 'order-paid');
    expect(paidMail?.subject).toContain(`order ${number}`);
    expect(paidMail?.text).toContain(`order ${number}`);

    // The invoice, for the customer and for staff.
    await asha.api.orderInvoice({ params: { orderId } });
    const customerPdf = asha.api.last;
    await owner.adminOrderInvoice({ params: { id: orderId } });
    for (const pdf of [customerPdf, owner.last]) {
      expect(pdf.statusCode).toBe(200);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain(`Order: ${number}`);
      expect(text).toContain('RUBY-7731');
    }

    // The CSV export: the number as people read it, the SKU as typed.
    const csv = parse(await owner.adminOrdersExport({ query: { q: number } }), { columns: true, bom: true }) as Record<string, string>[];
    expect(csv.map((r) => [r.order_number, r.skus])).toEqual([[number, 'RUBY-7731']]);

    // The payment page of an unpaid order names it too.
    const unpaid = await world.placeOrder(asha, [await world.stone()]);
    expect(unpaid.orderNumber).toBe(`RG-${next + 1}`);
    const pay = await asha.api.retryPay({ body: { orderId: unpaid.orderId } });
    expect(pay.order_number).toBe(`RG-${next + 1}`);
    // The payment page itself: HTML, read raw.
    expect((await t.app.inject({ url: pay.url })).body).toContain(`RG-${next + 1}`);
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, unpaid.orderId));
    // Set back for the tests after this one.
    await setPrefix('');
  });

  it('finds an order by its number with or without the prefix, and by a stone\'s SKU as the seller typed it', async () => {
    await setPrefix('AG/');
    const stone = await world.stone({ gin: 'EMR-2024-9' });
    const orderId = await world.paidOrder(asha, [stone, await world.stone()]);
    const { number, order_number: shown } = await detail(orderId);
    expect(shown).toBe(`AG/${number}`);
    const ids = async (q: string) => (await listed({ q })).map((o) => o.id);
    for (const q of [`AG/${number}`, `ag/${number}`, `AG ${number}`, `AG${number}`, `#${number}`, String(number)]) {
      expect(await ids(q), q).toContain(orderId);
    }
    expect(await ids(`XX/${number}`)).not.toContain(orderId);
    for (const q of ['EMR-2024-9', 'emr-2024-9']) expect(await ids(q), q).toEqual([orderId]);
    // Another shop's staff find nothing by it.
    expect((await listed({ q: 'EMR-2024-9' }, world.otherOwner))).toEqual([]);
    // The stone's page lists its order; the storefront shows the SKU as typed.
    const held = (await owner.adminStoneOrders({ params: { id: stone.id } })).orders;
    expect(held).toEqual([expect.objectContaining({ id: orderId, order_number: shown, stage: 'paid', stage_label: 'Paid' })]);
    expect((await world.otherOwner.adminStoneOrders({ params: { id: stone.id } })).orders).toEqual([]);
    expect((await view(orderId)).details.find((d) => d.item.id === stone.id)!.item.sku).toBe('EMR-2024-9');
    expect((await detail(orderId)).lines.find((l) => l.item_id === stone.id)!.sku).toBe('EMR-2024-9');
    expect((await world.guest.itemDetails({ params: { id: String(stone.id) } })).item.sku).toBe('EMR-2024-9');
    await setPrefix('');
  });

  it('says where an order stands at every step: paid, dispatched, delivered, a return, a partial and a full refund', async () => {
    const stones = [await world.stone({ pricePaise: 1_000_000 }), await world.stone({ pricePaise: 250_050 })];
    const { orderId } = await world.placeOrder(asha, stones);
    await expectStage(orderId, 'awaiting_payment');
    expect((await payWithSandbox(t, world.shop, asha, orderId)).statusCode).toBe(303);
    await expectStage(orderId, 'paid');
    expect(await view(orderId)).toMatchObject({ status_label: 'Paid', refunded_amount: 0, refunded_on: null, net_paid: 12_500.5, refunds: [] });
    await owner.adminOrderDispatch({ params: { id: orderId }, body: { courier_id: courier['Blue Dart'], tracking_number: 'BD-2201' } });
    await expectStage(orderId, 'dispatched');
    await owner.adminOrderDeliver({ params: { id: orderId } });
    await expectStage(orderId, 'delivered');

    // A return of the first stone.
    const lines = (await view(orderId)).details;
    const first = lines.find((l) => l.item.id === stones[0]!.id)!.id;
    const second = lines.find((l) => l.item.id === stones[1]!.id)!.id;
    const returnId = await requestReturn(orderId, [first]);
    await expectStage(orderId, 'return_requested');
    const lineOf = async (lineId: number) => (await view(orderId)).details.find((d) => d.id === lineId);
    expect(await lineOf(first)).toMatchObject({ stage: 'return_requested', stage_label: 'Return requested' });
    expect(await lineOf(second)).toMatchObject({ stage: null, stage_label: null });
    await moveReturn(returnId, 'approved');
    await expectStage(orderId, 'return_requested');
    await moveReturn(returnId, 'picked_up', { courier_id: courier['Delhivery'], tracking_number: 'DL-5566' });
    await expectStage(orderId, 'return_requested');
    await moveReturn(returnId, 'received');
    await expectStage(orderId, 'returned');
    expect(await lineOf(first)).toMatchObject({ stage: 'returned', stage_label: ORDER_LINE_STAGE_LABELS.returned });
    expect((await detail(orderId)).lines.find((l) => l.id === first)).toMatchObject({ stage: 'returned', stage_label: 'Returned' });

    // Refunded (the sandbox refunds at once): part of the order.
    await moveReturn(returnId, 'refunded');
    await expectStage(orderId, 'partly_refunded');
    const partly = await view(orderId);
    expect(partly).toMatchObject({
      refunded_amount: 10_000, net_paid: 2_500.5, refunded_on: expect.any(String),
      refunds: [{ amount: 10_000, status: 'processed', status_label: 'Refunded', of: 'stones', at: partly.refunded_on }],
    });
    expect(await lineOf(first)).toMatchObject({ stage: 'refunded', stage_label: 'Refunded' });
    expect(await lineOf(second)).toMatchObject({ stage: null });
    expect(await detail(orderId)).toMatchObject({ refunded_amount: 10_000, net_paid: 2_500.5 });

    // The rest refunded from the order: all of it.
    await world.refund(orderId, [second], '', owner);
    await expectStage(orderId, 'refunded');
    const refunded = await view(orderId);
    expect(refunded).toMatchObject({ refunded_amount: 12_500.5, net_paid: 0, refunds: [{ amount: 10_000 }, { amount: 2_500.5 }] });
    expect(refunded.details.map((d) => d.stage)).toEqual(['refunded', 'refunded']);
    expect((await detail(orderId)).actions).toMatchObject({ dispatch: false, deliver: false, refund_lines: false });
  });

  it('says partly refunded for a stone refunded before dispatch, and still lets staff dispatch the rest', async () => {
    const orderId = await world.paidOrder(asha, [await world.stone(), await world.stone()]);
    const [line] = (await detail(orderId)).lines;
    await world.refund(orderId, [line!.id], '', owner);
    await expectStage(orderId, 'partly_refunded');
    expect((await detail(orderId)).actions.dispatch).toBe(true);
    await owner.adminOrderDispatch({ params: { id: orderId }, body: { courier_id: courier['Fedex'], tracking_number: 'FX-9001' } });
    await expectStage(orderId, 'partly_refunded');
  });

  it('says cancelled for an order staff cancelled, and payment lapsed for one whose time ran out', async () => {
    const cancelled = (await world.placeOrder(asha, [await world.stone()])).orderId;
    await owner.adminOrderCancel({ params: { id: cancelled }, body: { reason: 'Asked by phone' } });
    await expectStage(cancelled, 'cancelled');
    expect(await view(cancelled)).toMatchObject({ refunded_amount: 0, net_paid: 0 });

    const lapsed = (await world.placeOrder(asha, [await world.stone()])).orderId;
    await t.app.flows.checkout.releaseExpiredReservations(new Date(Date.now() + 24 * 3_600_000));
    await expectStage(lapsed, 'payment_lapsed');
  });
});
