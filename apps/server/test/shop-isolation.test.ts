/**
 * Shops apart by construction: every service method that takes the id of an order, return,
 * customer, stone, address, invoice, payment or refund is called in one shop with the other
 * shop's ids and finds nothing, refuses, or changes nothing. The methods are read from the
 * services themselves, so a new method taking such an id fails here until it has its case.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints, shopCall } from '@gemstore/contracts';
import {
  addresses, authTokens, cartLines, customers, invoices, items, orderDispatches, orderEvents, orderLines, orders, payments,
  refundLines, refunds, returnImages, returnLines, returnRequests, wishlistItems,
} from '@gemstore/db';
import type { CustomerContext, RequestContext } from '../src/lib/context.ts';
import type { EndpointRequest } from '../src/lib/endpoints.ts';
import { AppError } from '../src/lib/errors.ts';
import { buildTestApp, systemContext, type TestApp } from './helper.ts';
import {
  addressForm, createShop, createShopper, createStone, dispatchOrder, insertAddress, payWithSandbox, placeOrder, type Shop,
} from './checkout-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** Parameter names that carry the id of one shop's row. */
const SHOP_ROW_ID = /^(order|return|customer|item|stone|address|invoice|payment|refund)Ids?$/;

/**
 * Methods that take such an id and are not a read or write of one shop's rows: they say so
 * in their name (a call that arrives without a shop), or touch no row at all.
 */
const NOT_SHOP_SCOPED: Record<string, string> = {
  'payments.payLink': 'signs a pass to a payment page; reads no row',
  'payments.checkPayLink': 'checks that signature; reads no row',
};

interface World {
  shop: Shop;
  ctx: RequestContext;
  customer: CustomerContext;
  customerId: number;
  addressId: number;
  stoneId: number;
  orderId: number;
  lineId: number;
  paymentId: number;
  invoiceId: number;
  returnId: number;
  refundId: number;
}

let t: TestApp;
let a: World;
let b: World;

async function world(prefix: string): Promise<World> {
  const shop = await createShop(t.db, prefix);
  const shopper = await createShopper(t.db, shop.store.id);
  const addressId = (await insertAddress(t.db, shop.store.id, shopper.id)).id;
  const sold = await createStone(t.db, shop, { pricePaise: 1_000_000 });
  const stone = await createStone(t.db, shop, { pricePaise: 2_000_000 });
  const placed = await placeOrder(t, shop, shopper, [sold.id], addressId);
  expect(placed.statusCode).toBe(200);
  const orderId = placed.json().orderId as number;
  expect((await payWithSandbox(t, shop, shopper, orderId)).statusCode).toBe(303);
  await dispatchOrder(t, shop.store.id, orderId);
  const storeId = shop.store.id;
  const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const [ret] = await t.db.insert(returnRequests).values({ storeId, orderId, customerId: shopper.id, reason: 'Not as pictured', status: 'refunded' }).returning();
  await t.db.insert(returnLines).values({ storeId, returnId: ret!.id, orderLineId: line!.id });
  await t.db.insert(returnImages).values({ storeId, returnId: ret!.id, path: `returns/${storeId}/photo.jpg` });
  const [refund] = await t.db.insert(refunds).values({
    storeId, orderId, paymentId: payment!.id, returnId: ret!.id, kind: 'lines', amountPaise: line!.pricePaise, provider: 'sandbox', idempotencyKey: `iso-${storeId}`,
  }).returning();
  await t.db.insert(refundLines).values({ storeId, refundId: refund!.id, orderLineId: line!.id, amountPaise: line!.pricePaise });
  await t.db.insert(cartLines).values({ storeId, customerId: shopper.id, itemId: stone.id });
  await t.db.insert(wishlistItems).values({ storeId, customerId: shopper.id, itemId: stone.id });
  const ctx = await systemContext(t, storeId);
  return {
    shop, ctx, customer: { ...ctx, actor: { kind: 'customer', customerId: shopper.id } }, customerId: shopper.id, addressId, stoneId: stone.id,
    orderId, lineId: line!.id, paymentId: payment!.id, invoiceId: invoice!.id, returnId: ret!.id, refundId: refund!.id,
  };
}

