import type { FastifyBaseLogger } from 'fastify';
import {
  AddressFields, ListingFilterBody, type OrderStage, PlaceOrderBody, ReturnCreateFields, type ReturnReason,
} from '@gemstore/contracts';
import type { SiteConfig } from '../config.ts';
import type { CustomerContext, RequestContext, StaffActor } from '../lib/context.ts';
import { hashPassword } from '../lib/password.ts';
import { DEMO_CUSTOMER } from '../modules/customers/demo-customers.ts';
import { storeOrigin } from '../modules/stores/stores.service.ts';
import type { Services } from '../services.ts';
import type { Flows } from '../flows/index.ts';

/**
 * The demo's orders (README: Quick start): on the first start each demo store gets a few weeks of
 * orders from a few demo shoppers, so the back office's orders, returns and dashboard show a shop in
 * use. Every step goes through the use case a shopper or the shop takes (placing the order, the
 * sandbox's payment page, dispatch, delivery, the customer's return, its approval), given the moment
 * it happened: timelines, invoices, stone statuses and the customers' messages agree, as they would
 * had the steps been taken on those days (docs/decisions/0037).
 */

/** A demo shopper: a verified account (password as the demo customer's) with one address. */
interface DemoShopper {
  name: string;
  email: string;
  /** National number, and its country code's id (customers/country-codes.data.ts). */
  phone: string;
  phoneCountryCodeId: number;
  /** Days before the seed that the account was opened. */
  joinedDaysAgo: number;
  address: Omit<AddressFields, 'name' | 'label'>;
}

const INDIA = 99;
const UK = 232;
const USA = 233;
const FRANCE = 75;
const AUSTRALIA = 14;
const CANADA = 39;

/** The Indian store's shoppers (the store is in Jaipur: Vikram's invoices are within the state). */
const SHOPPERS_IN_INDIA: readonly DemoShopper[] = [
  {
    name: 'Ananya Iyer', email: 'ananya.iyer@example.com', phone: '7358210946', phoneCountryCodeId: INDIA, joinedDaysAgo: 64,
    address: { phone: '+91 73582 10946', countryId: 'IN', stateId: 'IN-TN', cityId: 'Chennai', address: 'Flat 4B, Lotus Apartments, 12 Luz Church Road', locality: 'Mylapore', landmark: 'Near Nageswara Rao Park', pincode: '600004' },
  },
  {
    name: 'Rohan Mehta', email: 'rohan.mehta@example.com', phone: '8879034512', phoneCountryCodeId: INDIA, joinedDaysAgo: 41,
    address: { phone: '+91 88790 34512', countryId: 'IN', stateId: 'IN-MH', cityId: 'Mumbai', address: '1202 Sea Breeze, Carter Road', locality: 'Bandra West', landmark: 'Opposite Otters Club', pincode: '400050' },
  },
  {
    name: 'Vikram Singh Rathore', email: 'vikram.rathore@example.com', phone: '7014563298', phoneCountryCodeId: INDIA, joinedDaysAgo: 35,
    address: { phone: '+91 70145 63298', countryId: 'IN', stateId: 'IN-RJ', cityId: 'Jaipur', address: 'B-27 Shanti Path', locality: 'Tilak Nagar', landmark: 'Behind Rajasthan University', pincode: '302004' },
  },
  {
    name: 'Priya Nair', email: 'priya.nair@example.com', phone: '8547219630', phoneCountryCodeId: INDIA, joinedDaysAgo: 30,
    address: { phone: '+91 85472 19630', countryId: 'IN', stateId: 'IN-KL', cityId: 'Ernakulam', address: '38/1120 Kaloor Kadavanthra Road', locality: 'Kadavanthra', landmark: 'Near Rajiv Gandhi Indoor Stadium', pincode: '682020' },
  },
  {
    name: 'Farhan Qureshi', email: 'farhan.qureshi@example.com', phone: '8115290473', phoneCountryCodeId: INDIA, joinedDaysAgo: 22,
    address: { phone: '+91 81152 90473', countryId: 'IN', stateId: 'IN-UP', cityId: 'Lucknow', address: 'C-14 Nirala Nagar', locality: 'Nirala Nagar', landmark: 'Near Ram Manohar Lohia Park', pincode: '226020' },
  },
];

