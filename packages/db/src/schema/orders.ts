import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, foreignKey, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shopKey } from './keys.ts';
import { stores } from './stores.ts';
import { customers } from './customers.ts';
import { items } from './catalog.ts';
import { staff } from './staff.ts';
import { discountCodes } from './discounts.ts';

const storeRef = () => integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' });

/** pending: placed, stones reserved, awaiting payment; paid; expired: reservation lapsed unpaid; cancelled. */
export const orderStatus = pgEnum('order_status', ['pending', 'paid', 'expired', 'cancelled']);

/** A snapshot of an address at order time, so later edits do not rewrite history. */
export interface AddressSnapshot {
  id: number; name: string; phone: string; address: string; locality: string; landmark: string;
  pincode: string; label: string; country: string; state: string; city: string;
}

export const orders = pgTable('orders', {
  id: serial('id'),
  storeId: storeRef(),
  /** The order's number in its shop's own series, from 1 (order_number_series gives it). */
  number: integer('number').notNull(),
  /** The shop's prefix when the order was placed (`RG-`): the order reads `RG-12` for good, whatever the prefix becomes. */
  numberPrefix: text('number_prefix').notNull().default(''),
  customerId: integer('customer_id').notNull(),
  status: orderStatus('status').notNull().default('pending'),
  totalQty: integer('total_qty').notNull(),
  /** What the customer pays: the stones, plus shipping, less any discount (lib/order-totals.ts). */
  totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
  /** Shipping charged, worked out by the server from the shop's rates and the shipping address's country. */
  shippingPaise: bigint('shipping_paise', { mode: 'number' }).notNull().default(0),
  /**
   * Dollars per rupee when the shop showed dollars at checkout (its rate then); null for a shop that
   * shows rupees. The customer was charged totalPaise in rupees: the receipt shows both, at this rate.
   */
  usdRate: doublePrecision('usd_rate'),
  shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>().notNull(),
  billingAddress: jsonb('billing_address').$type<AddressSnapshot>().notNull(),
  paymentMethodId: integer('payment_method_id').notNull(),
  origin: text('origin').notNull().default(''),
  reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
  /** The payment provider's order id (Razorpay order_…). */
  providerOrderId: text('provider_order_id'),
  /** Set while money that arrived for the order could not buy its stones and is owed back (cleared once refunded). */
  refundFlaggedAt: timestamp('refund_flagged_at', { withTimezone: true }),
  /**
   * When the reconciliation job last asked the provider about the payments of this unpaid order
   * (both the callback and the webhook may be lost); it asks again after a while.
   */
  paymentCheckedAt: timestamp('payment_checked_at', { withTimezone: true }),
  /** The discount code the order used (a use of it while the order is pending or paid), its code as typed then, and the paise it took off. */
  discountCodeId: integer('discount_code_id'),
  discountCode: text('discount_code').notNull().default(''),
  discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
  placedOn: timestamp('placed_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'orders_customer_fk', columns: [t.storeId, t.customerId], foreignColumns: [customers.storeId, customers.id] }),
  uniqueIndex('orders_store_number').on(t.storeId, t.number),
  index('orders_customer').on(t.storeId, t.customerId),
  index('orders_pending').on(t.status, t.reservedUntil),
  // Webhooks and callbacks find the order by the provider's order id.
  index('orders_provider_order').on(t.providerOrderId),
  // The back office's order list: a store's orders, newest first, optionally of one status.
  index('orders_store_placed').on(t.storeId, t.placedOn.desc(), t.id.desc()),
  // The reconciliation job's unpaid orders with a provider order.
  index('orders_payment_check').on(t.status, t.paymentCheckedAt),
  foreignKey({ name: 'orders_discount_code_fk', columns: [t.storeId, t.discountCodeId], foreignColumns: [discountCodes.storeId, discountCodes.id] }),
  index('orders_discount_code').on(t.discountCodeId, t.customerId).where(sql`${t.discountCodeId} is not null`),
]);

/**
 * Each shop's order numbers: the last number given and the prefix new orders take. Placing an order
 * moves `last_number` on in the order's own transaction, so the row stays locked until it commits:
 * concurrent orders get consecutive numbers, and an order that fails gives its number back.
 */
export const orderNumberSeries = pgTable('order_number_series', {
  storeId: integer('store_id').primaryKey().references(() => stores.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
  prefix: text('prefix').notNull().default(''),
});

export const orderLines = pgTable('order_lines', {
  id: serial('id'),
  storeId: storeRef(),
  orderId: integer('order_id').notNull(),
  itemId: integer('item_id').notNull(),
  /** Name of the stone at order time (`iname` in the storefront API). */
  itemName: text('item_name').notNull(),
  pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
  /** The line's share of the order's discount (shares add up to it); the line is sold, taxed and refunded at price less this. */
  discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'order_lines_order_fk', columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete('cascade'),
  foreignKey({ name: 'order_lines_item_fk', columns: [t.storeId, t.itemId], foreignColumns: [items.storeId, items.id] }),
  index('order_lines_order').on(t.orderId),
  index('order_lines_item').on(t.itemId),
]);

export const payments = pgTable('payments', {
  id: serial('id'),
  storeId: storeRef(),
  orderId: integer('order_id').notNull(),
  provider: text('provider').notNull(),
  providerPaymentId: text('provider_payment_id').notNull(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'payments_order_fk', columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }),
  uniqueIndex('payments_provider_payment').on(t.provider, t.providerPaymentId, t.storeId),
]);

export const refundStatus = pgEnum('refund_status', ['pending', 'processed', 'failed']);

/**
 * Money sent back to a customer through the provider that took it: some lines of a paid order
 * (from the order or a return), or a whole payment that could not buy the stones. The row is
 * written with its idempotency key before the provider is called, so a retried request finds it
 * and never refunds twice; the provider's refund id is stored once it answers.
 */
export const refunds = pgTable('refunds', {
  id: serial('id'),
  storeId: storeRef(),
  orderId: integer('order_id').notNull(),
  paymentId: integer('payment_id').notNull(),
  returnId: integer('return_id'),
  /** 'lines': stones of a paid order; 'payment': a payment owed back in full. */
  kind: text('kind').notNull(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  status: refundStatus('status').notNull().default('pending'),
  provider: text('provider').notNull(),
  providerRefundId: text('provider_refund_id'),
  idempotencyKey: text('idempotency_key').notNull(),
  reason: text('reason').notNull().default(''),
  staffId: integer('staff_id'),
  failureReason: text('failure_reason'),
  /** When the reconciliation job last asked the provider about a refund still pending. */
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'refunds_order_fk', columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }),
  foreignKey({ name: 'refunds_payment_fk', columns: [t.storeId, t.paymentId], foreignColumns: [payments.storeId, payments.id] }),
  foreignKey({ name: 'refunds_return_fk', columns: [t.storeId, t.returnId], foreignColumns: [returnRequests.storeId, returnRequests.id] }),
  foreignKey({ name: 'refunds_staff_fk', columns: [t.storeId, t.staffId], foreignColumns: [staff.storeId, staff.id] }),
  uniqueIndex('refunds_store_key').on(t.storeId, t.idempotencyKey),
  uniqueIndex('refunds_provider_refund').on(t.provider, t.providerRefundId, t.storeId),
  // A payment owed back is refunded once, a return once, unless the refund failed.
  uniqueIndex('refunds_payment_live').on(t.paymentId, t.storeId).where(sql`${t.kind} = 'payment' and ${t.status} <> 'failed'`),
  uniqueIndex('refunds_return_live').on(t.returnId, t.storeId).where(sql`${t.status} <> 'failed'`),
  index('refunds_order').on(t.orderId),
  index('refunds_store_created').on(t.storeId, t.createdAt.desc()),
  index('refunds_pending').on(t.status, t.checkedAt),
]);

