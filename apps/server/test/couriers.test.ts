import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { auditLog, couriers, orderDispatches, outboxMessages } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { type Catalog, createStore } from './factories.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';
import { caller, courierIds, createShopper, createStone, insertAddress, payWithSandbox, placeOrder, type Shop, type Shopper } from './checkout-fixtures.ts';
import type { StaffRole } from '@gemstore/contracts/constants';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

type Store = Awaited<ReturnType<typeof createStore>>;
type Listed = { id: number; name: string; tracking_url: string; active: boolean };

describe("the shop's couriers", () => {
  let t: TestApp;
  let a: Store;
  let b: Store;
  let catA: Catalog;
  let tokens: Record<StaffRole, string>;
  let bOwnerToken: string;
  let customerToken: string;
  let shopA: Shop;
  let asha: Shopper;
  let ashaAddress: number;

  const call = (path: string, options: { body?: object; method?: 'PUT' | 'POST'; token?: string; domain?: string } = {}) =>
    admin(t, options.domain ?? 'a.test', path, { token: options.token ?? tokens.manager, body: options.body, method: options.method });
  const names = (res: { json: () => { couriers: Listed[] } }) => res.json().couriers.map((c) => c.name);

  async function paidOrder() {
    const stone = await createStone(t.db, shopA);
    const orderId = (await placeOrder(t, shopA, asha, [stone.id], ashaAddress)).json().orderId as number;
    expect((await payWithSandbox(t, shopA, asha, orderId)).statusCode).toBe(303);
    return orderId;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ({ a, b, catA, tokens, bOwnerToken, customerToken } = await backOfficeStores(t, 'b-'));
    shopA = { store: a, catalog: catA, domain: 'a.test' };
    asha = await createShopper(t.db, a.id);
    ashaAddress = (await insertAddress(t.db, a.id, asha.id)).id;
  });
  afterAll(() => t?.close());

  it('starts every new shop with Delhivery, Blue Dart, DTDC, FedEx and India Post, each with an https link holding {tracking}', async () => {
    const res = await call('/settings/couriers');
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Delhivery', 'Blue Dart', 'DTDC', 'FedEx', 'India Post']);
    for (const c of res.json().couriers as Listed[]) {
      expect(c.tracking_url).toMatch(/^https:\/\/[^/]+\..+\{tracking\}/);
      expect(c.active).toBe(true);
    }
    // Another shop has its own five, not these.
    const theirs = (await call('/settings/couriers', { token: bOwnerToken, domain: 'b.test' })).json().couriers as Listed[];
    expect(theirs.map((c) => c.name)).toEqual(['Delhivery', 'Blue Dart', 'DTDC', 'FedEx', 'India Post']);
    const ours = new Set((res.json().couriers as Listed[]).map((c) => c.id));
    expect(theirs.some((c) => ours.has(c.id))).toBe(false);
  });

  it('lets only staff with the settings capability of the shop change the list', async () => {
    const body = { name: 'Shiprocket', tracking_url: 'https://shiprocket.example/track/{tracking}' };
    expect((await admin(t, 'a.test', '/settings/couriers', { body })).statusCode).toBe(401);
    expect((await admin(t, 'a.test', '/settings/couriers', { token: customerToken, body })).statusCode).toBe(401);
    const assistant = await call('/settings/couriers', { token: tokens.assistant, body });
    expect(assistant.statusCode).toBe(403);
    expect((await call('/settings/couriers', { token: tokens.assistant })).statusCode).toBe(403);
    // The assistant still reads the couriers the dispatch form offers.
    expect(names(await call('/couriers', { token: tokens.assistant }))).toEqual(['Delhivery', 'Blue Dart', 'DTDC', 'FedEx', 'India Post']);
    // Another shop's owner cannot touch this shop's courier: 404, and it is unchanged.
    const delhivery = (await courierIds(t, a.id)).Delhivery!;
    const foreign = await call(`/settings/couriers/${delhivery}`, { token: bOwnerToken, domain: 'b.test', method: 'PUT', body: { ...body, active: true } });
    expect(foreign.statusCode).toBe(404);
    expect((await t.db.select().from(couriers).where(eq(couriers.id, delhivery)))[0]!.name).toBe('Delhivery');
    expect((await t.db.select().from(couriers).where(and(eq(couriers.storeId, a.id), eq(couriers.name, 'Shiprocket'))))).toEqual([]);
  });

  it('refuses a tracking link that is not an https address holding {tracking}, and a name the shop has, on their fields', async () => {
    const bad: [string, string][] = [
      ['https://shiprocket.example/track/', 'Put {tracking} where the tracking number goes.'],
      ['http://shiprocket.example/track/{tracking}', 'The address must start with https://.'],
      ['javascript:alert(1)//{tracking}', 'The address must start with https://.'],
      ['shiprocket {tracking}', 'Enter a web address (https://...).'],
      ['', 'Enter the tracking link.'],
    ];
    for (const [tracking_url, message] of bad) {
      const res = await call('/settings/couriers', { body: { name: 'Shiprocket', tracking_url } });
      expect(res.statusCode, tracking_url).toBe(422);
      expect(res.json().errors.tracking_url, tracking_url).toEqual([message]);
    }
    const taken = await call('/settings/couriers', { body: { name: 'fedex', tracking_url: 'https://other.example/{tracking}' } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual(['The shop has a courier of this name already.']);
    expect(names(await call('/settings/couriers'))).toEqual(['Delhivery', 'Blue Dart', 'DTDC', 'FedEx', 'India Post']);
  });

  it('adds, edits, turns off and reorders couriers, each change audited; the dispatch form offers those on, in order', async () => {
    const added = await call('/settings/couriers', { body: { name: 'Shiprocket', tracking_url: 'https://shiprocket.example/track/{tracking}' } });
    expect(added.statusCode, added.body).toBe(200);
    expect(names(added)).toEqual(['Delhivery', 'Blue Dart', 'DTDC', 'FedEx', 'India Post', 'Shiprocket']);
    const ids = await courierIds(t, a.id);

    const off = await call(`/settings/couriers/${ids.DTDC}`, { method: 'PUT', body: { name: 'DTDC Express', tracking_url: 'https://www.dtdc.in/track?no={tracking}', active: false } });
    expect(off.statusCode).toBe(200);
    expect((off.json().couriers as Listed[]).find((c) => c.id === ids.DTDC)).toEqual({
      id: ids.DTDC, name: 'DTDC Express', tracking_url: 'https://www.dtdc.in/track?no={tracking}', active: false,
    });

    const order = [ids.Shiprocket!, ids.FedEx!, ids.Delhivery!, ids['Blue Dart']!, ids.DTDC!, ids['India Post']!];
    const moved = await call('/settings/couriers/order', { body: { ids: order } });
    expect(moved.statusCode).toBe(200);
    expect(names(moved)).toEqual(['Shiprocket', 'FedEx', 'Delhivery', 'Blue Dart', 'DTDC Express', 'India Post']);
    expect(names(await call('/couriers', { token: tokens.assistant }))).toEqual(['Shiprocket', 'FedEx', 'Delhivery', 'Blue Dart', 'India Post']);
    // A new order must name every courier once.
    for (const wrong of [order.slice(1), [...order, order[0]!], [...order.slice(1), (await courierIds(t, b.id)).FedEx!]]) {
      const res = await call('/settings/couriers/order', { body: { ids: wrong } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.ids).toBeDefined();
    }
    // The customer's return form: FedEx and Delhivery first, then the shop's order, only those on.
    const forReturns = await caller(t, 'a.test')('/api/couriers', null, undefined, 'GET');
    expect(names(forReturns)).toEqual(['FedEx', 'Delhivery', 'Shiprocket', 'Blue Dart', 'India Post']);

    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, a.id), like(auditLog.action, 'courier.%')));
    expect(audit.map((e) => e.action).sort()).toEqual(['courier.create', 'courier.reorder', 'courier.update']);
    expect(audit.find((e) => e.action === 'courier.update')!.changes).toMatchObject({ name: { old: 'DTDC', new: 'DTDC Express' }, active: { old: true, new: false } });
  });

  it("refuses a dispatch with an unknown, another shop's or a turned-off courier, and changes nothing", async () => {
    const orderId = await paidOrder();
    const off = (await t.db.select().from(couriers).where(and(eq(couriers.storeId, a.id), eq(couriers.active, false))))[0]!;
    for (const courier_id of [9_999_999, (await courierIds(t, b.id)).FedEx!, off.id]) {
      const res = await call(`/orders/${orderId}/dispatch`, { token: tokens.assistant, body: { courier_id, tracking_number: 'FX-1001' } });
      expect(res.statusCode, String(courier_id)).toBe(422);
      expect(res.json().errors.courier_id).toEqual(["Choose one of the shop's couriers."]);
    }
    const missing = await call(`/orders/${orderId}/dispatch`, { token: tokens.assistant, body: { tracking_number: 'FX-1001' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.courier_id).toBeDefined();
    expect(await t.db.select().from(orderDispatches).where(eq(orderDispatches.orderId, orderId))).toEqual([]);
  });

  it('links the tracking number to the courier\'s page in the back office, on the customer\'s order and in the dispatch email', async () => {
    const orderId = await paidOrder();
    const fedex = (await courierIds(t, a.id)).FedEx!;
    const res = await call(`/orders/${orderId}/dispatch`, { token: tokens.assistant, body: { courier_id: fedex, tracking_number: '7741-5523' } });
    expect(res.statusCode, res.body).toBe(200);
    const link = 'https://www.fedex.com/fedextrack/?trknbr=7741-5523';
    expect(res.json().order.dispatch).toMatchObject({ courier_partner: 'FedEx', tracking_number: '7741-5523', tracking_url: link });
    const view = (await caller(t, 'a.test')('/api/order', asha, { orderId })).json().order;
    expect(view.order_dispatch).toMatchObject({ courier_partner: 'FedEx', tracking_number: '7741-5523', tracking_url: link });
    const [email] = await t.db.select().from(outboxMessages).where(like(outboxMessages.dedupeKey, `order:${orderId}:dispatched:%`));
    expect(email!.html).toContain(`<a href="${link.replace('&', '&amp;')}" style="color:#1d4d3a">7741-5523</a>`);
    expect(email!.text).toContain(`Track the parcel 7741-5523: ${link}`);

    // A courier's pattern fixed later fixes the link of parcels already sent; a rename keeps the name the customer was told.
    await call(`/settings/couriers/${fedex}`, { method: 'PUT', body: { name: 'FedEx India', tracking_url: 'https://www.fedex.com/in/track?n={tracking}', active: true } });
    const again = (await caller(t, 'a.test')('/api/order', asha, { orderId })).json().order;
    expect(again.order_dispatch).toMatchObject({ courier_partner: 'FedEx', tracking_url: 'https://www.fedex.com/in/track?n=7741-5523' });
  });

  it('shows an older dispatch with a free-text courier as its text, with no link', async () => {
    const orderId = await paidOrder();
    await t.db.insert(orderDispatches).values({ storeId: a.id, orderId, courierPartner: 'Local runner', trackingNumber: 'LR-77' });
    const detail = (await call(`/orders/${orderId}`, { token: tokens.assistant })).json().order;
    expect(detail.dispatch).toMatchObject({ courier_partner: 'Local runner', tracking_number: 'LR-77', tracking_url: null });
    const view = (await caller(t, 'a.test')('/api/order', asha, { orderId })).json().order;
    expect(view.order_dispatch).toMatchObject({ courier_partner: 'Local runner', tracking_number: 'LR-77', tracking_url: null });
  });
});