/** The international store's shoppers (numbers from the ranges kept for fiction where a country has one). */
const SHOPPERS_ABROAD: readonly DemoShopper[] = [
  {
    name: 'Olivia Bennett', email: 'olivia.bennett@example.com', phone: '7700900461', phoneCountryCodeId: UK, joinedDaysAgo: 58,
    address: { phone: '+44 7700 900461', countryId: 'GB', stateId: 'GB-ENG', cityId: 'London', address: 'Flat 3, 27 Elgin Crescent', locality: 'Notting Hill', landmark: 'Near Portobello Road', pincode: 'W11 2JD' },
  },
  {
    name: 'Marcus Reid', email: 'marcus.reid@example.com', phone: '2125550147', phoneCountryCodeId: USA, joinedDaysAgo: 44,
    address: { phone: '+1 212 555 0147', countryId: 'US', stateId: 'US-NY', cityId: 'New York City', address: '245 West 72nd Street, Apt 6C', locality: 'Upper West Side', landmark: 'Near Riverside Park', pincode: '10023' },
  },
  {
    name: 'Sophie Laurent', email: 'sophie.laurent@example.com', phone: '639980147', phoneCountryCodeId: FRANCE, joinedDaysAgo: 37,
    address: { phone: '+33 6 39 98 01 47', countryId: 'FR', stateId: 'FR-IDF', cityId: 'Paris', address: '18 Rue des Martyrs', locality: '9e arrondissement', landmark: 'Near Notre-Dame-de-Lorette', pincode: '75009' },
  },
  {
    name: 'Liam Walsh', email: 'liam.walsh@example.com', phone: '491570156', phoneCountryCodeId: AUSTRALIA, joinedDaysAgo: 29,
    address: { phone: '+61 491 570 156', countryId: 'AU', stateId: 'AU-NSW', cityId: 'Sydney', address: 'Unit 12, 45 Bondi Road', locality: 'Bondi Junction', landmark: 'Near Westfield Bondi Junction', pincode: '2022' },
  },
  {
    name: 'Emily Chen', email: 'emily.chen@example.com', phone: '4165550192', phoneCountryCodeId: CANADA, joinedDaysAgo: 20,
    address: { phone: '+1 416 555 0192', countryId: 'CA', stateId: 'CA-ON', cityId: 'Toronto', address: '88 Harbour Street, Suite 2304', locality: 'South Core', landmark: 'Near Union Station', pincode: 'M5J 0C3' },
  },
];

/** Couriers of the shop's list, used in turn, each with its own form of tracking number (`n` counts the store's dispatches). */
type Courier = [name: string, tracking: (n: number) => string];
const COURIERS_IN_INDIA: readonly Courier[] = [
  ['Blue Dart', (n) => String(50_123_468_701 + n * 7_919)],
  ['Delhivery', (n) => String(1_492_210_034_562 + n * 104_729)],
  ['DTDC', (n) => `D${70_418_823 + n * 3_571}`],
  ['India Post', (n) => `EK${468_201_734 + n * 1_237}IN`],
];
const COURIERS_ABROAD: readonly Courier[] = [
  ['FedEx', (n) => String(774_155_230_981 + n * 7_919)],
  ['DTDC', (n) => `D${70_418_823 + n * 3_571}`],
];