/** The order lines a refund paid back; a line is refunded at most once (a failed refund's lines are freed). */
export const refundLines = pgTable('refund_lines', {
  id: serial('id'),
  storeId: storeRef(),
  refundId: integer('refund_id').notNull(),
  orderLineId: integer('order_line_id').notNull(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'refund_lines_refund_fk', columns: [t.storeId, t.refundId], foreignColumns: [refunds.storeId, refunds.id] }).onDelete('cascade'),
  foreignKey({ name: 'refund_lines_order_line_fk', columns: [t.storeId, t.orderLineId], foreignColumns: [orderLines.storeId, orderLines.id] }),
  uniqueIndex('refund_lines_line').on(t.orderLineId, t.storeId),
  index('refund_lines_refund').on(t.refundId),
]);

/** Webhook event ids already applied, so a repeated delivery changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The shop's couriers: a name and the courier's tracking page with `{tracking}` where the tracking
 * number goes. Every shop starts with the five the migration and the `stores_default_couriers`
 * trigger insert; staff turn a courier off rather than delete it, as dispatches name it.
 */
export const couriers = pgTable('couriers', {
  id: serial('id'),
  storeId: storeRef(),
  name: text('name').notNull(),
  trackingUrl: text('tracking_url').notNull(),
  active: boolean('active').notNull().default(true),
  /** Where it stands in the shop's list (lowest first). */
  position: integer('position').notNull().default(0),
}, (t) => [
  shopKey(t),
  uniqueIndex('couriers_store_name').on(t.storeId, sql`lower(${t.name})`),
]);

