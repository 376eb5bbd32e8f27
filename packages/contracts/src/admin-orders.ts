import { z } from 'zod';
import { CreditNoteSummary } from './admin-tax.ts';
import { ADMIN_ORDER_FILTERS, MAX_ID } from './constants.ts';
import { OrderAddress, OrderPromotion, OrderStatus } from './checkout.ts';
import { OrderLineStage, OrderNumberPrefix, OrderStage } from './order-states.ts';

/**
 * The back office's orders (/api/admin/orders): the list with its filters and CSV export, one
 * order with everything staff need to act on it, and the actions each allowed only from the right
 * state. Money in answers is in rupees with paise (the database keeps paise).
 */

const Id = z.coerce.number().int().positive().max(MAX_ID);
export const AdminOrderParams = z.object({ id: Id });

export const AdminOrderFilter = z.enum(ADMIN_ORDER_FILTERS);
export type AdminOrderFilter = z.infer<typeof AdminOrderFilter>;

export const ADMIN_ORDERS_PER_PAGE = 50;

const Instant = z.iso.datetime({ offset: true, error: 'Give a date and time (ISO 8601).' });

export const AdminOrdersQuery = z.object({
  status: AdminOrderFilter.optional(),
  /** An order number, or a customer's name, email or phone (or a part of one). */
  q: z.string().trim().max(100).optional(),
  /** Placed at or after this instant (the browser sends the start of the day it shows). */
  from: Instant.optional(),
  /** Placed before this instant. */
  to: Instant.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;
/** The export takes the list's query, without its page. */
export const AdminOrdersExportQuery = AdminOrdersQuery.omit({ page: true });
export type AdminOrdersExportQuery = z.infer<typeof AdminOrdersExportQuery>;

export const AdminOrderCustomer = z.object({ id: z.number(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() });
export type AdminOrderCustomer = z.infer<typeof AdminOrderCustomer>;

/** The order's number in the shop's series, and as people read it (with the shop's prefix: `RG-12`, or `#12`). */
const Numbered = { number: z.number(), order_number: z.string() };

export const AdminOrderSummary = z.object({
  id: z.number(),
  ...Numbered,
  placed_on: z.string(),
  stage: OrderStage,
  stage_label: z.string(),
  total_qty: z.number(),
  /** Rupees. */
  total: z.number(),
  customer: AdminOrderCustomer,
  /** Money came in that must go back (a late or second payment) and has not been refunded yet. */
  refund_owed: z.boolean(),
  /** Return requests still open (requested, approved, picked up or received). */
  open_returns: z.number(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;

export const AdminOrdersResponse = z.object({ data: z.array(AdminOrderSummary), total: z.number(), page: z.number(), per_page: z.number() });
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponse>;

/** Columns of the orders CSV, one row per order. */
export const ORDER_CSV_COLUMNS = [
  'order_number', 'placed_on', 'status', 'customer_name', 'customer_email', 'customer_phone', 'stones', 'skus', 'discount_code', 'discount', 'shipping', 'total',
  'payment_reference', 'courier_partner', 'tracking_number', 'dispatched_on', 'delivered_on', 'refund_owed',
] as const;
export type OrderCsvColumn = (typeof ORDER_CSV_COLUMNS)[number];

export const ORDER_EVENT_ACTORS = ['customer', 'staff', 'provider', 'system'] as const;

/** One step of the order's life, as the back office's timeline shows it. */
export const AdminOrderEvent = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.string(),
  label: z.string(),
  /** What the step says in a line: the courier and tracking number, an amount, a return's number. */
  detail: z.string(),
  /** A staff note (private), or the reason a return was rejected. */
  note: z.string(),
  actor: z.enum(ORDER_EVENT_ACTORS),
  /** Who took it: the member's name, the customer's, the payment provider, or the shop itself. */
  by: z.string(),
  return_id: z.number().nullable(),
  refund_id: z.number().nullable(),
});
export type AdminOrderEvent = z.infer<typeof AdminOrderEvent>;

export const AdminOrderLine = z.object({
  id: z.number(),
  item_id: z.number(),
  sku: z.string(),
  /** The stone's name when it was ordered. */
  name: z.string(),
  /** Rupees: the stone's price, and its share of the order's discount. */
  price: z.number(),
  discount: z.number(),
  /** The stone's picture (its first photo), empty when it has none. */
  image: z.string(),
  /** Part of a return request. */
  returned: z.boolean(),
  /** Refunded, or a refund of it is under way (a failed refund frees it again). */
  refunded: z.boolean(),
  /** Where the stone stands once a return or refund touched it (as the customer reads it); null before. */
  stage: OrderLineStage.nullable(),
  stage_label: z.string().nullable(),
});
export type AdminOrderLine = z.infer<typeof AdminOrderLine>;

export const AdminOrderPayment = z.object({
  id: z.number(),
  provider: z.string(),
  /** The provider's payment id (Razorpay's pay_…, the sandbox's sbx_pay_…). */
  provider_payment_id: z.string(),
  /** Rupees. */
  amount: z.number(),
  status: z.string(),
  created_at: z.string(),
  /** The payment could not buy the stones (late, second or short) and no refund of it is made or under way: it is owed back. */
  refund_owed: z.boolean(),
});
export type AdminOrderPayment = z.infer<typeof AdminOrderPayment>;

export const AdminOrderDispatch = z.object({
  courier_partner: z.string(), tracking_number: z.string(), dispatched_on: z.string(), delivered_on: z.string().nullable(),
  /** The courier's page for the parcel; null for a dispatch whose courier was typed as free text. */
  tracking_url: z.string().nullable(),
});

export const AdminOrderReturn = z.object({ id: z.number(), status: z.string(), status_label: z.string(), placed_on: z.string(), total_qty: z.number() });

/** What staff may do with the order now (the buttons the detail shows); the server checks again. */
export const AdminOrderActions = z.object({
  dispatch: z.boolean(), deliver: z.boolean(), cancel: z.boolean(),
  /** Stones of the paid order not refunded yet (the refunds capability is needed too). */
  refund_lines: z.boolean(),
});

export const REFUND_STATUS_LABELS = { pending: 'Pending', processed: 'Refunded', failed: 'Failed' } as const;

export const AdminRefund = z.object({
  id: z.number(),
  order_id: z.number(),
  /** The order's number as people read it. */
  order_number: z.string(),
  /** `lines`: stones of the paid order; `payment`: a payment owed back in full. */
  kind: z.enum(['lines', 'payment']),
  status: z.enum(['pending', 'processed', 'failed']),
  status_label: z.string(),
  /** Rupees. */
  amount: z.number(),
  provider: z.string(),
  /** The provider's refund id (Razorpay's rfnd_…) once it answered. */
  provider_refund_id: z.string().nullable(),
  payment_id: z.number(),
  return_id: z.number().nullable(),
  line_ids: z.array(z.number()),
  reason: z.string(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminRefund = z.infer<typeof AdminRefund>;

export const AdminOrder = z.object({
  id: z.number(),
  ...Numbered,
  placed_on: z.string(),
  status: OrderStatus,
  stage: OrderStage,
  stage_label: z.string(),
  total_qty: z.number(),
  /** Rupees: the stones' prices, the discount code's promotion (null: none), and the order's total (stones - discount + shipping). */
  stones_total: z.number(),
  promotion: OrderPromotion.nullable(),
  total: z.number(),
  /** Rupees charged for shipping (0: shipped free); a refund of stones does not refund it. */
  shipping: z.number(),
  /** Rupees refunded so far (processed refunds), when the last was, and what the customer paid less that (as the customer's order page shows them). */
  refunded_amount: z.number(),
  refunded_on: z.string().nullable(),
  net_paid: z.number(),
  /** Until when the stones are held for payment (an unpaid order). */
  reserved_until: z.string(),
  customer: AdminOrderCustomer,
  shipping_address: OrderAddress,
  billing_address: OrderAddress,
  lines: z.array(AdminOrderLine),
  /** The payment provider's order id (Razorpay's order_…), once the customer opened the payment page. */
  provider_order_id: z.string().nullable(),
  payments: z.array(AdminOrderPayment),
  refund_owed: z.boolean(),
  dispatch: AdminOrderDispatch.nullable(),
  returns: z.array(AdminOrderReturn),
  refunds: z.array(AdminRefund),
  /** GST credit notes issued for refunds of the order, oldest first. */
  credit_notes: z.array(CreditNoteSummary),
  timeline: z.array(AdminOrderEvent),
  actions: AdminOrderActions,
});
export type AdminOrder = z.infer<typeof AdminOrder>;
export const AdminOrderResponse = z.object({ order: AdminOrder });
export type AdminOrderResponse = z.infer<typeof AdminOrderResponse>;

const Tracking = z.string({ error: 'Enter the tracking number.' }).trim().min(4, 'Enter the tracking number.')
  .max(40, 'The tracking number must be at most 40 characters.')
  .regex(/^[A-Za-z0-9-]+$/, 'The tracking number holds only letters, digits and dashes.');
/** One of the shop's couriers that are on (GET /admin/couriers). */
const Courier = z.coerce.number({ error: 'Choose the courier.' }).int('Choose the courier.').positive('Choose the courier.').max(MAX_ID, 'Choose the courier.');

export const AdminDispatchBody = z.object({ courier_id: Courier, tracking_number: Tracking });
export type AdminDispatchBody = z.infer<typeof AdminDispatchBody>;

export const AdminCancelBody = z.object({
  /** Why (kept on the timeline, private). */
  reason: z.string().trim().max(500, 'At most 500 characters.').default(''),
});
export type AdminCancelBody = z.infer<typeof AdminCancelBody>;

export const AdminNoteBody = z.object({
  note: z.string({ error: 'Write the note.' }).trim().min(1, 'Write the note.').max(2000, 'At most 2000 characters.'),
});
export type AdminNoteBody = z.infer<typeof AdminNoteBody>;

export { Courier as CourierId, Tracking as TrackingNumber };

/**
 * A refund staff start (capability `refunds`): stones of a paid order (`line_ids`), or a payment
 * owed back in full (`payment_id`). `idempotency_key` (10 to 64 letters, digits, - and _) is made by
 * the client once per refund it means: sending the same request again answers the same refund and
 * never refunds twice.
 */
export const AdminRefundBody = z.object({
  idempotency_key: z.string({ error: 'Send an idempotency key.' }).regex(/^[A-Za-z0-9_-]{10,64}$/, 'The idempotency key is 10 to 64 letters, digits, dashes or underscores.'),
  reason: z.string().trim().max(500, 'At most 500 characters.').default(''),
  line_ids: z.array(Id).min(1, 'Choose the stones to refund.').max(50).refine((ids) => new Set(ids).size === ids.length, 'Each stone can be chosen once.').optional(),
  payment_id: Id.optional(),
}).refine((b) => (b.line_ids === undefined) !== (b.payment_id === undefined), { message: 'Refund either stones (line_ids) or a payment (payment_id).', path: ['line_ids'] });
export type AdminRefundBody = z.infer<typeof AdminRefundBody>;
export const AdminRefundResponse = z.object({ refund: AdminRefund, order: AdminOrder });
export type AdminRefundResponse = z.infer<typeof AdminRefundResponse>;

// ---------- Order numbers ----------

/** The shop's order numbers: the prefix orders placed from now on take (`RG-` makes `RG-12`; empty writes `#12`). */
export const AdminOrderNumbering = z.object({ prefix: OrderNumberPrefix });
export type AdminOrderNumbering = z.infer<typeof AdminOrderNumbering>;
export const AdminOrderNumberingResponse = z.object({
  settings: AdminOrderNumbering,
  /** The number the next order takes in the shop's series, and how it reads. */
  next_number: z.number(),
  next_order_number: z.string(),
});
export type AdminOrderNumberingResponse = z.infer<typeof AdminOrderNumberingResponse>;

/** The orders that hold a stone, newest first: a sold stone's order, and any earlier one that lapsed or was cancelled. */
export const AdminStoneOrdersResponse = z.object({
  orders: z.array(z.object({ id: z.number(), order_number: z.string(), placed_on: z.string(), stage: OrderStage, stage_label: z.string() })),
});
export type AdminStoneOrdersResponse = z.infer<typeof AdminStoneOrdersResponse>;
