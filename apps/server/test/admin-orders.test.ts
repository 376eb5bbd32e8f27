import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { adminOrderRoutes } from '@gemstore/contracts';
import { roleMay, STAFF_ROLES, type StaffRole } from '@gemstore/contracts/constants';
import { formatRupees } from '@gemstore/contracts/format';
import { auditLog, couriers, customers, items, orderEvents, orders, outboxMessages } from '@gemstore/db';
import type { CustomerContext } from '../src/lib/context.ts';
import { buildTestApp, systemContext, type TestApp } from './helper.ts';
import type { Catalog, createStore } from './factories.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';
import {
  caller, createShopper, createStone, insertAddress, payWithSandbox, placeOrder, type Shop, type Shopper, courierIds,
} from './checkout-fixtures.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

type Store = Awaited<ReturnType<typeof createStore>>;

describe('back-office orders', () => {
  let t: TestApp;
  let a: Store;
  let b: Store;
  let catA: Catalog;
  let catB: Catalog;
  let tokens: Record<StaffRole, string>;
  let bOwnerToken: string;
  let customerToken: string;
  let shopA: Shop;
  let shopB: Shop;
  let asha: Shopper;
  let ashaAddress: number;
  /** The shop's couriers by name. */
  let courier: Record<string, number>;

  const get = (path: string, token = tokens.assistant, domain = 'a.test') => admin(t, domain, path, { token });
  const post = (path: string, body: object = {}, token = tokens.assistant, domain = 'a.test') => admin(t, domain, path, { token, body });

  /** A paid order of `n` new stones for `who` (asha by default) in store A. */
  async function paidOrder(n = 1, who = asha, address = ashaAddress) {
    const stones = await Promise.all(Array.from({ length: n }, () => createStone(t.db, shopA)));
    const orderId = (await placeOrder(t, shopA, who, stones.map((s) => s.id), address)).json().orderId as number;
    expect((await payWithSandbox(t, shopA, who, orderId)).statusCode).toBe(303);
    return { orderId, stones };
  }
  async function unpaidOrder(n = 1) {
    const stones = await Promise.all(Array.from({ length: n }, () => createStone(t.db, shopA)));
    const orderId = (await placeOrder(t, shopA, asha, stones.map((s) => s.id), ashaAddress)).json().orderId as number;
    return { orderId, stones };
  }
  const detail = async (orderId: number) => (await get(`/orders/${orderId}`)).json().order;
  const emailsAbout = (orderId: number) => t.db.select().from(outboxMessages).where(like(outboxMessages.dedupeKey, `order:${orderId}:%`));

  beforeAll(async () => {
    t = await buildTestApp();
    ({ a, b, catA, catB, tokens, bOwnerToken, customerToken } = await backOfficeStores(t, 'b-'));
    courier = await courierIds(t, a.id);
    shopA = { store: a, catalog: catA, domain: 'a.test' };
    shopB = { store: b, catalog: catB, domain: 'b.test' };
    asha = await createShopper(t.db, a.id);
    ashaAddress = (await insertAddress(t.db, a.id, asha.id)).id;
  });
  afterAll(() => t?.close());

  it('lets every role read and work on orders and refuses guests, customers and other stores\' staff', async () => {
    const { orderId } = await paidOrder();
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
    const bCustomer = await createShopper(t.db, b.id);
    const bAddress = (await insertAddress(t.db, b.id, bCustomer.id)).id;
    const bStone = await createStone(t.db, shopB);
    const bOrder = (await placeOrder(t, shopB, bCustomer, [bStone.id], bAddress)).json().orderId as number;
    const aIds = (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.storeId, a.id))).map((o) => o.id);

    for (const [name, r] of Object.entries(adminOrderRoutes)) {
      if (!r.path.includes(':id')) continue;
      const res = await admin(t, 'b.test', r.path.replace('/admin', '').replace(':id', String(orderId)), {
        method: r.method, token: bOwnerToken,
        ...(r.method === 'GET' ? {} : { body: { courier_id: courier['Fedex'], tracking_number: 'FX-1', note: 'x', idempotency_key: 'key-of-another-store', line_ids: [1] } }),
      });
      expect(res.statusCode, name).toBe(404);
    }
    const listed = (await get('/orders', bOwnerToken, 'b.test')).json();
    expect(listed.data.map((o: { id: number }) => o.id)).toEqual([bOrder]);
    const searched = (await get(`/orders?q=${encodeURIComponent(asha.email)}`, bOwnerToken, 'b.test')).json();
    expect(searched.total).toBe(0);
    // A's order number finds at most B's own order of that number.
    const byNumber = (await get(`/orders?q=${encodeURIComponent((await detail(orderId)).order_number)}`, bOwnerToken, 'b.test')).json();
    expect(byNumber.data.map((o: { id: number }) => o.id).filter((id: number) => aIds.includes(id))).toEqual([]);
    const csv = parse((await get('/orders/export.csv', bOwnerToken, 'b.test')).body, { columns: true, bom: true }) as { order_number: string }[];
    const bNumber = (await get(`/orders/${bOrder}`, bOwnerToken, 'b.test')).json().order.order_number as string;
    expect(csv.map((r) => r.order_number)).toEqual([bNumber]);
    // Nothing of B's leaks the other way either.
    expect((await get(`/orders/${bOrder}`)).statusCode).toBe(404);
  });

  it('finds orders by stage, order number, customer name, email or phone, and the day placed, a page at a time', async () => {
    const ben = await createShopper(t.db, a.id);
    await t.db.update(customers).set({ name: 'Benedict Quartz' }).where(eq(customers.id, ben.id));
    const benAddress = (await insertAddress(t.db, a.id, ben.id)).id;
    const { orderId: benPaid } = await paidOrder(1, ben, benAddress);
    const { orderId: pending } = await unpaidOrder();

    const ids = async (query: string) => ((await get(`/orders?${query}`)).json().data as { id: number }[]).map((o) => o.id);
    expect(await ids('q=benedict')).toEqual([benPaid]);
    expect(await ids(`q=${encodeURIComponent(ben.email.toUpperCase())}`)).toEqual([benPaid]);
    expect(await ids(`q=${ben.phone.slice(-6)}`)).toEqual([benPaid]);
    expect(await ids(`q=${encodeURIComponent((await detail(benPaid)).order_number)}`)).toEqual([benPaid]);
    expect(await ids('q=nobody-by-this-name')).toEqual([]);
    // A search's wildcards are taken literally.
    expect(await ids('q=%25')).toEqual([]);

    const awaiting = await ids('status=awaiting_payment');
    expect(awaiting).toContain(pending);
    expect(awaiting).not.toContain(benPaid);
    expect(await ids('status=paid')).toContain(benPaid);

    const placed = (await detail(benPaid)).placed_on as string;
    const just = (ms: number) => encodeURIComponent(new Date(new Date(placed).getTime() + ms).toISOString());
    expect(await ids(`q=benedict&from=${just(-1000)}&to=${just(1000)}`)).toEqual([benPaid]);
    expect(await ids(`q=benedict&from=${just(1000)}`)).toEqual([]);
    expect(await ids(`q=benedict&to=${just(0)}`)).toEqual([]);
    expect((await get('/orders?from=yesterday')).statusCode).toBe(422);

    const all = (await get('/orders')).json();
    expect(all.per_page).toBe(50);
    expect(all.total).toBe((await t.db.select({ id: orders.id }).from(orders).where(eq(orders.storeId, a.id))).length);
    expect(all.data[0]).toMatchObject({ customer: { id: expect.any(Number) }, stage: expect.any(String), stage_label: expect.any(String) });
    expect((await get('/orders?page=2')).json().data).toEqual(all.total > 50 ? expect.any(Array) : []);
  });

  it('shows an order with customer, addresses, stones with photos, payments with the provider ids and a timeline of who did what', async () => {
    const { orderId, stones } = await paidOrder(2);
    const res = await get(`/orders/${orderId}`);
    expect(res.statusCode).toBe(200);
    const { order } = res.json();
    expect(order).toMatchObject({
      id: orderId, status: 'paid', stage: 'paid', stage_label: 'Paid', total_qty: 2,
      customer: { id: asha.id, email: asha.email, phone: asha.phone },
      shipping_address: { name: 'Asha Rao', city: { name: 'Jaipur' } }, billing_address: { pincode: '302003' },
      provider_order_id: expect.stringMatching(/^sbx_order_/),
      payments: [{ provider: 'sandbox', provider_payment_id: expect.stringMatching(/^sbx_pay_/), refund_owed: false }],
      refund_owed: false, dispatch: null, returns: [], actions: { dispatch: true, deliver: false, cancel: false },
    });
    expect(order.lines.map((l: { item_id: number }) => l.item_id).sort()).toEqual(stones.map((s) => s.id).sort());
    expect(order.lines[0]).toMatchObject({ sku: stones.find((s) => s.id === order.lines[0].item_id)!.gin, image: expect.stringMatching(/^\//), price: expect.any(Number), returned: false });
    expect(order.timeline.map((e: { kind: string; by: string }) => [e.kind, e.by])).toEqual([
      ['placed', `Shopper ${asha.email.match(/shopper(\d+)/)![1]}`], ['paid', 'Sandbox payments'],
    ]);
    expect(order.timeline[1].detail).toContain(order.payments[0].provider_payment_id);
    // Staff read money the back office's one way, on the timeline as beside it.
    expect(order.timeline[1].detail).toBe(`${formatRupees(order.payments[0].amount)} · ${order.payments[0].provider_payment_id}`);
  });

  it('dispatches a paid order once: the customer sees the dispatch, the Return button and the step, and is told once by email', async () => {
    const { orderId } = await paidOrder();
    const before = await emailsAbout(orderId);
    expect(before.map((m) => m.purpose).sort()).toEqual(['order-paid', 'order-placed']);

    const res = await post(`/orders/${orderId}/dispatch`, { courier_id: courier['Blue Dart'], tracking_number: 'BD-778899' }, tokens.assistant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ stage: 'dispatched', dispatch: { courier_partner: 'Blue Dart', tracking_number: 'BD-778899', delivered_on: null }, actions: { dispatch: false, deliver: true } });
    const last = res.json().order.timeline.at(-1);
    expect(last).toMatchObject({ kind: 'dispatched', actor: 'staff', by: 'The assistant', detail: 'Blue Dart, tracking number BD-778899' });

    const view = (await caller(t, 'a.test')('/api/order', asha, { orderId })).json().order;
    expect(view.order_dispatch).toMatchObject({ courier_partner: 'Blue Dart', tracking_number: 'BD-778899', delivered_on: null });
    expect(view.details.some((l: { returned: boolean }) => !l.returned)).toBe(true);
    expect(view.timeline.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'paid', 'dispatched']);
    expect(view.timeline[2]).toMatchObject({ label: 'Dispatched', detail: 'Blue Dart, tracking number BD-778899' });

    // Again: 409, and nothing changes (no second message either).
    const again = await post(`/orders/${orderId}/dispatch`, { courier_id: courier['Fedex'], tracking_number: 'FX-1' }, tokens.owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('order_already_dispatched');
    expect((await detail(orderId)).dispatch.courier_partner).toBe('Blue Dart');
    const after = await emailsAbout(orderId);
    const dispatched = after.filter((m) => m.purpose === 'order-dispatched');
    expect(dispatched).toHaveLength(1);
    expect(dispatched[0]).toMatchObject({ to: asha.email, channel: 'email', subject: expect.stringContaining((await detail(orderId)).order_number) });
    expect(dispatched[0]!.text).toContain('Blue Dart, tracking number BD-778899');
    expect(dispatched[0]!.html).toContain('Blue Dart, tracking number BD-778899');
    expect(dispatched[0]!.html).toContain(`/order/view/${orderId}`);

    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, a.id), eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(orderId))));
    expect(audit.map((e) => e.action)).toEqual(['order.dispatch']);
  });

  it('tells a customer who has only a mobile number of the dispatch by SMS', async () => {
    const mobileOnly = await createShopper(t.db, a.id);
    await t.db.update(customers).set({ email: null, emailVerifiedAt: null }).where(eq(customers.id, mobileOnly.id));
    const address = (await insertAddress(t.db, a.id, mobileOnly.id)).id;
    const { orderId } = await paidOrder(1, mobileOnly, address);
    expect(await emailsAbout(orderId)).toEqual([]);
    expect((await post(`/orders/${orderId}/dispatch`, { courier_id: courier['India Post'], tracking_number: 'EE123456789IN' })).statusCode).toBe(200);
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
    const refusals: [number, string, object, string][] = [
      [unpaid, 'dispatch', { courier_id: courier['Fedex'], tracking_number: 'FX-1' }, 'order_not_paid'],
      [unpaid, 'deliver', {}, 'order_not_dispatched'],
      [paid, 'deliver', {}, 'order_not_dispatched'],
      [paid, 'cancel', {}, 'order_paid'],
    ];
    for (const [id, step, body, code] of refusals) {
      const before = await snapshot(id);
      const res = await post(`/orders/${id}/${step}`, body);
      expect(res.statusCode, `${step} ${id}`).toBe(409);
      expect(res.json().code).toBe(code);
      expect(await snapshot(id)).toEqual(before);
    }
    expect((await post(`/orders/${paid}/dispatch`, { courier_id: courier['Fedex'], tracking_number: 'FX-2' })).statusCode).toBe(200);
    expect((await post(`/orders/${paid}/deliver`)).statusCode).toBe(200);
    const delivered = await snapshot(paid);
    expect(delivered.stage).toBe('delivered');
    for (const [step, code] of [['deliver', 'order_already_delivered'], ['dispatch', 'order_already_dispatched'], ['cancel', 'order_paid']] as const) {
      const res = await post(`/orders/${paid}/${step}`, { courier_id: courier['Fedex'], tracking_number: 'FX-3' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe(code);
      expect(await snapshot(paid)).toEqual(delivered);
    }
    const view = (await caller(t, 'a.test')('/api/order', asha, { orderId: paid })).json().order;
    expect(view.order_dispatch.delivered_on).toEqual(expect.any(String));
    expect(view.timeline.at(-1)).toMatchObject({ kind: 'delivered', label: 'Delivered' });
    // A bad body is a 422 naming the field.
    const bad = await post(`/orders/${unpaid}/dispatch`, { courier_id: courier['Fedex'], tracking_number: 'no spaces allowed' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.tracking_number).toBeDefined();
  });

  it('cancels an unpaid order: its stones are for sale again at once; a late payment is then owed back, not sold', async () => {
    const { orderId, stones } = await unpaidOrder(2);
    const status = async () => (await t.db.select({ status: items.status }).from(items).where(eq(items.id, stones[0]!.id)))[0]!.status;
    expect(await status()).toBe('reserved');
    const res = await post(`/orders/${orderId}/cancel`, { reason: 'Customer asked by phone' }, tokens.manager);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'cancelled', stage: 'cancelled', actions: { cancel: false } });
    expect(res.json().order.timeline.at(-1)).toMatchObject({ kind: 'cancelled', note: 'Customer asked by phone', by: 'The manager' });
    expect(await status()).toBe('available');
    const again = await post(`/orders/${orderId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('order_already_cancelled');
    // The customer cannot pay for it any more.
    expect((await caller(t, 'a.test')('/api/retry-pay', asha, { orderId })).statusCode).toBe(409);
  });

  it('cancels a lapsed order without touching stones another order holds now', async () => {
    const { orderId, stones } = await unpaidOrder();
    await t.db.update(orders).set({ reservedUntil: new Date(Date.now() - 60_000) }).where(eq(orders.id, orderId));
    await t.app.flows.checkout.releaseExpiredReservations();
    expect((await detail(orderId)).stage).toBe('payment_lapsed');
    const rival = await createShopper(t.db, a.id);
    const rivalAddress = (await insertAddress(t.db, a.id, rival.id)).id;
    expect((await placeOrder(t, shopA, rival, [stones[0]!.id], rivalAddress)).statusCode).toBe(200);
    expect((await post(`/orders/${orderId}/cancel`)).statusCode).toBe(200);
    expect((await t.db.select({ status: items.status }).from(items).where(eq(items.id, stones[0]!.id)))[0]!.status).toBe('reserved');
    const timeline = (await detail(orderId)).timeline.map((e: { kind: string; by: string }) => [e.kind, e.by]);
    expect(timeline).toEqual([['placed', expect.any(String)], ['expired', 'The shop (automatic)'], ['cancelled', 'The assistant']]);
  });

  it('dates every step by the moment the flow is given: the order, its payment, dispatch, return, timeline and messages', async () => {
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    const [placed, paid, dispatched, delivered, requested, approved] = [at(20), at(19.99), at(19), at(16), at(14), at(13)] as const;
    const stone = await createStone(t.db, shopA);
    const shop = await systemContext(t, a.id);
    const customer: CustomerContext = { ...shop, actor: { kind: 'customer', customerId: asha.id } };
    const { orderId } = await t.app.flows.checkout.placeOrder(customer, {
      itemIds: [stone.id], shippingAddressId: ashaAddress, billingAddressId: ashaAddress, paymentMethodId: 1001, origin: 'http://a.test',
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
    expect(order.timeline.map((e: { kind: string; at: string }) => [e.kind, e.at])).toEqual([
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
    const { daily } = (await get('/dashboard')).json();
    expect(daily.find((d: { day: string }) => d.day === placedDay)).toEqual({ day: placedDay, orders: 1, amount: stone.pricePaise / 100, refunds: 0, refund_count: 0, net: stone.pricePaise / 100 });
  });

  it('keeps staff notes on the timeline for staff only', async () => {
    const { orderId } = await paidOrder();
    const res = await post(`/orders/${orderId}/notes`, { note: 'Customer wants gift wrapping.' }, tokens.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().order.timeline.at(-1)).toMatchObject({ kind: 'note', note: 'Customer wants gift wrapping.', by: 'The owner' });
    expect((await post(`/orders/${orderId}/notes`, { note: '   ' })).statusCode).toBe(422);
    const view = (await caller(t, 'a.test')('/api/order', asha, { orderId })).json().order;
    expect(JSON.stringify(view)).not.toContain('gift wrapping');
    expect(await t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'note')))).toHaveLength(1);
  });

  it('exports the list as CSV with every column, formulas in cells made harmless', async () => {
    const sly = await createShopper(t.db, a.id);
    await t.db.update(customers).set({ name: '=HYPERLINK("https://evil.test","x")' }).where(eq(customers.id, sly.id));
    const address = (await insertAddress(t.db, a.id, sly.id)).id;
    const { orderId, stones } = await paidOrder(1, sly, address);
    const [plus] = await t.db.insert(couriers).values({ storeId: a.id, name: '+Courier', trackingUrl: 'https://courier.example/{tracking}' }).returning();
    await post(`/orders/${orderId}/dispatch`, { courier_id: plus!.id, tracking_number: 'TR-1234' });
    const res = await get(`/orders/export.csv?q=${encodeURIComponent(sly.email)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      order_number: (await detail(orderId)).order_number, status: 'Dispatched', customer_name: `'=HYPERLINK("https://evil.test","x")`,
      customer_email: sly.email, stones: '1', courier_partner: `'+Courier`, tracking_number: 'TR-1234', refund_owed: 'no',
    });
    expect(rows[0]!.skus).toBe(stones[0]!.gin);
    expect(rows[0]!.payment_reference).toMatch(/^sbx_pay_/);
  });
});