interface DemoOrderPlan {
  /** The shopper (an index into the store's shoppers). */
  shopper: number;
  /**
   * Its stones: a gem type and a place on its listing (newest first) as the seed finds it. The first
   * three places of every listing are left alone: shoppers trying the demo, and the browser tests,
   * start there.
   */
  stones: [product: string, place: number][];
  /** When it was placed: days and hours before the seed (minutes for the ones still unpaid). */
  placed: { days: number; hours: number; minutes?: number };
  /** Minutes after placing that the sandbox took the payment; absent: never paid. */
  paidAfter?: number;
  /** Minutes after placing that the shop cancelled it, unpaid, with the reason on its timeline. */
  cancelled?: { after: number; reason: string };
  /** Hours after the payment that it left with the courier. */
  dispatchedAfter?: number;
  /** Hours after dispatch that it arrived. */
  deliveredAfter?: number;
  /** A return of some of its stones (indexes into `stones`), hours after delivery; approved hours after the request. */
  returned?: { after: number; stones: number[]; reason: ReturnReason; comment: string; approvedAfter?: number };
}

/** The same weeks in both stores: every stage an order passes through, spread over the dashboard's 30 days. */
const PLANS: readonly DemoOrderPlan[] = [
  { shopper: 0, stones: [['ruby', 4]], placed: { days: 27, hours: 3 }, paidAfter: 6, dispatchedAfter: 20, deliveredAfter: 70 },
  {
    shopper: 1, stones: [['blue-sapphire', 5]], placed: { days: 25, hours: 6 }, paidAfter: 4, dispatchedAfter: 26, deliveredAfter: 52,
    returned: {
      after: 40, stones: [0], reason: 'not-satisfied', approvedAfter: 20,
      comment: 'The colour is darker than in the photos; I was hoping for a lighter cornflower blue.',
    },
  },
  { shopper: 2, stones: [['emerald', 4], ['diamond', 6]], placed: { days: 22, hours: 1 }, paidAfter: 9, dispatchedAfter: 18, deliveredAfter: 50 },
  {
    shopper: 3, stones: [['yellow-sapphire', 6]], placed: { days: 19, hours: 4 },
    cancelled: { after: 10, reason: 'The customer called to cancel before paying: she will choose a heavier stone.' },
  },
  {
    shopper: 4, stones: [['pearl', 3], ['pearl', 7]], placed: { days: 16, hours: 2 }, paidAfter: 5, dispatchedAfter: 22, deliveredAfter: 60,
    returned: { after: 30, stones: [1], reason: 'defective', comment: 'One of the two pearls has a small chip near the drill hole.' },
  },
  { shopper: 0, stones: [['hessonite', 4]], placed: { days: 13, hours: 5 }, paidAfter: 12, dispatchedAfter: 24, deliveredAfter: 48 },
  { shopper: 1, stones: [['red-coral', 5]], placed: { days: 6, hours: 2 }, paidAfter: 7, dispatchedAfter: 25 },
  { shopper: 3, stones: [['diamond', 4]], placed: { days: 4, hours: 7 }, paidAfter: 3, dispatchedAfter: 20 },
  { shopper: 4, stones: [['emerald', 8]], placed: { days: 2, hours: 3 }, paidAfter: 8 },
  { shopper: 0, stones: [['blue-sapphire', 9]], placed: { days: 1, hours: 1 }, paidAfter: 5 },
  { shopper: 2, stones: [['ruby', 10]], placed: { days: 0, hours: 4 }, paidAfter: 6 },
  // Still unpaid: their stones are held for the store's reservation time, then let go as any unpaid order's are.
  { shopper: 1, stones: [['yellow-sapphire', 3]], placed: { days: 0, hours: 0, minutes: 3 } },
  { shopper: 3, stones: [['cats-eye', 3]], placed: { days: 0, hours: 0, minutes: 1 } },
];

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Where each plan ends up. */
function stageOfPlan(plan: DemoOrderPlan): OrderStage {
  if (plan.cancelled) return 'cancelled';
  if (plan.paidAfter === undefined) return 'awaiting_payment';
  // The demo's returns stay open (requested or approved).
  if (plan.returned) return 'return_requested';
  if (plan.deliveredAfter !== undefined) return 'delivered';
  return plan.dispatchedAfter !== undefined ? 'dispatched' : 'paid';
}