/** Everything of a shop that the cases could read or change. */
async function rowsOf(w: World) {
  const tables = {
    orders, orderLines, orderEvents, orderDispatches, payments, refunds, refundLines, returnRequests, returnLines, returnImages,
    invoices, items, customers, addresses, authTokens, cartLines, wishlistItems,
  };
  const out: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    out[name] = await t.db.select().from(table).where(eq(table.storeId, w.shop.store.id)).orderBy(table.id);
  }
  return out;
}

/** Found nothing: null, nothing in a list or map, or an object of such. */
function nothing(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Map) return value.size === 0;
  if (typeof value === 'object') return Object.values(value).every(nothing);
  return false;
}

/** Whatever the call answers, or the refusal it throws (a client error: not found, not yours, not valid). */
async function outcome(call: () => Promise<unknown> | unknown): Promise<{ value?: unknown; refused?: number }> {
  try {
    return { value: await call() };
  } catch (err) {
    if (err instanceof AppError && [401, 404, 422].includes(err.statusCode)) return { refused: err.statusCode };
    throw err;
  }
}

type Case = (me: World, them: World) => unknown;

/**
 * One call per method: `me`'s shop, `them`'s ids. `read` cases also find something with their own
 * shop's ids; a `write` answers the same whatever it found (an idempotent removal), so only the
 * other shop's rows, unchanged, judge it.
 */
