import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { ORDER_LINE_STAGE_LABELS, ORDER_STAGE_LABELS, ORDER_STAGES, type OrderStage } from '@gemstore/contracts';
import { type StaffRole } from '@gemstore/contracts/constants';
import { auditLog, orders, outboxMessages } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { type Catalog, createItem, type createStore } from './factories.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';
import {
  caller, createShopper, createShoppers, createStone, insertAddress, payWithSandbox, placeOrder, type Shop, type Shopper, courierIds,
} from './checkout-fixtures.ts';
import { multipart } from './multipart.ts';
import { pdfText } from './pdf-text.ts';

// Password hashing runs scrypt at OWASP cost, and 50 orders are placed at once: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

type Store = Awaited<ReturnType<typeof createStore>>;

describe('where an order stands, and its number', () => {
  let t: TestApp;
  let a: Store;
  let b: Store;
  let catA: Catalog;
  let catB: Catalog;
  let tokens: Record<StaffRole, string>;
  let bOwnerToken: string;
  let shopA: Shop;
  let shopB: Shop;
  let asha: Shopper;
  let ashaAddress: number;
  /** The shop's couriers by name. */
  let courier: Record<string, number>;

  const staff = (path: string, body?: object, token = tokens.owner, domain = 'a.test', method?: 'PUT') =>
    admin(t, domain, path, { token, ...(body ? { body } : {}), ...(method ? { method } : {}) });
  const view = async (orderId: number, who = asha, domain = 'a.test') => {
    const res = await caller(t, domain)('/api/order', who, { orderId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order;
  };
  const detail = async (orderId: number, token = tokens.owner, domain = 'a.test') => {
    const res = await staff(`/orders/${orderId}`, undefined, token, domain);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order;
  };
  const listed = async (query: string, token = tokens.owner, domain = 'a.test') =>
    ((await staff(`/orders?${query}`, undefined, token, domain)).json().data as { id: number; stage: string; order_number: string }[]);

  /** The customer's page, the customer's list, the staff's page and list (and its filters) all name the same stage. */
  async function expectStage(orderId: number, stage: OrderStage) {
    const label = ORDER_STAGE_LABELS[stage];
    expect(await view(orderId), 'customer order').toMatchObject({ stage, stage_label: label });
    const mine = (await caller(t, 'a.test')('/api/orders', asha)).json().orders.find((o: { id: number }) => o.id === orderId);
    expect(mine, 'customer list').toMatchObject({ stage, stage_label: label });
    expect(await detail(orderId), 'staff order').toMatchObject({ stage, stage_label: label });
    expect((await listed('')).find((o) => o.id === orderId), 'staff list').toMatchObject({ stage, stage_label: label });
    // The list's filter asks the same rule in SQL: the order is under its own stage and no other.
    for (const s of ORDER_STAGES) {
      expect((await listed(`status=${s}`)).some((o) => o.id === orderId), `filtered by ${s} while ${stage}`).toBe(s === stage);
    }
  }

  async function requestReturn(orderId: number, lineIds: number[]) {
    const { payload, contentType } = multipart([
      ['orderId', String(orderId)], ['reason', 'defective'], ['comment', 'A chip'],
      ...lineIds.map((id, i) => [`detailIds[${i}]`, String(id)] as [string, string]),
    ]);
    const res = await t.app.inject({
      method: 'POST', url: '/api/return-request-create', payload,
      headers: { domain: 'a.test', 'content-type': contentType, authorization: `Bearer ${asha.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().returnRequest.id as number;
  }
  const moveReturn = async (returnId: number, status: string, extra: object = {}) => {
    const res = await staff(`/returns/${returnId}/status`, { status, note: '', ...extra });
    expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
  };

  async function paidOrder(stones: { id: number }[], who = asha, address = ashaAddress, shop = shopA) {
    const orderId = (await placeOrder(t, shop, who, stones.map((s) => s.id), address)).json().orderId as number;
    expect((await payWithSandbox(t, shop, who, orderId)).statusCode).toBe(303);
    return orderId;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ({ a, b, catA, catB, tokens, bOwnerToken } = await backOfficeStores(t, 'b-'));
    courier = await courierIds(t, a.id);
    shopA = { store: a, catalog: catA, domain: 'a.test' };
    shopB = { store: b, catalog: catB, domain: 'b.test' };
    asha = await createShopper(t.db, a.id);
    ashaAddress = (await insertAddress(t.db, a.id, asha.id)).id;
  });
  afterAll(() => t?.close());

  it('numbers each shop\'s orders from 1 in its own series, the two shops apart', async () => {
    const bob = await createShopper(t.db, b.id);
    const bobAddress = (await insertAddress(t.db, b.id, bob.id)).id;
    const place = async (shop: Shop, who: Shopper, address: number) => {
      const res = await placeOrder(t, shop, who, [(await createStone(t.db, shop)).id], address);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { orderId: number; orderNumber: string };
    };
    const a1 = await place(shopA, asha, ashaAddress);
    const b1 = await place(shopB, bob, bobAddress);
    const a2 = await place(shopA, asha, ashaAddress);
    const b2 = await place(shopB, bob, bobAddress);
    expect([a1.orderNumber, a2.orderNumber, b1.orderNumber, b2.orderNumber]).toEqual(['#1', '#2', '#1', '#2']);
    expect(await view(a2.orderId)).toMatchObject({ number: 2, order_number: '#2' });
    expect(await view(b1.orderId, bob, 'b.test')).toMatchObject({ number: 1, order_number: '#1' });
    expect((await detail(b2.orderId, bOwnerToken, 'b.test'))).toMatchObject({ number: 2, order_number: '#2' });
  });

  it('gives 50 orders placed at once 50 consecutive numbers, none twice', async () => {
    const before = (await staff('/settings/order-numbers')).json().next_number as number;
    const buyers = await createShoppers(t.db, a.id, 50);
    const stones = await Promise.all(buyers.map(() => createStone(t.db, shopA)));
    const addressIds = await Promise.all(buyers.map(async (buyer) => (await insertAddress(t.db, a.id, buyer.id)).id));
    const answers = await Promise.all(buyers.map((buyer, i) => placeOrder(t, shopA, buyer, [stones[i]!.id], addressIds[i]!)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const ids = answers.map((r) => r.json().orderId as number);
    const rows = await t.db.select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.storeId, a.id));
    const numbers = rows.filter((r) => ids.includes(r.id)).map((r) => r.number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => before + i));
    expect(answers.map((r) => r.json().orderNumber).sort()).toEqual(numbers.map((n) => `#${n}`).sort());
    expect((await staff('/settings/order-numbers')).json()).toMatchObject({ next_number: before + 50 });
  });

  it('takes the shop\'s prefix from the settings into new orders, their emails, invoice and CSV; earlier orders keep theirs', async () => {
    const earlier = await paidOrder([await createStone(t.db, shopA)]);
    const earlierNumber = (await view(earlier)).order_number as string;
    expect(earlierNumber).toMatch(/^#\d+$/);

    // Only staff who may change settings, and only a prefix of letters, digits and - / # _.
    expect((await staff('/settings/order-numbers', { prefix: 'RG-' }, tokens.assistant, 'a.test', 'PUT')).statusCode).toBe(403);
    const bad = await staff('/settings/order-numbers', { prefix: 'R G<' }, tokens.owner, 'a.test', 'PUT');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.prefix).toBeDefined();
    const set = await staff('/settings/order-numbers', { prefix: 'RG-' }, tokens.manager, 'a.test', 'PUT');
    expect(set.statusCode, set.body).toBe(200);
    const next = set.json().next_number as number;
    expect(set.json()).toMatchObject({ settings: { prefix: 'RG-' }, next_order_number: `RG-${next}` });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'store.order_numbers_update'));
    expect(audit).toMatchObject({ storeId: a.id, changes: { prefix: { old: '', new: 'RG-' } } });
    // Store B's numbers are its own.
    expect((await staff('/settings/order-numbers', undefined, bOwnerToken, 'b.test')).json().settings.prefix).toBe('');

    const stone = await createItem(t.db, a.id, { catalog: catA, gin: 'RUBY-7731' });
    const orderId = await paidOrder([stone]);
    const number = `RG-${next}`;
    expect(await view(orderId)).toMatchObject({ number: next, order_number: number });
    expect(await view(earlier)).toMatchObject({ order_number: earlierNumber });

    // The customer's emails name it so.
    const mail = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, asha.email));
    const paidMail = mail.find((m) => m.dedupeKey?.startsWith(`order:${orderId}:`) && m.purpose === 'order-paid');
    expect(paidMail?.subject).toContain(`order ${number}`);
    expect(paidMail?.text).toContain(`order ${number}`);

    // The invoice, for the customer and for staff.
    for (const pdf of [
      await t.app.inject({ url: `/api/order-invoice/${orderId}`, headers: { domain: 'a.test', authorization: `Bearer ${asha.token}` } }),
      await staff(`/orders/${orderId}/invoice`),
    ]) {
      expect(pdf.statusCode).toBe(200);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain(`Order: ${number}`);
      expect(text).toContain('RUBY-7731');
    }

    // The CSV export: the number as people read it, the SKU as typed.
    const csv = parse((await staff(`/orders/export.csv?q=${encodeURIComponent(number)}`)).body, { columns: true, bom: true }) as Record<string, string>[];
    expect(csv.map((r) => [r.order_number, r.skus])).toEqual([[number, 'RUBY-7731']]);

    // The payment page of an unpaid order names it too.
    const unpaid = (await placeOrder(t, shopA, asha, [(await createStone(t.db, shopA)).id], ashaAddress)).json();
    expect(unpaid.orderNumber).toBe(`RG-${next + 1}`);
    const pay = (await caller(t, 'a.test')('/api/retry-pay', asha, { orderId: unpaid.orderId })).json();
    expect(pay.order_number).toBe(`RG-${next + 1}`);
    expect((await t.app.inject({ url: pay.url })).body).toContain(`RG-${next + 1}`);
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, unpaid.orderId));
    // Set back for the tests after this one.
    expect((await staff('/settings/order-numbers', { prefix: '' }, tokens.owner, 'a.test', 'PUT')).statusCode).toBe(200);
  });

  it('finds an order by its number with or without the prefix, and by a stone\'s SKU as the seller typed it', async () => {
    expect((await staff('/settings/order-numbers', { prefix: 'AG/' }, tokens.owner, 'a.test', 'PUT')).statusCode).toBe(200);
    const stone = await createItem(t.db, a.id, { catalog: catA, gin: 'EMR-2024-9' });
    const orderId = await paidOrder([stone, await createStone(t.db, shopA)]);
    const { number, order_number: shown } = await detail(orderId);
    expect(shown).toBe(`AG/${number}`);
    const ids = async (q: string) => (await listed(`q=${encodeURIComponent(q)}`)).map((o) => o.id);
    for (const q of [`AG/${number}`, `ag/${number}`, `AG ${number}`, `AG${number}`, `#${number}`, String(number)]) {
      expect(await ids(q), q).toContain(orderId);
    }
    expect(await ids(`XX/${number}`)).not.toContain(orderId);
    for (const q of ['EMR-2024-9', 'emr-2024-9']) expect(await ids(q), q).toEqual([orderId]);
    // Another shop's staff find nothing by it.
    expect((await listed('q=EMR-2024-9', bOwnerToken, 'b.test'))).toEqual([]);
    // The stone's page lists its order; the storefront shows the SKU as typed.
    const held = (await staff(`/stones/${stone.id}/orders`)).json().orders;
    expect(held).toEqual([expect.objectContaining({ id: orderId, order_number: shown, stage: 'paid', stage_label: 'Paid' })]);
    expect((await staff(`/stones/${stone.id}/orders`, undefined, bOwnerToken, 'b.test')).json().orders).toEqual([]);
    expect((await view(orderId)).details.find((d: { item: { id: number } }) => d.item.id === stone.id).item.sku).toBe('EMR-2024-9');
    expect((await detail(orderId)).lines.find((l: { item_id: number }) => l.item_id === stone.id).sku).toBe('EMR-2024-9');
    expect((await t.app.inject({ url: `/api/item-details/${stone.id}`, headers: { domain: 'a.test' } })).json().item.sku).toBe('EMR-2024-9');
    expect((await staff('/settings/order-numbers', { prefix: '' }, tokens.owner, 'a.test', 'PUT')).statusCode).toBe(200);
  });

  it('says where an order stands at every step: paid, dispatched, delivered, a return, a partial and a full refund', async () => {
    const stones = [await createStone(t.db, shopA, { pricePaise: 1_000_000 }), await createStone(t.db, shopA, { pricePaise: 250_050 })];
    const orderId = (await placeOrder(t, shopA, asha, stones.map((s) => s.id), ashaAddress)).json().orderId as number;
    await expectStage(orderId, 'awaiting_payment');
    expect((await payWithSandbox(t, shopA, asha, orderId)).statusCode).toBe(303);
    await expectStage(orderId, 'paid');
    expect(await view(orderId)).toMatchObject({ status_label: 'Paid', refunded_amount: 0, refunded_on: null, net_paid: 12_500.5, refunds: [] });
    expect((await staff(`/orders/${orderId}/dispatch`, { courier_id: courier['Blue Dart'], tracking_number: 'BD-2201' })).statusCode).toBe(200);
    await expectStage(orderId, 'dispatched');
    expect((await staff(`/orders/${orderId}/deliver`, {})).statusCode).toBe(200);
    await expectStage(orderId, 'delivered');

    // A return of the first stone.
    const lines = (await view(orderId)).details as { id: number; item: { id: number } }[];
    const first = lines.find((l) => l.item.id === stones[0]!.id)!.id;
    const second = lines.find((l) => l.item.id === stones[1]!.id)!.id;
    const returnId = await requestReturn(orderId, [first]);
    await expectStage(orderId, 'return_requested');
    const lineOf = async (lineId: number) => (await view(orderId)).details.find((d: { id: number }) => d.id === lineId);
    expect(await lineOf(first)).toMatchObject({ stage: 'return_requested', stage_label: 'Return requested' });
    expect(await lineOf(second)).toMatchObject({ stage: null, stage_label: null });
    await moveReturn(returnId, 'approved');
    await expectStage(orderId, 'return_requested');
    await moveReturn(returnId, 'picked_up', { courier_id: courier['Delhivery'], tracking_number: 'DL-5566' });
    await expectStage(orderId, 'return_requested');
    await moveReturn(returnId, 'received');
    await expectStage(orderId, 'returned');
    expect(await lineOf(first)).toMatchObject({ stage: 'returned', stage_label: ORDER_LINE_STAGE_LABELS.returned });
    expect((await detail(orderId)).lines.find((l: { id: number }) => l.id === first)).toMatchObject({ stage: 'returned', stage_label: 'Returned' });

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
    const rest = await staff(`/orders/${orderId}/refunds`, { idempotency_key: randomUUID(), line_ids: [second] });
    expect(rest.statusCode, rest.body).toBe(200);
    await expectStage(orderId, 'refunded');
    const refunded = await view(orderId);
    expect(refunded).toMatchObject({ refunded_amount: 12_500.5, net_paid: 0, refunds: [{ amount: 10_000 }, { amount: 2_500.5 }] });
    expect(refunded.details.map((d: { stage: string }) => d.stage)).toEqual(['refunded', 'refunded']);
    expect((await detail(orderId)).actions).toMatchObject({ dispatch: false, deliver: false, refund_lines: false });
  });

  it('says partly refunded for a stone refunded before dispatch, and still lets staff dispatch the rest', async () => {
    const stones = [await createStone(t.db, shopA), await createStone(t.db, shopA)];
    const orderId = await paidOrder(stones);
    const [line] = (await detail(orderId)).lines as { id: number }[];
    expect((await staff(`/orders/${orderId}/refunds`, { idempotency_key: randomUUID(), line_ids: [line!.id] })).statusCode).toBe(200);
    await expectStage(orderId, 'partly_refunded');
    expect((await detail(orderId)).actions.dispatch).toBe(true);
    expect((await staff(`/orders/${orderId}/dispatch`, { courier_id: courier['Fedex'], tracking_number: 'FX-9001' })).statusCode).toBe(200);
    await expectStage(orderId, 'partly_refunded');
  });

  it('says cancelled for an order staff cancelled, and payment lapsed for one whose time ran out', async () => {
    const cancelled = (await placeOrder(t, shopA, asha, [(await createStone(t.db, shopA)).id], ashaAddress)).json().orderId as number;
    expect((await staff(`/orders/${cancelled}/cancel`, { reason: 'Asked by phone' })).statusCode).toBe(200);
    await expectStage(cancelled, 'cancelled');
    expect(await view(cancelled)).toMatchObject({ refunded_amount: 0, net_paid: 0 });

    const lapsed = (await placeOrder(t, shopA, asha, [(await createStone(t.db, shopA)).id], ashaAddress)).json().orderId as number;
    await t.app.flows.checkout.releaseExpiredReservations(new Date(Date.now() + 24 * 3_600_000));
    await expectStage(lapsed, 'payment_lapsed');
  });
});