export interface DemoStoreOrders {
  storeName: string;
  shoppers: number;
  orders: number;
  /** Orders by where they stand now. */
  stages: Partial<Record<OrderStage, number>>;
  returns: number;
  /** Days back to the oldest order. */
  days: number;
  /** How long writing them took. */
  ms: number;
}

/** One step of the demo's weeks: when it happened and what it does. */
interface Step { at: Date; run: () => Promise<void> }

export interface DemoOrderDeps {
  services: Services;
  flows: Flows;
  site: SiteConfig;
  log: FastifyBaseLogger;
}

/**
 * Writes the demo's orders into each store (with its demo owner as the member who worked on them,
 * or the shop's own system when it has none), dated before `now`. A store's steps run in the order
 * they happened, so its order numbers and invoice numbers follow their dates.
 */
export async function seedDemoOrders(
  { services, flows, site, log }: DemoOrderDeps, stores: { storeId: number; owner: StaffActor | null }[], now: Date,
): Promise<DemoStoreOrders[]> {
  const passwordHash = await hashPassword(DEMO_CUSTOMER.password);
  const summaries: DemoStoreOrders[] = [];
  for (const { storeId, owner } of stores) {
    const started = performance.now();
    const steps: Step[] = [];
    const store = await services.stores.findById({}, storeId);
    if (!store) continue;
    const shop: RequestContext = { store, actor: owner ?? { kind: 'system' }, ip: '127.0.0.1', log };
    const people = store.isFromIndia ? SHOPPERS_IN_INDIA : SHOPPERS_ABROAD;
    const listed = new Map((await services.couriers.active(shop)).couriers.map((c) => [c.name.toLowerCase(), c.id]));
    const couriers = (store.isFromIndia ? COURIERS_IN_INDIA : COURIERS_ABROAD).filter(([name]) => listed.has(name.toLowerCase()));

    // The shoppers, each with an address, as the address form would save it.
    const shoppers: { ctx: CustomerContext; addressId: number }[] = [];
    for (const p of people) {
      const joined = new Date(now.getTime() - p.joinedDaysAgo * 24 * HOUR);
      const row = await services.customers.create(shop, {
        name: p.name, email: p.email, phone: p.phone, phoneCountryCodeId: p.phoneCountryCodeId, passwordHash,
        emailVerifiedAt: joined, phoneVerifiedAt: joined, createdAt: joined,
      });
      const ctx: CustomerContext = { ...shop, actor: { kind: 'customer', customerId: row.id } };
      const { address } = await services.addresses.saveAddress(ctx, AddressFields.parse({ ...p.address, name: p.name, label: 'Home' }));
      shoppers.push({ ctx, addressId: address.id });
    }

    // The stones, found on the listings before any order takes one.
    const listings = new Map<string, number[]>();
    for (const product of new Set(PLANS.flatMap((p) => p.stones.map(([gem]) => gem)))) {
      const { data } = await services.catalog.listItems(shop, ListingFilterBody.parse({ filter: { product } }), 1);
      listings.set(product, data.map((i) => i.id));
    }
    const stoneAt = ([product, place]: [string, number]): number => {
      const id = listings.get(product)?.[place];
      if (id === undefined) throw new Error(`The demo catalogue of ${store.name} has no ${product} at place ${place} of its listing.`);
      return id;
    };

    let dispatches = 0;
    for (const plan of PLANS) {
      const { ctx, addressId } = shoppers[plan.shopper]!;
      const itemIds = plan.stones.map(stoneAt);
      const placed = new Date(now.getTime() - plan.placed.days * 24 * HOUR - plan.placed.hours * HOUR - (plan.placed.minutes ?? 0) * MINUTE);
      const order = { id: 0, providerOrderId: '', returnId: 0 };
      const step = (at: Date, run: () => Promise<unknown>) => {
        if (at > now) throw new Error(`A demo order's step falls after the seed (${at.toISOString()}).`);
        steps.push({ at, run: async () => { await run(); } });
      };

      step(placed, async () => {
        order.id = (await flows.checkout.placeOrder(ctx, PlaceOrderBody.parse({
          itemIds, shippingAddressId: addressId, paymentMethodId: store.paymentMethodIds[0], origin: storeOrigin(site, store),
        }), placed)).orderId;
      });
      // The payment page opens at once (the shop's Pay page asks for it), whether or not the shopper then pays.
      const opened = new Date(placed.getTime() + 30_000);
      step(opened, async () => { order.providerOrderId = (await flows.payment.preparePayment(ctx, order.id, opened)).order_id; });
      if (plan.cancelled) {
        const { after, reason } = plan.cancelled;
        const cancelled = new Date(placed.getTime() + after * MINUTE);
        step(cancelled, () => flows.adminOrders.cancel(shop, order.id, { reason }, cancelled));
      }
      if (plan.paidAfter === undefined) continue;

      // The sandbox's page signs its result and posts it back, as a shopper pressing Pay does.
      const paid = new Date(placed.getTime() + plan.paidAfter * MINUTE);
      step(paid, async () => {
        const signed = services.payments.signSandboxPayment(order.providerOrderId);
        const result = await flows.payment.callback(order.id, {
          razorpay_payment_id: signed.paymentId, razorpay_order_id: order.providerOrderId, razorpay_signature: signed.signature,
        }, log, paid);
        if (result.kind !== 'paid') throw new Error(`A demo order was not paid (${result.kind}).`);
      });
      if (plan.dispatchedAfter === undefined) continue;

      const dispatched = new Date(paid.getTime() + plan.dispatchedAfter * HOUR);
      const [courier, tracking] = couriers[dispatches % couriers.length]!;
      const trackingNumber = tracking(dispatches++);
      const courierId = listed.get(courier.toLowerCase())!;
      step(dispatched, () => flows.adminOrders.dispatch(shop, order.id, { courier_id: courierId, tracking_number: trackingNumber }, dispatched));
      if (plan.deliveredAfter === undefined) continue;

      const delivered = new Date(dispatched.getTime() + plan.deliveredAfter * HOUR);
      step(delivered, () => flows.adminOrders.deliver(shop, order.id, delivered));
      const ret = plan.returned;
      if (!ret) continue;

      const requested = new Date(delivered.getTime() + ret.after * HOUR);
      step(requested, async () => {
        const lines = await services.orders.lines(ctx, [order.id]);
        const detailIds = ret.stones.map((i) => lines.find((l) => l.itemId === itemIds[i])!.id);
        order.returnId = (await flows.orders.requestReturn(ctx, ReturnCreateFields.parse({
          orderId: order.id, reason: ret.reason, comment: ret.comment, detailIds,
        }), [], requested)).returnRequest.id;
      });
      if (ret.approvedAfter === undefined) continue;
      const approved = new Date(requested.getTime() + ret.approvedAfter * HOUR);
      step(approved, () => flows.adminReturns.setStatus(shop, order.returnId, { status: 'approved', note: '' }, approved));
    }

    // Oldest first (a stable sort keeps one order's steps in their order when two share a moment).
    steps.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const s of steps) await s.run();

    const stages: Partial<Record<OrderStage, number>> = {};
    for (const plan of PLANS) stages[stageOfPlan(plan)] = (stages[stageOfPlan(plan)] ?? 0) + 1;
    summaries.push({
      storeName: store.name, shoppers: shoppers.length, orders: PLANS.length, stages,
      returns: PLANS.filter((p) => p.returned).length, days: Math.max(...PLANS.map((p) => p.placed.days)),
      ms: performance.now() - started,
    });
  }
  return summaries;
}