const cases: Record<string, { call: Case; read?: true; write?: true }> = {
  'orders.findOwn': { call: (me, o) => t.app.services.orders.findOwn(me.customer, o.orderId), read: true },
  'orders.inStore': { call: (me, o) => t.app.services.orders.inStore(me.ctx, o.orderId), read: true },
  'orders.listOfCustomer': { call: (me, o) => t.app.services.orders.listOfCustomer(me.ctx, o.customerId, 10), read: true },
  'orders.findById': { call: (me, o) => t.app.services.orders.findById(me.ctx, o.orderId), read: true },
  'orders.lines': { call: (me, o) => t.app.services.orders.lines(me.ctx, [o.orderId]), read: true },
  'orders.numbersOf': { call: (me, o) => t.app.services.orders.numbersOf(me.ctx, [o.orderId]), read: true },
  'orders.ofStone': { call: (me, o) => t.app.services.orders.ofStone(me.ctx, o.stoneId, 10) },
  'orders.dispatches': { call: (me, o) => t.app.services.orders.dispatches(me.ctx, [o.orderId]), read: true },
  'orders.update': { call: (me, o) => t.app.services.orders.update(me.ctx, o.orderId, { refundFlaggedAt: new Date(), status: 'cancelled' }) },
  'orders.setProviderOrderId': { call: (me, o) => t.app.services.orders.setProviderOrderId(me.ctx, o.orderId, 'order_other', null) },
  'orders.recordEvent': {
    call: (me, o) => t.app.services.orders.recordEvent(me.ctx, { storeId: me.shop.store.id, orderId: o.orderId, kind: 'note', key: 'iso', actor: 'system', at: new Date() }),
  },
  'orders.events': { call: (me, o) => t.app.services.orders.events(me.ctx, [o.orderId]), read: true },

  'payments.ofOrders': { call: (me, o) => t.app.services.payments.ofOrders(me.ctx, [o.orderId]), read: true },
  'payments.refundById': { call: (me, o) => t.app.services.payments.refundById(me.ctx, o.refundId), read: true },
  'payments.refundsOf': { call: (me, o) => t.app.services.payments.refundsOf(me.ctx, [o.orderId]), read: true },
  'payments.moveRefund': { call: (me, o) => t.app.services.payments.moveRefund(me.ctx, o.refundId, ['pending'], { status: 'failed', failureReason: 'x' }) },
  'payments.freeRefundLines': { call: (me, o) => t.app.services.payments.freeRefundLines(me.ctx, o.refundId) },
  'payments.paymentById': { call: (me, o) => t.app.services.payments.paymentById(me.ctx, o.paymentId), read: true },
  'payments.refundedOfPayments': { call: (me, o) => t.app.services.payments.refundedOfPayments(me.ctx, [o.paymentId]), read: true },

  'returns.ofOrders': { call: (me, o) => t.app.services.returns.ofOrders(me.ctx, [o.orderId], new Map()), read: true },
  'returns.rowsOfOrders': { call: (me, o) => t.app.services.returns.rowsOfOrders(me.ctx, [o.orderId]), read: true },
  'returns.inStore': { call: (me, o) => t.app.services.returns.inStore(me.ctx, o.returnId), read: true },
  'returns.byId': { call: (me, o) => t.app.services.returns.byId(me.ctx, o.returnId), read: true },
  'returns.partsOf': { call: (me, o) => t.app.services.returns.partsOf(me.ctx, [o.returnId]), read: true },
  'returns.reopenForRefund': { call: (me, o) => t.app.services.returns.reopenForRefund(me.ctx, o.returnId) },
  'returns.openCounts': { call: (me, o) => t.app.services.returns.openCounts(me.ctx, [o.orderId]) },

  'invoices.ofOrder': { call: (me, o) => t.app.services.invoices.ofOrder(me.ctx, o.orderId), read: true },
  'invoices.number': { call: (me, o) => t.app.services.invoices.number(me.ctx, o.invoiceId, o.orderId, 'ISO') },
  'invoices.issueCreditNote': {
    call: (me, o) => t.app.services.invoices.issueCreditNote(me.ctx, o.orderId, 'ISO', {
      refundId: o.refundId, issuedAt: new Date(), orderLineIds: [o.lineId], lines: [{ orderLineId: o.lineId, amountPaise: 100 }],
    }),
  },
  'invoices.creditNotesOf': { call: (me, o) => t.app.services.invoices.creditNotesOf(me.ctx, [o.orderId]) },

  'customers.findById': { call: (me, o) => t.app.services.customers.findById(me.ctx, o.customerId), read: true },
  'customers.contact': { call: (me, o) => t.app.services.customers.contact(me.ctx, me.shop.store.id, o.customerId), read: true },
  'customers.messageTarget': { call: (me, o) => t.app.services.customers.messageTarget(me.ctx, me.shop.store.id, o.customerId), read: true },
  'customers.contacts': { call: (me, o) => t.app.services.customers.contacts(me.ctx, [o.customerId]), read: true },
  'customers.update': { call: (me, o) => t.app.services.customers.update(me.ctx, o.customerId, { name: 'Taken over' }) },
  'customers.assertActive': { call: (me, o) => t.app.services.customers.assertActive(me.ctx, o.customerId).then(() => 'active') },
  'customers.holdAccount': { call: (me, o) => t.app.services.customers.holdAccount(me.ctx, o.customerId), read: true },
  'customers.get': { call: (me, o) => t.app.services.customers.get(me.ctx, o.customerId), read: true },
  'customers.setBlocked': { call: (me, o) => t.app.services.customers.setBlocked(me.ctx, o.customerId, { reason: 'Taken over' }) },

  // Codes tried are counted per shop and customer: another shop's customer id counts in this shop only.
  'discounts.assertMayTryCode': { call: (me, o) => t.app.services.discounts.assertMayTryCode(me.ctx, o.customerId) },
  'discounts.countUnknownCode': { call: (me, o) => t.app.services.discounts.countUnknownCode(me.ctx, o.customerId) },

  'auth.revokeAllTokens': { call: (me, o) => t.app.services.auth.revokeAllTokens(me.ctx, o.customerId) },

  'addresses.findOwnAddress': { call: (me, o) => t.app.services.addresses.findOwnAddress(me.customer, o.addressId), read: true },
  'addresses.ofCustomer': { call: (me, o) => t.app.services.addresses.ofCustomer(me.ctx, o.customerId), read: true },
  'addresses.updateAddress': { call: (me, o) => t.app.services.addresses.updateAddress(me.customer, o.addressId, addressForm({ name: 'Taken over' }) as never) },
  'addresses.editAddress': { call: (me, o) => t.app.services.addresses.editAddress(me.customer, o.addressId), read: true },
  'addresses.deleteAddress': { call: (me, o) => t.app.services.addresses.deleteAddress(me.customer, o.addressId) },
  'addresses.setPrimaryAddress': { call: (me, o) => t.app.services.addresses.setPrimaryAddress(me.customer, o.addressId) },

  'cart.save': { call: (me, o) => t.app.services.cart.save(me.customer, o.stoneId) },
  'cart.merge': { call: async (me, o) => (await t.app.services.cart.merge(me.customer, [o.stoneId])).cart.filter((l) => l.item.id === o.stoneId) },
  'cart.itemsByIds': { call: (me, o) => t.app.services.cart.itemsByIds(me.ctx, [o.stoneId]), read: true },
  'cart.removeStones': { call: (me, o) => t.app.services.cart.removeStones(me.ctx, me.shop.store.id, o.customerId, [o.stoneId]) },
  'wishlist.save': { call: (me, o) => t.app.services.wishlist.save(me.customer, o.stoneId) },
  'wishlist.remove': { call: (me, o) => t.app.services.wishlist.remove(me.customer, o.stoneId), write: true },

  'catalog.stonesByIds': { call: (me, o) => t.app.services.catalog.stonesByIds(me.ctx, [o.stoneId]), read: true },
  'catalog.availablePrices': { call: (me, o) => t.app.services.catalog.availablePrices(me.ctx, [o.stoneId]) },
  'orders.discountUsesOf': { call: (me, o) => t.app.services.orders.discountUsesOf(me.ctx, 1, o.customerId) },
  'catalog.reserve': { call: (me, o) => t.app.services.catalog.reserve(me.ctx, [o.stoneId]) },
  'catalog.lockStones': { call: (me, o) => t.app.services.catalog.lockStones(me.ctx, [o.stoneId]), read: true },
  'catalog.moveStones': { call: (me, o) => t.app.services.catalog.moveStones(me.ctx, [o.stoneId], 'available', 'sold') },
  'catalog.stoneStates': { call: (me, o) => t.app.services.catalog.stoneStates(me.ctx, [o.stoneId]), read: true },
  'catalog.stoneTaxes': { call: (me, o) => t.app.services.catalog.stoneTaxes(me.ctx, me.shop.store.id, [o.stoneId]), read: true },
  'catalogAdmin.stone': { call: (me, o) => t.app.services.catalogAdmin.stone(me.ctx, o.stoneId), read: true },
  'catalogAdmin.updateStone': { call: (me, o) => t.app.services.catalogAdmin.updateStone(me.ctx, o.stoneId, { price: 1 } as never) },
};

