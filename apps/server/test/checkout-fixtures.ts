/**
 * Shared set-up of the checkout tests (addresses, cart, orders, payments, returns): a shop with a
 * catalogue, customers signed in by writing their token rows directly (the token's SHA-256 is
 * stored, as plugins/auth.ts looks it up), and calls through app.inject.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { addresses, authTokens, couriers, customers, type Database } from '@gemstore/db';
import { and, eq, sql } from 'drizzle-orm';
import { hashToken } from '../src/lib/secrets.ts';
import { type Catalog, createCatalog, createItem, createStore } from './factories.ts';
import { systemContext, type TestApp } from './helper.ts';

let sequence = 0;

export interface Shopper {
  id: number;
  token: string;
  email: string;
  phone: string;
}

/** A customer of the store with a live bearer token. */
export async function createShopper(db: Database, storeId: number): Promise<Shopper> {
  sequence += 1;
  const n = `${process.pid}${sequence}`.slice(-8).padStart(8, '0');
  const email = `shopper${sequence}.${storeId}@example.com`;
  const phone = `97${n}`;
  const [row] = await db.insert(customers).values({
    storeId, name: `Shopper ${sequence}`, email, phone, passwordHash: 'not-used-by-these-tests', emailVerifiedAt: new Date(), phoneVerifiedAt: new Date(),
  }).returning();
  const token = randomBytes(24).toString('base64url');
  await db.insert(authTokens).values({ storeId, customerId: row!.id, tokenHash: hashToken(token) });
  return { id: row!.id, token, email, phone };
}

/** Many shoppers in two statements (the concurrency test needs fifty). */
export async function createShoppers(db: Database, storeId: number, count: number): Promise<Shopper[]> {
  const base = sequence;
  sequence += count;
  const rows = await db.insert(customers).values(Array.from({ length: count }, (_, i) => ({
    storeId, name: `Buyer ${base + i}`, email: `buyer${base + i}.${storeId}@example.com`, phone: `96${String(base + i).padStart(8, '0')}`,
    passwordHash: 'not-used-by-these-tests',
  }))).returning();
  const tokens = rows.map(() => randomBytes(24).toString('base64url'));
  await db.insert(authTokens).values(rows.map((r, i) => ({ storeId, customerId: r.id, tokenHash: hashToken(tokens[i]!) })));
  return rows.map((r, i) => ({ id: r.id, token: tokens[i]!, email: r.email!, phone: r.phone! }));
}

/** A valid address form (Jaipur, Rajasthan, India). */
export function addressForm(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Asha Rao', phone: '+91 98123 45678', label: 'Home', countryId: 'IN', stateId: 'IN-RJ', cityId: 'Jaipur',
    address: '12 Gem Lane', landmark: 'Near the clock tower', locality: 'Johari Bazaar', pincode: '302003',
    ...overrides,
  };
}

/** An address row written directly (orders tests do not need the address calls). */
export async function insertAddress(db: Database, storeId: number, customerId: number, primary = true) {
  const [row] = await db.insert(addresses).values({
    storeId, customerId, name: 'Asha Rao', phone: '9812345678', address: '12 Gem Lane', locality: 'Johari Bazaar',
    landmark: 'Clock tower', pincode: '302003', label: 'Home', countryCode: 'IN', stateCode: 'RJ', cityName: 'Jaipur',
    addressTypeId: primary ? 1 : 2,
  }).returning();
  return row!;
}

export interface Shop {
  store: Awaited<ReturnType<typeof createStore>>;
  catalog: Catalog;
  domain: string;
}

export async function createShop(db: Database, prefix = ''): Promise<Shop> {
  const store = await createStore(db);
  const catalog = await createCatalog(db, store.id, prefix);
  return { store, catalog, domain: store.domain };
}

export async function createStone(db: Database, shop: Shop, input: { pricePaise?: number; status?: 'available' | 'reserved' | 'sold'; name?: string } = {}) {
  return createItem(db, shop.store.id, { catalog: shop.catalog, ...input });
}

/** POST (or GET without payload when `method` says so) to the API as `who` on the shop's domain. */
export function caller(t: TestApp, domain: string) {
  return (path: string, who?: Shopper | null, payload?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url: path,
      headers: { domain, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

/** The hidden inputs of the first form on a page (the sandbox's Pay form). */
export function formFields(html: string, index = 0): Record<string, string> {
  const form = html.split('<form').slice(1)[index] ?? '';
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[m[1]!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)))] = m[2]!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));
  }
  return fields;
}

export function postForm(t: TestApp, url: string, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST', url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Places an order for these stones with the shopper's first address. */
export async function placeOrder(t: TestApp, shop: Shop, who: Shopper, itemIds: number[], addressId: number, extra: Record<string, unknown> = {}) {
  return caller(t, shop.domain)('/api/place-order', who, { itemIds, shippingAddressId: addressId, billingAddressId: addressId, paymentMethodId: 1001, origin: 'http://shop.test', ...extra });
}

/** The whole sandbox journey after place-order: retry-pay, the payment page, Pay (or Fail). */
export async function payWithSandbox(t: TestApp, shop: Shop, who: Shopper, orderId: number, button: 'pay' | 'fail' = 'pay') {
  const pay = await caller(t, shop.domain)('/api/retry-pay', who, { orderId });
  if (pay.statusCode !== 200) throw new Error(`retry-pay answered ${pay.statusCode}: ${pay.body}`);
  const page = await t.app.inject({ url: pay.json().url });
  if (page.statusCode !== 200) throw new Error(`the sandbox page answered ${page.statusCode}`);
  return postForm(t, `/pay/callback/${orderId}`, formFields(page.body, button === 'pay' ? 0 : 1));
}

/** The usual cast: a shop, another shop on its own domain, and two customers of the first. */
export async function createCheckoutWorld(t: TestApp) {
  const shop = await createShop(t.db);
  const otherShop = await createShop(t.db, 'o-');
  const asha = await createShopper(t.db, shop.store.id);
  const ben = await createShopper(t.db, shop.store.id);
  return { shop, otherShop, asha, ben, call: caller(t, shop.domain) };
}

/** The id of the shop's courier of this name (every shop starts with Delhivery, Blue Dart, DTDC, FedEx and India Post). */
export async function courierIdOf(t: TestApp, storeId: number, name: string): Promise<number> {
  const [row] = await t.db.select({ id: couriers.id }).from(couriers)
    .where(and(eq(couriers.storeId, storeId), sql`lower(${couriers.name}) = lower(${name})`));
  if (!row) throw new Error(`The shop has no courier ${name}.`);
  return row.id;
}

/** The shop's couriers by name (FedEx also as Fedex, as older tests wrote it). */
export async function courierIds(t: TestApp, storeId: number): Promise<Record<string, number>> {
  const rows = await t.db.select({ id: couriers.id, name: couriers.name }).from(couriers).where(eq(couriers.storeId, storeId));
  const byName: Record<string, number> = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  if (byName.FedEx) byName.Fedex = byName.FedEx;
  return byName;
}

/** The shop's step through the back office's flow, as the shop's own system (the admin API's tests call it as staff). */
export async function dispatchOrder(t: TestApp, storeId: number, orderId: number, courier = 'Delhivery', tracking = 'DL1') {
  return t.app.flows.adminOrders.dispatch(await systemContext(t, storeId), orderId, { courier_id: await courierIdOf(t, storeId, courier), tracking_number: tracking });
}
