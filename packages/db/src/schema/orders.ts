import { bigint, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stores } from './stores.ts';
import { customers } from './customers.ts';
import { items } from './catalog.ts';

const storeRef = () => integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' });

/** pending: placed, stones reserved, awaiting payment; paid; expired: reservation lapsed unpaid; cancelled. */
export const orderStatus = pgEnum('order_status', ['pending', 'paid', 'expired', 'cancelled']);

/** A snapshot of an address at order time, so later edits do not rewrite history. */
export interface AddressSnapshot {
  id: number; name: string; phone: string; address: string; locality: string; landmark: string;
  pincode: string; label: string; country: string; state: string; city: string;
}

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  storeId: storeRef(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  status: orderStatus('status').notNull().default('pending'),
  totalQty: integer('total_qty').notNull(),
  totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
  shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>().notNull(),
  billingAddress: jsonb('billing_address').$type<AddressSnapshot>().notNull(),
  paymentMethodId: integer('payment_method_id').notNull(),
  origin: text('origin').notNull().default(''),
  reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
  /** The payment provider's order id (Razorpay order_…). */
  providerOrderId: text('provider_order_id'),
  /** Set when money arrived for an order whose stones could not be sold to it. */
  refundFlaggedAt: timestamp('refund_flagged_at', { withTimezone: true }),
  placedOn: timestamp('placed_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('orders_customer').on(t.storeId, t.customerId),
  index('orders_pending').on(t.status, t.reservedUntil),
  // Webhooks and callbacks find the order by the provider's order id.
  index('orders_provider_order').on(t.providerOrderId),
]);

export const orderLines = pgTable('order_lines', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  itemId: integer('item_id').notNull().references(() => items.id),
  /** Name of the stone at order time (the spec's iname). */
  itemName: text('item_name').notNull(),
  pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
}, (t) => [index('order_lines_order').on(t.orderId), index('order_lines_item').on(t.itemId)]);

export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  storeId: storeRef(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  provider: text('provider').notNull(),
  providerPaymentId: text('provider_payment_id').notNull(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('payments_provider_payment').on(t.provider, t.providerPaymentId)]);

/** Webhook event ids already applied, so a repeated delivery changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orderDispatches = pgTable('order_dispatches', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  courierPartner: text('courier_partner').notNull(),
  trackingNumber: text('tracking_number').notNull(),
  dispatchedAt: timestamp('dispatched_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('order_dispatches_order').on(t.orderId)]);

export const returnStatus = pgEnum('return_status', ['requested', 'approved', 'picked_up', 'rejected', 'received', 'refunded']);

export const returnRequests = pgTable('return_requests', {
  id: serial('id').primaryKey(),
  storeId: storeRef(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  reason: text('reason').notNull(),
  comment: text('comment').notNull().default(''),
  status: returnStatus('status').notNull().default('requested'),
  courierPartner: text('courier_partner'),
  trackingNumber: text('tracking_number'),
  placedOn: timestamp('placed_on', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('return_requests_order').on(t.orderId)]);

export const returnLines = pgTable('return_lines', {
  id: serial('id').primaryKey(),
  returnId: integer('return_id').notNull().references(() => returnRequests.id, { onDelete: 'cascade' }),
  orderLineId: integer('order_line_id').notNull().references(() => orderLines.id),
}, (t) => [uniqueIndex('return_lines_line').on(t.orderLineId)]);

export const returnImages = pgTable('return_images', {
  id: serial('id').primaryKey(),
  returnId: integer('return_id').notNull().references(() => returnRequests.id, { onDelete: 'cascade' }),
  path: text('path').notNull(),
});
