import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { adminOrderRoutes } from '@gemstore/contracts';
import { roleMay, STAFF_ROLES } from '@gemstore/contracts/constants';
import { formatRupees } from '@gemstore/contracts/format';
import { auditLog, couriers, customers, items, orderEvents, orders, outboxMessages } from '@gemstore/db';
import type { CustomerContext } from '../src/lib/context.ts';
import { buildTestApp, systemContext, type TestApp } from './helper.ts';
import { admin } from './staff-fixtures.ts';
import { refusal, type TestClient } from './client.ts';
import { type Buyer, shopWorld, type ShopWorld } from './world.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

describe('back-office orders', () => {
  let t: TestApp;
  let world: ShopWorld;
  let asha: Buyer;
  /** The shop's couriers by name. */
  let courier: Record<string, number>;
  /** The shop's assistant, who does most of the work here. */
  let assistant: TestClient;

  /** A paid order of `n` new stones for `who` (asha by default) in the shop. */
  async function paidOrder(n = 1, who = asha) {
    const stones = await Promise.all(Array.from({ length: n }, () => world.stone()));
    const orderId = await world.paidOrder(who, stones);
    return { orderId, stones };
  }
  async function unpaidOrder(n = 1) {
    const stones = await Promise.all(Array.from({ length: n }, () => world.stone()));
    const { orderId } = await world.placeOrder(asha, stones);
    return { orderId, stones };
  }
  const detail = async (orderId: number) => (await assistant.adminOrder({ params: { id: orderId } })).order;
  const emailsAbout = (orderId: number) => t.db.select().from(outboxMessages).where(like(outboxMessages.dedupeKey, `order:${orderId}:%`));
  const dispatch = (id: number, courier_id: number, tracking_number: string, by = assistant) =>
    by.adminOrderDispatch({ params: { id }, body: { courier_id, tracking_number } });

  beforeAll(async () => {
    t = await buildTestApp();
    world = await shopWorld(t);
    assistant = world.staff.assistant;
    courier = await world.couriers();
    asha = await world.shopper();
  });
  afterAll(() => t?.close());

  it('lets every role read and work on orders and refuses guests, customers and other stores\' staff', async () => {
    const { orderId } = await paidOrder();
    const { tokens, customerToken, otherOwnerToken: bOwnerToken } = world;
    // Every route of the table, the same way for each caller: sent raw, with an empty body.
    for (const [name, r] of Object.entries(adminOrderRoutes)) {
      const path = r.path.replace('/admin', '').replace(':id', String(orderId));
      const opts = { method: r.method, ...(r.method === 'GET' ? {} : { body: {} }) };
      for (const role of STAFF_ROLES) {
        const res = await admin(t, 'a.test', path, { ...opts, token: tokens[role] });
        // Refunds are the owner's and the manager's.
        expect(roleMay(role, r.capability) ? [200, 409, 422] : [403], `${name} as ${role}: ${res.body}`).toContain(res.statusCode);
      }
      expect((await admin(t, 'a.test', path, opts)).statusCode, name).toBe(401);
      expect((await admin(t, 'a.test', path, { ...opts, token: customerToken })).statusCode, name).toBe(401);
      expect((await admin(t, 'a.test', path, { ...opts, token: bOwnerToken })).statusCode, name).toBe(401);
    }
  });

  it('shows another store\'s staff none of this store\'s orders: 404 by id, absent from lists, search and export', async () => {
    const { orderId } = await paidOrder();
    const bCustomer = await world.shopper('Jaipur', world.other);
    const bStone = await world.stone({}, world.other);
    const { orderId: bOrder } = await world.placeOrder(bCustomer, [bStone]);
    const aIds = (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.storeId, world.shop.store.id))).map((o) => o.id);

    // Every route of the table with an id, sent raw by the other shop's owner on their shop.
    for (const [name, r] of Object.entries(adminOrderRoutes)) {
      if (!r.path.includes(':id')) continue;
      const res = await admin(t, 'b.test', r.path.replace('/admin', '').replace(':id', String(orderId)), {
        method: r.method, token: world.otherOwnerToken,
        ...(r.method === 'GET' ? {} : { body: { courier_id: courier['Fedex'], tracking_number: 'FX-1', note: 'x', idempotency_key: 'key-of-another-store', line_ids: [1] } }),
      });
      expect(res.statusCode, name).toBe(404);
    }
    const them = world.otherOwner;
    const listed = await them.adminOrders();
    expect(listed.data.map((o) => o.id)).toEqual([bOrder]);
    const searched = await them.adminOrders({ query: { q: asha.email } });
    expect(searched.total).toBe(0);
    // A's order number finds at most B's own order of that number.
    const byNumber = await them.adminOrders({ query: { q: (await detail(orderId)).order_number } });
    expect(byNumber.data.map((o) => o.id).filter((id) => aIds.includes(id))).toEqual([]);
    const csv = parse(await them.adminOrdersExport(), { columns: true, bom: true }) as { order_number: string }[];
    const bNumber = (await them.adminOrder({ params: { id: bOrder } })).order.order_number;
    expect(csv.map((r) => r.order_number)).toEqual([bNumber]);
    // Nothing of B's leaks the other way either.
    await expect(assistant.adminOrder({ params: { id: bOrder } })).rejects.toMatchObject({ status: 404 });
  });

  it('finds orders by stage, order number, customer name, email or phone, and the day placed, a page at a time', async () => {
    const ben = await world.shopper();
    await t.db.update(customers).set({ name: 'Benedict Quartz' }).where(eq(customers.id, ben.id));
    const { orderId: benPaid } = await paidOrder(1, ben);
    const { orderId: pending } = await unpaidOrder();

    type Query = NonNullable<Parameters<TestClient['adminOrders']>[0]>['query'];
    const ids = async (query: Query) => (await assistant.adminOrders({ query })).data.map((o) => o.id);
    expect(await ids({ q: 'benedict' })).toEqual([benPaid]);
    expect(await ids({ q: ben.email.toUpperCase() })).toEqual([benPaid]);
    expect(await ids({ q: ben.phone.slice(-6) })).toEqual([benPaid]);
    expect(await ids({ q: (await detail(benPaid)).order_number })).toEqual([benPaid]);
    expect(await ids({ q: 'nobody-by-this-name' })).toEqual([]);
    // A search's wildcards are taken literally.
    expect(await ids({ q: '%' })).toEqual([]);

    const awaiting = await ids({ status: 'awaiting_payment' });
    expect(awaiting).toContain(pending);
    expect(awaiting).not.toContain(benPaid);
    expect(await ids({ status: 'paid' })).toContain(benPaid);

    const placed = (await detail(benPaid)).placed_on;
    const just = (ms: number) => new Date(new Date(placed).getTime() + ms).toISOString();
    expect(await ids({ q: 'benedict', from: just(-1000), to: just(1000) })).toEqual([benPaid]);
    expect(await ids({ q: 'benedict', from: just(1000) })).toEqual([]);
    expect(await ids({ q: 'benedict', to: just(0) })).toEqual([]);
    await expect(assistant.adminOrders({ query: { from: 'yesterday' } })).rejects.toMatchObject({ status: 422 });

    const all = await assistant.adminOrders();
    expect(all.per_page).toBe(50);
    expect(all.total).toBe((await t.db.select({ id: orders.id }).from(orders).where(eq(orders.storeId, world.shop.store.id))).length);
    expect(all.data[0]).toMatchObject({ customer: { id: expect.any(Number) }, stage: expect.any(String), stage_label: expect.any(String) });
    expect((await assistant.adminOrders({ query: { page: 2 } })).data).toEqual(all.total > 50 ? expect.any(Array) : []);
  });

  it('shows an order with customer, addresses, stones with photos, payments with the provider ids and a timeline of who did what', async () => {
    const { orderId, stones } = await paidOrder(2);
    const { order } = await assistant.adminOrder({ params: { id: orderId } });
    expect(order).toMatchObject({
      id: orderId, status: 'paid', stage: 'paid', stage_label: 'Paid', total_qty: 2,
      customer: { id: asha.id, email: asha.email, phone: asha.phone },
      shipping_address: { name: 'Asha Rao', city: { name: 'Jaipur' } }, billing_address: { pincode: '302003' },
      provider_order_id: expect.stringMatching(/^sbx_order_/),
      payments: [{ provider: 'sandbox', provider_payment_id: expect.stringMatching(/^sbx_pay_/), refund_owed: false }],
      refund_owed: false, dispatch: null, returns: [], actions: { dispatch: true, deliver: false, cancel: false },
    });
    expect(order.lines.map((l) => l.item_id).sort()).toEqual(stones.map((s) => s.id).sort());
    expect(order.lines[0]).toMatchObject({ sku: stones.find((s) => s.id === order.lines[0]!.item_id)!.gin, image: expect.stringMatching(/^\//), price: expect.any(Number), returned: false });
    expect(order.timeline.map((e) => [e.kind, e.by])).toEqual([
      ['placed', `Shopper ${asha.email.match(/shopper(\d+)/)![1]}`], ['paid', 'Sandbox payments'],
    ]);
    expect(order.timeline[1]!.detail).toContain(order.payments[0]!.provider_payment_id);
    // Staff read money the back office's one way, on the timeline as beside it.
    expect(order.timeline[1]!.detail).toBe(`${formatRupees(order.payments[0]!.amount)} · ${order.payments[0]!.provider_payment_id}`);
  });

  it('dispatches a paid order once: the customer sees the dispatch, the Return button and the step, and is told once by email', async () => {
    const { orderId } = await paidOrder();
    const before = await emailsAbout(orderId);
    expect(before.map((m) => m.purpose).sort()).toEqual(['order-paid', 'order-placed']);

    const res = await dispatch(orderId, courier['Blue Dart']!, 'BD-778899');
    expect(res.order).toMatchObject({ stage: 'dispatched', dispatch: { courier_partner: 'Blue Dart', tracking_number: 'BD-778899', delivered_on: null }, actions: { dispatch: false, deliver: true } });
    const last = res.order.timeline.at(-1);
    expect(last).toMatchObject({ kind: 'dispatched', actor: 'staff', by: 'The assistant', detail: 'Blue Dart, tracking number BD-778899' });

    const view = (await asha.api.order({ body: { orderId } })).order;
    expect(view.order_dispatch).toMatchObject({ courier_partner: 'Blue Dart', tracking_number: 'BD-778899', delivered_on: null });
    expect(view.details.some((l) => !l.returned)).toBe(true);
    expect(view.timeline.map((e) => e.kind)).toEqual(['placed', 'paid', 'dispatched']);
    expect(view.timeline[2]).toMatchObject({ label: 'Dispatched', detail: 'Blue Dart, tracking number BD-778899' });

    // Again: 409, and nothing changes (no second message either).
    const again = await refusal(dispatch(orderId, courier['Fedex']!, 'FX-1', world.staff.owner));
    expect(again.status).toBe(409);
    expect(again.code).toBe('order_already_dispatched');
    expect((await detail(orderId)).dispatch!.courier_partner).toBe('Blue Dart');
    const after = await emailsAbout(orderId);
    const dispatched = after.filter((m) => m.purpose === 'order-dispatched');
    expect(dispatched).toHaveLength(1);
    expect(dispatched[0]).toMatchObject({ to: asha.email, channel: 'email', subject: expect.stringContaining((await detail(orderId)).order_number) });
    expect(dispatched[0]!.text).toContain('Blue Dart, tracking number BD-778899');
    expect(dispatched[0]!.html).toContain('Blue Dart, tracking number BD-778899');
    expect(dispatched[0]!.html).toContain(`/order/view/${orderId}`);

    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, world.shop.store.id), eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(orderId))));
    expect(audit.map((e) => e.action)).toEqual(['order.dispatch']);
  });

  it('tells a customer who has only a mobile number of the dispatch by SMS', async () => {
    const mobileOnly = await world.shopper();
    await t.db.update(customers).set({ email: null, emailVerifiedAt: null }).where(eq(customers.id, mobileOnly.id));
    const { orderId } = await paidOrder(1, mobileOnly);
    expect(await emailsAbout(orderId)).toEqual([]);
    await dispatch(orderId, courier['India Post']!, 'EE123456789IN');
    const sent = await emailsAbout(orderId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'sms', to: mobileOnly.phone, purpose: 'order-dispatched' });
    expect(sent[0]!.text).toContain('EE123456789IN');
  });

  it('allows each step only from its state: every refusal is a 409 with a code and changes nothing', async () => {
    const { orderId: unpaid } = await unpaidOrder();
    const { orderId: paid } = await paidOrder();
    const snapshot = async (id: number) => {
      const o = await detail(id);
      return { status: o.status, stage: o.stage, dispatch: o.dispatch, timeline: o.timeline.length, messages: (await emailsAbout(id)).length };
    };
    type Step = 'dispatch' | 'deliver' | 'cancel';
    const step = (id: number, which: Step, tracking = 'FX-1') => ({
      dispatch: () => dispatch(id, courier['Fedex']!, tracking),
      deliver: () => assistant.adminOrderDeliver({ params: { id } }),
      cancel: () => assistant.adminOrderCancel({ params: { id }, body: {} }),
    })[which]();
    const refusals: [number, Step, string][] = [
      [unpaid, 'dispatch', 'order_not_paid'],
      [unpaid, 'deliver', 'order_not_dispatched'],
      [paid, 'deliver', 'order_not_dispatched'],
      [paid, 'cancel', 'order_paid'],
    ];
    for (const [id, which, code] of refusals) {
      const before = await snapshot(id);
      const err = await refusal(step(id, which));
      expect(err.status, `${which} ${id}`).toBe(409);
      expect(err.code).toBe(code);
      expect(await snapshot(id)).toEqual(before);
    }
    await step(paid, 'dispatch', 'FX-2');
    await step(paid, 'deliver');
    const delivered = await snapshot(paid);
    expect(delivered.stage).toBe('delivered');
    for (const [which, code] of [['deliver', 'order_already_delivered'], ['dispatch', 'order_already_dispatched'], ['cancel', 'order_paid']] as const) {
      const err = await refusal(step(paid, which, 'FX-3'));
      expect(err.status).toBe(409);
      expect(err.code).toBe(code);
      expect(await snapshot(paid)).toEqual(delivered);
    }
    const view = (await asha.api.order({ body: { orderId: paid } })).order;
    expect(view.order_dispatch!.delivered_on).toEqual(expect.any(String));
    expect(view.timeline.at(-1)).toMatchObject({ kind: 'delivered', label: 'Delivered' });
    // A bad body is a 422 naming the field.
    const bad = await refusal(dispatch(unpaid, courier['Fedex']!, 'no spaces allowed'));
    expect(bad.status).toBe(422);
    expect(bad.errors.tracking_number).toBeDefined();
  });

  it('cancels an unpaid order: its stones are for sale again at once; a late payment is then owed back, not sold', async () => {
    const { orderId, stones } = await unpaidOrder(2);
    const status = async () => (await t.db.select({ status: items.status }).from(items).where(eq(items.id, stones[0]!.id)))[0]!.status;
    expect(await status()).toBe('reserved');
    const res = await world.staff.manager.adminOrderCancel({ params: { id: orderId }, body: { reason: 'Customer asked by phone' } });
    expect(res.order).toMatchObject({ status: 'cancelled', stage: 'cancelled', actions: { cancel: false } });
    expect(res.order.timeline.at(-1)).toMatchObject({ kind: 'cancelled', note: 'Customer asked by phone', by: 'The manager' });
    expect(await status()).toBe('available');
    const again = await refusal(assistant.adminOrderCancel({ params: { id: orderId }, body: {} }));
    expect(again.status).toBe(409);
    expect(again.code).toBe('order_already_cancelled');
    // The customer cannot pay for it any more.
    expect((await refusal(asha.api.retryPay({ body: { orderId } }))).status).toBe(409);
  });

  it('cancels a lapsed order without touching stones another order holds now', async () => {
    const { orderId, stones } = await unpaidOrder();
    await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 60_000) }).where(eq(orders.id, orderId));
    await t.app.flows.checkout.releaseExpiredReservations();
    expect((await detail(orderId)).stage).toBe('payment_lapsed');
    const rival = await world.shopper();
    await world.placeOrder(rival, [stones[0]!]);
    await assistant.adminOrderCancel({ params: { id: orderId }, body: {} });
    expect((await t.db.select({ status: items.status }).from(items).where(eq(items.id, stones[0]!.id)))[0]!.status).toBe('reserved');
    const timeline = (await detail(orderId)).timeline.map((e) => [e.kind, e.by]);
    expect(timeline).toEqual([['placed', expect.any(String)], ['expired', 'The shop (automatic)'], ['cancelled', 'The assistant']]);
  });

  it('dates every step by the moment the flow is given: the order, its payment, dispatch, return, timeline and messages', async () => {
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    const [placed, paid, dispatched, delivered, requested, approved] = [at(20), at(19.99), at(19), at(16), at(14), at(13)] as const;
    const stone = await world.stone();
    const shop = await systemContext(t, world.shop.store.id);
    const customer: CustomerContext = { ...shop, actor: { kind: 'customer', customerId: asha.id } };
    const { orderId } = await t.app.flows.checkout.placeOrder(customer, {
      itemIds: [stone.id], shippingAddressId: asha.addressId, billingAddressId: asha.addressId, paymentMethodId: 1001, origin: 'http://a.test',
    }, placed);
    // The sandbox's own path: the payment page's signed result, posted back.
    const pay = await t.app.flows.payment.preparePayment(customer, orderId, placed);
    const signed = t.app.services.payments.signSandboxPayment(pay.order_id);
    const result = await t.app.flows.payment.callback(orderId, {
      razorpay_payment_id: signed.paymentId, razorpay_order_id: pay.order_id, razorpay_signature: signed.signature,
    }, t.app.log, paid);
    expect(result.kind).toBe('paid');
    await t.app.flows.adminOrders.dispatch(shop, orderId, { courier_id: courier['Blue Dart']!, tracking_number: 'BD-1020' }, dispatched);
    await t.app.flows.adminOrders.deliver(shop, orderId, delivered);
    const [line] = await t.app.services.orders.lines(shop, [orderId]);
    const { returnRequest } = await t.app.flows.orders.requestReturn(customer, { orderId, reason: 'not-satisfied', comment: '', detailIds: [line!.id] }, [], requested);
    await t.app.flows.adminReturns.setStatus(shop, returnRequest.id, { status: 'approved', note: '' }, approved);

    const order = await detail(orderId);
    expect(order).toMatchObject({
      placed_on: placed.toISOString(), stage: 'return_requested',
      payments: [{ created_at: paid.toISOString() }],
      dispatch: { dispatched_on: dispatched.toISOString(), delivered_on: delivered.toISOString() },
      returns: [{ id: returnRequest.id, placed_on: requested.toISOString(), status: 'approved' }],
    });
    expect(order.timeline.map((e) => [e.kind, e.at])).toEqual([
      ['placed', placed.toISOString()], ['paid', paid.toISOString()], ['dispatched', dispatched.toISOString()],
      ['delivered', delivered.toISOString()], ['return_requested', requested.toISOString()], ['return_approved', approved.toISOString()],
    ]);
    // The customer's messages are dated by the steps they tell of.
    const messages = await emailsAbout(orderId);
    expect(Object.fromEntries(messages.map((m) => [m.purpose, m.createdAt.toISOString()]))).toEqual({
      'order-placed': placed.toISOString(), 'order-paid': paid.toISOString(), 'order-dispatched': dispatched.toISOString(), 'order-return-approved': approved.toISOString(),
    });
    // The dashboard counts the sale on the day it was placed (India time: the store is from India).
    const placedDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(placed);
    const { daily } = await assistant.adminDashboard();
    expect(daily.find((d) => d.day === placedDay)).toEqual({ day: placedDay, orders: 1, amount: stone.pricePaise / 100, refunds: 0, refund_count: 0, net: stone.pricePaise / 100 });
  });

  it('keeps staff notes on the timeline for staff only', async () => {
    const { orderId } = await paidOrder();
    const res = await world.staff.owner.adminOrderNote({ params: { id: orderId }, body: { note: 'Customer wants gift wrapping.' } });
    expect(res.order.timeline.at(-1)).toMatchObject({ kind: 'note', note: 'Customer wants gift wrapping.', by: 'The owner' });
    await expect(assistant.adminOrderNote({ params: { id: orderId }, body: { note: '   ' } })).rejects.toMatchObject({ status: 422 });
    const view = (await asha.api.order({ body: { orderId } })).order;
    expect(JSON.stringify(view)).not.toContain('gift wrapping');
    expect(await t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'note')))).toHaveLength(1);
  });

  it('exports the list as CSV with every column, formulas in cells made harmless', async () => {
    const sly = await world.shopper();
    await t.db.update(customers).set({ name: '=HYPERLINK("https://evil.test","x")' }).where(eq(customers.id, sly.id));
    const { orderId, stones } = await paidOrder(1, sly);
    const [plus] = await t.db.insert(couriers).values({ storeId: world.shop.store.id, name: '+Courier', trackingUrl: 'https://courier.example/{tracking}' }).returning();
    await dispatch(orderId, plus!.id, 'TR-1234');
    const csv = await assistant.adminOrdersExport({ query: { q: sly.email } });
    expect(assistant.last.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(assistant.last.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      order_number: (await detail(orderId)).order_number, status: 'Dispatched', customer_name: `'=HYPERLINK("https://evil.test","x")`,
      customer_email: sly.email, stones: '1', courier_partner: `'+Courier`, tracking_number: 'TR-1234', refund_owed: 'no',
    });
    expect(rows[0]!.skus).toBe(stones[0]!.gin);
    expect(rows[0]!.payment_reference).toMatch(/^sbx_pay_/);
  });
});