export const orderDispatches = pgTable('order_dispatches', {
  id: serial('id'),
  storeId: storeRef(),
  orderId: integer('order_id').notNull(),
  /** The courier as it was named when dispatched (older dispatches typed it as free text). */
  courierPartner: text('courier_partner').notNull(),
  /** The shop's courier the dispatch went with; null for dispatches from before the list. */
  courierId: integer('courier_id'),
  trackingNumber: text('tracking_number').notNull(),
  dispatchedAt: timestamp('dispatched_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when staff mark the parcel delivered. */
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'order_dispatches_order_fk', columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete('cascade'),
  foreignKey({ name: 'order_dispatches_courier_fk', columns: [t.storeId, t.courierId], foreignColumns: [couriers.storeId, couriers.id] }),
  uniqueIndex('order_dispatches_order').on(t.orderId, t.storeId),
]);

/** Who took a step of an order's life: its customer, a member of staff, the payment provider, or the shop's own jobs. */
export const orderEventActor = pgEnum('order_event_actor', ['customer', 'staff', 'provider', 'system']);

/**
 * Every step of an order's life, in the order it happened (the back office's timeline, and the
 * customer's for the steps they may see): placed, paid, dispatched, delivered, each step of a
 * return, refunds and staff notes. `key` names the step within its order (`paid:pay_123`,
 * `return:4:approved`): a step retried finds its event written and does nothing twice, messages
 * to the customer included.
 */
export const orderEvents = pgTable('order_events', {
  id: serial('id'),
  storeId: storeRef(),
  orderId: integer('order_id').notNull(),
  kind: text('kind').notNull(),
  key: text('key').notNull(),
  actor: orderEventActor('actor').notNull(),
  /** The member of staff who took the step (actor staff). */
  staffId: integer('staff_id'),
  returnId: integer('return_id'),
  refundId: integer('refund_id'),
  /** A staff note (private), or the reason a return was rejected (the customer reads it). */
  note: text('note').notNull().default(''),
  /** The step's facts: courier and tracking number, amounts in paise, the provider's ids. */
  data: jsonb('data').$type<Record<string, string | number | null>>().notNull().default({}),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'order_events_order_fk', columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete('cascade'),
  foreignKey({ name: 'order_events_staff_fk', columns: [t.storeId, t.staffId], foreignColumns: [staff.storeId, staff.id] }),
  uniqueIndex('order_events_order_key').on(t.orderId, t.key, t.storeId),
  index('order_events_order').on(t.orderId, t.at),
]);

export const returnStatus = pgEnum('return_status', ['requested', 'approved', 'picked_up', 'rejected', 'received', 'refunded']);

export const returnRequests = pgTable('return_requests', {
  id: serial('id'),
  storeId: storeRef(),
  orderId: integer('order_id').notNull(),
  customerId: integer('customer_id').notNull(),
  reason: text('reason').notNull(),
  comment: text('comment').notNull().default(''),
  status: returnStatus('status').notNull().default('requested'),
  courierPartner: text('courier_partner'),
  /** The shop's courier the customer or staff chose; null for returns from before the list. */
  courierId: integer('courier_id'),
  trackingNumber: text('tracking_number'),
  /** Why staff rejected the return: the customer reads it on the order. */
  rejectionReason: text('rejection_reason'),
  placedOn: timestamp('placed_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'return_requests_order_fk', columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }),
  foreignKey({ name: 'return_requests_customer_fk', columns: [t.storeId, t.customerId], foreignColumns: [customers.storeId, customers.id] }),
  foreignKey({ name: 'return_requests_courier_fk', columns: [t.storeId, t.courierId], foreignColumns: [couriers.storeId, couriers.id] }),
  index('return_requests_order').on(t.orderId),
  index('return_requests_store_status').on(t.storeId, t.status, t.placedOn),
]);

export const returnLines = pgTable('return_lines', {
  id: serial('id'),
  storeId: storeRef(),
  returnId: integer('return_id').notNull(),
  orderLineId: integer('order_line_id').notNull(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'return_lines_return_fk', columns: [t.storeId, t.returnId], foreignColumns: [returnRequests.storeId, returnRequests.id] }).onDelete('cascade'),
  foreignKey({ name: 'return_lines_order_line_fk', columns: [t.storeId, t.orderLineId], foreignColumns: [orderLines.storeId, orderLines.id] }),
  uniqueIndex('return_lines_line').on(t.orderLineId, t.storeId),
]);

export const returnImages = pgTable('return_images', {
  id: serial('id'),
  storeId: storeRef(),
  returnId: integer('return_id').notNull(),
  path: text('path').notNull(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'return_images_return_fk', columns: [t.storeId, t.returnId], foreignColumns: [returnRequests.storeId, returnRequests.id] }).onDelete('cascade'),
]);