/** The names of a function's parameters, as it was written (types are gone at run time). */
function parameterNames(fn: (...args: never[]) => unknown): string[] {
  const source = fn.toString();
  const open = source.indexOf('(');
  let depth = 0;
  let end = open;
  for (; end < source.length; end++) {
    if ('([{'.includes(source[end]!)) depth++;
    if (')]}'.includes(source[end]!) && --depth === 0) break;
  }
  return [...source.slice(open + 1, end).matchAll(/(?:^|,)\s*(?:\.\.\.)?([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!);
}

/** Every service method that takes a shop row's id, as `service.method`. */
function methodsTakingShopRowIds(): string[] {
  const found: string[] = [];
  for (const [service, methods] of Object.entries(t.app.services)) {
    if (!methods || typeof methods !== 'object') continue;
    for (const [name, fn] of Object.entries(methods)) {
      if (typeof fn === 'function' && parameterNames(fn).some((p) => SHOP_ROW_ID.test(p))) found.push(`${service}.${name}`);
    }
  }
  return found.sort();
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await world('ia-');
  b = await world('ib-');
});
afterAll(() => t?.close());

describe('shop isolation of the services', () => {
  it('has a case for every method that takes the id of a shop row, and none for a method that is gone', () => {
    const methods = methodsTakingShopRowIds();
    expect(methods.length).toBeGreaterThan(40);
    const uncovered = methods.filter((m) => !(m in cases) && !(m in NOT_SHOP_SCOPED) && !m.endsWith('InAnyShop'));
    expect(uncovered).toEqual([]);
    const services = t.app.services as unknown as Record<string, Record<string, unknown>>;
    expect(Object.keys(cases).filter((m) => typeof services[m.split('.')[0]!]?.[m.split('.')[1]!] !== 'function')).toEqual([]);
  });

  it("finds each of its own shop's rows with the reading methods", async () => {
    const missing: string[] = [];
    for (const [name, c] of Object.entries(cases)) {
      if (!c.read) continue;
      const own = await outcome(() => c.call(a, a));
      if (own.refused || nothing(own.value)) missing.push(name);
    }
    expect(missing).toEqual([]);
  });

  it("finds nothing, refuses or changes nothing given another shop's ids", async () => {
    const before = await rowsOf(b);
    const leaked: string[] = [];
    for (const [name, c] of Object.entries(cases)) {
      const other = await outcome(() => c.call(a, b));
      if (!other.refused && !c.write && !nothing(other.value)) leaked.push(`${name}: ${JSON.stringify(other.value)?.slice(0, 120)}`);
    }
    expect(leaked).toEqual([]);
    expect(await rowsOf(b)).toEqual(before);
  });
});

describe("a handler's request context", () => {
  /** Checked by the compiler (npm run typecheck), never run: a storeless call's request has no ctx. */
  function types(
    webhook: EndpointRequest<typeof endpoints.razorpayWebhook>, payPage: EndpointRequest<typeof endpoints.paymentCallback>,
    checkDomain: EndpointRequest<typeof endpoints.checkDomain>, health: EndpointRequest<typeof endpoints.health>,
    profile: EndpointRequest<typeof endpoints.storeProfile>, robots: EndpointRequest<typeof endpoints.robots>,
  ): RequestContext[] {
    // @ts-expect-error a provider's webhook arrives without a shop
    void webhook.ctx;
    // @ts-expect-error a payment page names only an order
    void payPage.ctx;
    // @ts-expect-error check-domain asks about any domain
    void checkDomain.ctx;
    // @ts-expect-error the load balancer's call has no shop
    void health.ctx;
    return [profile.ctx, robots.ctx];
  }

  it('is set on the calls of one shop only, as the route table says', async () => {
    expect(typeof types).toBe('function');
    const storeless = Object.entries(endpoints).filter(([, e]) => !shopCall(e)).map(([name]) => name);
    expect(storeless).toEqual(expect.arrayContaining(['razorpayWebhook', 'paymentCallback', 'sandboxPage', 'checkDomain', 'health', 'openApi', 'outbox']));
    expect(storeless).not.toContain('robots');
    expect(storeless).not.toContain('storeProfile');
    // The tenant plugin follows the table: a storeless call needs no domain, a shop's call does.
    expect((await t.app.inject({ url: `/api/check-domain/${a.shop.domain}` })).json()).toMatchObject({ exists: true });
    expect((await t.app.inject({ url: '/api/store-profile', headers: { domain: 'nowhere.test' } })).json().code).toBe('unknown_store');
  });
});
