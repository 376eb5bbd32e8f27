import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { auditLog, couriers, orderDispatches, outboxMessages } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import { courierIds } from './checkout-fixtures.ts';
import { refusal } from './client.ts';
import { admin } from './staff-fixtures.ts';
import { type Buyer, shopWorld, type ShopWorld } from './world.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const names = (list: { couriers: { name: string }[] }) => list.couriers.map((c) => c.name);

describe("the shop's couriers", () => {
  let t: TestApp;
  let world: ShopWorld;
  let asha: Buyer;

  beforeAll(async () => {
    t = await buildTestApp();
    world = await shopWorld(t);
    asha = await world.shopper();
  });
  afterAll(() => t?.close());

  it('starts every new shop with Delhivery, Blue Dart, DTDC, FedEx and India Post, each with an https link holding {tracking}', async () => {
    const ours = await world.staff.manager.adminCourierSettings();
    expect(names(ours)).toEqual(['Delhivery', 'Blue Dart', 'DTDC', 'FedEx', 'India Post']);
    for (const c of ours.couriers) {
      expect(c.tracking_url).toMatch(/^https:\/\/[^/]+\..+\{tracking\}/);
      expect(c.active).toBe(true);
    }
    // Another shop has its own five, not these.
    const theirs = (await world.otherOwner.adminCourierSettings()).couriers;
    expect(theirs.map((c) => c.name)).toEqual(['Delhivery', 'Blue Dart', 'DTDC', 'FedEx', 'India Post']);
    const ourIds = new Set(ours.couriers.map((c) => c.id));
    expect(theirs.some((c) => ourIds.has(c.id))).toBe(false);
  });

  it('lets only staff with the settings capability of the shop change the list', async () => {
    const body = { name: 'Shiprocket', tracking_url: 'https://shiprocket.example/track/{tracking}' };
    await expect(world.guest.adminCourierCreate({ body })).rejects.toMatchObject({ status: 401 });
    await expect(world.as(world.customerToken).adminCourierCreate({ body })).rejects.toMatchObject({ status: 401 });
    await expect(world.staff.assistant.adminCourierCreate({ body })).rejects.toMatchObject({ status: 403 });
    await expect(world.staff.assistant.adminCourierSettings()).rejects.toMatchObject({ status: 403 });
    // The assistant still reads the couriers the dispatch form offers.
    expect(names(await world.staff.assistant.adminCouriers())).toEqual(['Delhivery', 'Blue Dart', 'DTDC', 'FedEx', 'India Post']);
    // Another shop's owner cannot touch this shop's courier: 404, and it is unchanged.
    const delhivery = (await world.couriers()).Delhivery!;
    await expect(world.otherOwner.adminCourierUpdate({ params: { id: delhivery }, body: { ...body, active: true } })).rejects.toMatchObject({ status: 404 });
    expect((await t.db.select().from(couriers).where(eq(couriers.id, delhivery)))[0]!.name).toBe('Delhivery');
    expect((await t.db.select().from(couriers).where(and(eq(couriers.storeId, world.shop.store.id), eq(couriers.name, 'Shiprocket'))))).toEqual([]);
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
      const err = await refusal(world.staff.manager.adminCourierCreate({ body: { name: 'Shiprocket', tracking_url } }));
      expect(err.status, tracking_url).toBe(422);
      expect(err.errors.tracking_url, tracking_url).toEqual([message]);
    }
    const taken = await refusal(world.staff.manager.adminCourierCreate({ body: { name: 'fedex', tracking_url: 'https://other.example/{tracking}' } }));
    expect(taken.status).toBe(422);
    expect(taken.errors.name).toEqual(['The shop has a courier of this name already.']);
    expect(names(await world.staff.manager.adminCourierSettings())).toEqual(['Delhivery', 'Blue Dart', 'DTDC', 'FedEx', 'India Post']);
  });

  it('adds, edits, turns off and reorders couriers, each change audited; the dispatch form offers those on, in order', async () => {
    const manager = world.staff.manager;
    const added = await manager.adminCourierCreate({ body: { name: 'Shiprocket', tracking_url: 'https://shiprocket.example/track/{tracking}' } });
    expect(names(added)).toEqual(['Delhivery', 'Blue Dart', 'DTDC', 'FedEx', 'India Post', 'Shiprocket']);
    const ids = await world.couriers();

    const off = await manager.adminCourierUpdate({ params: { id: ids.DTDC! }, body: { name: 'DTDC Express', tracking_url: 'https://www.dtdc.in/track?no={tracking}', active: false } });
    expect(off.couriers.find((c) => c.id === ids.DTDC)).toEqual({
      id: ids.DTDC, name: 'DTDC Express', tracking_url: 'https://www.dtdc.in/track?no={tracking}', active: false,
    });

    const order = [ids.Shiprocket!, ids.FedEx!, ids.Delhivery!, ids['Blue Dart']!, ids.DTDC!, ids['India Post']!];
    const moved = await manager.adminCourierOrder({ body: { ids: order } });
    expect(names(moved)).toEqual(['Shiprocket', 'FedEx', 'Delhivery', 'Blue Dart', 'DTDC Express', 'India Post']);
    expect(names(await world.staff.assistant.adminCouriers())).toEqual(['Shiprocket', 'FedEx', 'Delhivery', 'Blue Dart', 'India Post']);
    // A new order must name every courier once.
    for (const wrong of [order.slice(1), [...order, order[0]!], [...order.slice(1), (await courierIds(t, world.other.store.id)).FedEx!]]) {
      const err = await refusal(manager.adminCourierOrder({ body: { ids: wrong } }));
      expect(err.status).toBe(422);
      expect(err.errors.ids).toBeDefined();
    }
    // The customer's return form: FedEx and Delhivery first, then the shop's order, only those on.
    expect(names(await world.guest.couriers())).toEqual(['FedEx', 'Delhivery', 'Shiprocket', 'Blue Dart', 'India Post']);

    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, world.shop.store.id), like(auditLog.action, 'courier.%')));
    expect(audit.map((e) => e.action).sort()).toEqual(['courier.create', 'courier.reorder', 'courier.update']);
    expect(audit.find((e) => e.action === 'courier.update')!.changes).toMatchObject({ name: { old: 'DTDC', new: 'DTDC Express' }, active: { old: true, new: false } });
  });

  it("refuses a dispatch with an unknown, another shop's or a turned-off courier, and changes nothing", async () => {
    const orderId = await world.paidOrder(asha);
    const off = (await t.db.select().from(couriers).where(and(eq(couriers.storeId, world.shop.store.id), eq(couriers.active, false))))[0]!;
    for (const courier_id of [9_999_999, (await courierIds(t, world.other.store.id)).FedEx!, off.id]) {
      const err = await refusal(world.staff.assistant.adminOrderDispatch({ params: { id: orderId }, body: { courier_id, tracking_number: 'FX-1001' } }));
      expect(err.status, String(courier_id)).toBe(422);
      expect(err.errors.courier_id).toEqual(["Choose one of the shop's couriers."]);
    }
    // No courier at all: a request the typed client cannot make.
    const missing = await admin(t, 'a.test', `/orders/${orderId}/dispatch`, { token: world.tokens.assistant, body: { tracking_number: 'FX-1001' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.courier_id).toBeDefined();
    expect(await t.db.select().from(orderDispatches).where(eq(orderDispatches.orderId, orderId))).toEqual([]);
  });

  it('links the tracking number to the courier\'s page in the back office, on the customer\'s order and in the dispatch email', async () => {
    const orderId = await world.paidOrder(asha);
    const fedex = (await world.couriers()).FedEx!;
    const res = await world.staff.assistant.adminOrderDispatch({ params: { id: orderId }, body: { courier_id: fedex, tracking_number: '7741-5523' } });
    const link = 'https://www.fedex.com/fedextrack/?trknbr=7741-5523';
    expect(res.order.dispatch).toMatchObject({ courier_partner: 'FedEx', tracking_number: '7741-5523', tracking_url: link });
    const view = (await asha.api.order({ body: { orderId } })).order;
    expect(view.order_dispatch).toMatchObject({ courier_partner: 'FedEx', tracking_number: '7741-5523', tracking_url: link });
    const [email] = await t.db.select().from(outboxMessages).where(like(outboxMessages.dedupeKey, `order:${orderId}:dispatched:%`));
    expect(email!.html).toContain(`<a href="${link.replace('&', '&amp;')}" style="color:#1d4d3a">7741-5523</a>`);
    expect(email!.text).toContain(`Track the parcel 7741-5523: ${link}`);

    // A courier's pattern fixed later fixes the link of parcels already sent; a rename keeps the name the customer was told.
    await world.staff.manager.adminCourierUpdate({ params: { id: fedex }, body: { name: 'FedEx India', tracking_url: 'https://www.fedex.com/in/track?n={tracking}', active: true } });
    const again = (await asha.api.order({ body: { orderId } })).order;
    expect(again.order_dispatch).toMatchObject({ courier_partner: 'FedEx', tracking_url: 'https://www.fedex.com/in/track?n=7741-5523' });
  });

  it('shows an older dispatch with a free-text courier as its text, with no link', async () => {
    const orderId = await world.paidOrder(asha);
    await t.db.insert(orderDispatches).values({ storeId: world.shop.store.id, orderId, courierPartner: 'Local runner', trackingNumber: 'LR-77' });
    const detail = (await world.staff.assistant.adminOrder({ params: { id: orderId } })).order;
    expect(detail.dispatch).toMatchObject({ courier_partner: 'Local runner', tracking_number: 'LR-77', tracking_url: null });
    const view = (await asha.api.order({ body: { orderId } })).order;
    expect(view.order_dispatch).toMatchObject({ courier_partner: 'Local runner', tracking_number: 'LR-77', tracking_url: null });
  });
});
