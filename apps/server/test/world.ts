/**
 * The world most API tests start from, built in one line: `const world = await shopWorld(t)`. A shop
 * (a.test) with its catalogue and a member of every role signed in, another shop (b.test) with its
 * owner, a signed-in customer, and verbs that read like the product: a shopper with an address, a
 * stone, a paid order, a refund. Everything is made by the fixture modules underneath
 * (staff-fixtures, checkout-fixtures, factories); the calls go through the typed client (client.ts).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { addresses } from '@gemstore/db';
import { STAFF_ROLES, type StaffRole } from '@gemstore/contracts/constants';
import type { TaxSettingsBody } from '@gemstore/contracts';
import type { TestApp } from './helper.ts';
import { createItem, type ItemInput } from './factories.ts';
import { backOfficeStores } from './staff-fixtures.ts';
import { courierIds, createShopper, insertAddress, payWithSandbox, type Shop, type Shopper } from './checkout-fixtures.ts';
import { clientFor, type TestClient } from './client.ts';

/** Where a shopper's address is: Jaipur (the shop's own state), Mumbai (another state of India) or New York (abroad). */
export type Place = 'Jaipur' | 'Mumbai' | 'New York';

const PLACES: Record<Exclude<Place, 'Jaipur'>, { countryCode: string; stateCode: string; cityName: string; pincode: string }> = {
  Mumbai: { countryCode: 'IN', stateCode: 'MH', cityName: 'Mumbai', pincode: '400001' },
  'New York': { countryCode: 'US', stateCode: 'NY', cityName: 'New York', pincode: '10036' },
};

/** A customer of the shop with one address, and the typed client signed in as them. */
export interface Buyer extends Shopper {
  addressId: number;
  api: TestClient;
}

/** A stone of the shop: the catalogue's first values unless said (price in paise, the gem type by product id). */
export type StoneInput = Omit<ItemInput, 'catalog'>;

/** The tax settings most tests register: a seller in Rajasthan, sapphires (7103) at 0.25% and the other gem type as diamonds (7102) at 1.5%. */
function gstRegistration(shop: Shop): TaxSettingsBody {
  return {
    legal_name: 'A Gems Private Limited', address: '112 Johari Bazaar, Jaipur, Rajasthan 302003', gstin: '08AABCR1234K1ZH', state_id: 'IN-RJ', invoice_prefix: 'AG',
    products: [{ id: shop.catalog.product.id, hsn_code: '7103', gst_rate: 0.25 }, { id: shop.catalog.otherProduct.id, hsn_code: '7102', gst_rate: 1.5 }],
  };
}

export async function shopWorld(t: TestApp) {
  const cast = await backOfficeStores(t, 'b-');
  const shop: Shop = { store: cast.a, catalog: cast.catA, domain: 'a.test' };
  const other: Shop = { store: cast.b, catalog: cast.catB, domain: 'b.test' };
  /** The typed client on a shop (this one unless said), signed in with `token` when given. */
  const as = (token?: string, domain = shop.domain) => clientFor(t, { domain, token });
  const staff = Object.fromEntries(STAFF_ROLES.map((role) => [role, as(cast.tokens[role])])) as Record<StaffRole, TestClient>;

  /** A new customer of the shop (or of `of`, the other) with an address in `place`. */
  async function shopper(place: Place = 'Jaipur', of: Shop = shop): Promise<Buyer> {
    const storeId = of.store.id;
    const who = await createShopper(t.db, storeId);
    const addressId = place === 'Jaipur'
      ? (await insertAddress(t.db, storeId, who.id)).id
      : (await t.db.insert(addresses).values({
        storeId, customerId: who.id, name: 'Buyer', phone: '9812345678', address: '1 Main Road', locality: 'Centre', landmark: '',
        label: 'Home', addressTypeId: 1, ...PLACES[place],
      }).returning())[0]!.id;
    return { ...who, addressId, api: as(who.token, of.domain) };
  }

  /** A new customer of the shop (or of `of`, the other) with no address yet, as at a first order. */
  async function newcomer(of: Shop = shop): Promise<Shopper & { api: TestClient }> {
    const who = await createShopper(t.db, of.store.id);
    return { ...who, api: as(who.token, of.domain) };
  }

  /** A stone for sale in the shop (or in `of`, the other). */
  const stone = (input: StoneInput = {}, of: Shop = shop) => createItem(t.db, of.store.id, { catalog: of.catalog, ...input });

  /** The buyer places an order of these stones, shipped and billed to their address, to pay on the sandbox. */
  async function placeOrder(buyer: Buyer, stones: { id: number }[], discountCode?: string) {
    return buyer.api.placeOrder({
      body: { itemIds: stones.map((s) => s.id), shippingAddressId: buyer.addressId, billingAddressId: buyer.addressId, paymentMethodId: 1001, origin: 'http://shop.test', discountCode },
    });
  }

  /** An order of these stones (or of new stones of the shop at these prices), placed and paid on the shop's sandbox: answers its id. */
  async function paidOrder(buyer: Buyer, stones: ({ id: number } | StoneInput)[] = [{}], discountCode?: string): Promise<number> {
    const items = await Promise.all(stones.map((s) => ('id' in s && s.id !== undefined ? s : stone(s as StoneInput))));
    const { orderId } = await placeOrder(buyer, items, discountCode);
    expect((await payWithSandbox(t, shop, buyer, orderId)).statusCode).toBe(303);
    return orderId;
  }

  return {
    t, shop, other,
    /** Sign-in tokens: the shop's staff by role, the other shop's owner, and a customer of the shop. */
    tokens: cast.tokens, otherOwnerToken: cast.bOwnerToken, customerToken: cast.customerToken,
    /** The typed client as each of the shop's staff. */
    staff,
    /** The other shop's owner, on the other shop. */
    otherOwner: as(cast.bOwnerToken, other.domain),
    /** Nobody signed in, on the shop. */
    guest: as(),
    as, shopper, newcomer, stone, placeOrder, paidOrder,

    /** The shop registered for GST (gstRegistration's figures, with these changes), by its owner. */
    async registerForGst(changes: Partial<TaxSettingsBody> = {}) {
      return staff.owner.adminTaxSettingsUpdate({ body: { ...gstRegistration(shop), ...changes } });
    },
    /** The shop's couriers by name (FedEx also as Fedex). */
    couriers: () => courierIds(t, shop.store.id),
    /** Staff refund these lines of a paid order (a manager unless said). */
    refund(orderId: number, lineIds: number[], reason = 'Returned', by: TestClient = staff.manager) {
      return by.adminOrderRefund({ params: { id: orderId }, body: { idempotency_key: randomUUID(), line_ids: lineIds, reason } });
    },
    /** The order as the back office shows it (to a manager). */
    async order(orderId: number) {
      return (await staff.manager.adminOrder({ params: { id: orderId } })).order;
    },
  };
}

export type ShopWorld = Awaited<ReturnType<typeof shopWorld>>;
