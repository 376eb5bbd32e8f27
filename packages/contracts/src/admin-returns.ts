import { z } from 'zod';
import { MAX_ID } from './constants.ts';
import { ReturnStatus } from './checkout.ts';
import { AdminOrderCustomer, AdminOrderEvent, AdminRefund, CourierId, TrackingNumber } from './admin-orders.ts';
import { OrderStage } from './order-states.ts';

/**
 * The back office's returns (/api/admin/returns): the queue, one return with its private photos,
 * and its steps: Requested -> Approved or Rejected -> Picked Up -> Received -> Refunded (a
 * rejection is possible until the stones are refunded).
 */

const Id = z.coerce.number().int().positive().max(MAX_ID);
export const AdminReturnParams = z.object({ id: Id });

export const ADMIN_RETURNS_PER_PAGE = 50;

/** The queue's filter: a status, or `open` (every return still waiting on the shop or the customer). */
export const AdminReturnFilter = z.union([ReturnStatus, z.literal('open')]);
export const AdminReturnsQuery = z.object({
  status: AdminReturnFilter.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminReturnsQuery = z.infer<typeof AdminReturnsQuery>;

export const AdminReturnSummary = z.object({
  id: z.number(),
  order_id: z.number(),
  /** The order's number as people read it (`RG-12`, `#12`). */
  order_number: z.string(),
  placed_on: z.string(),
  status: ReturnStatus,
  status_label: z.string(),
  reason_label: z.string(),
  total_qty: z.number(),
  /** Rupees: the price of its stones. */
  value: z.number(),
  /** Rupees: what refunding it pays back now, its stones not refunded already (from the order, say). */
  to_refund: z.number(),
  photos: z.number(),
  customer: AdminOrderCustomer,
});
export type AdminReturnSummary = z.infer<typeof AdminReturnSummary>;
export const AdminReturnsResponse = z.object({ data: z.array(AdminReturnSummary), total: z.number(), page: z.number(), per_page: z.number() });
export type AdminReturnsResponse = z.infer<typeof AdminReturnsResponse>;

export const AdminReturn = z.object({
  id: z.number(),
  order_id: z.number(),
  order_number: z.string(),
  order_stage: OrderStage,
  placed_on: z.string(),
  status: ReturnStatus,
  status_label: z.string(),
  reason: z.string(),
  reason_label: z.string(),
  comment: z.string(),
  /** Signed links that work for a while on this store's domain only (the photos are private). */
  photos: z.array(z.object({ id: z.number(), url: z.string() })),
  courier_partner: z.string().nullable(),
  /** The shop's courier it travels with; null until it is sent, or for a courier typed as free text. */
  courier_id: z.number().nullable(),
  tracking_number: z.string().nullable(),
  /** The courier's page for the parcel sent back; null until it is sent, or for a courier typed as free text. */
  tracking_url: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  lines: z.array(z.object({ id: z.number(), sku: z.string(), name: z.string(), price: z.number(), image: z.string(), refunded: z.boolean() })),
  customer: AdminOrderCustomer,
  /** The refund that paid it back, once started. */
  refund: AdminRefund.nullable(),
  /** The return's own steps, from the order's timeline. */
  timeline: z.array(AdminOrderEvent),
  /** The statuses it may move to now (`refunded` also needs the refunds capability). */
  next: z.array(ReturnStatus),
});
export type AdminReturn = z.infer<typeof AdminReturn>;
export const AdminReturnResponse = z.object({ return: AdminReturn });
export type AdminReturnResponse = z.infer<typeof AdminReturnResponse>;

/**
 * A return's next step. `note`: for Rejected the reason the customer reads (required); otherwise a
 * private note on the timeline. Picked Up takes the customer's courier and tracking number, or the
 * ones staff enter here. Refunded refunds the return's stones through the payment provider.
 */
export const AdminReturnStatusBody = z.object({
  status: ReturnStatus.exclude(['requested']),
  note: z.string().trim().max(1000, 'At most 1000 characters.').default(''),
  courier_id: CourierId.optional(),
  tracking_number: TrackingNumber.optional(),
});
export type AdminReturnStatusBody = z.infer<typeof AdminReturnStatusBody>;

/** Money owed back: payments that could not buy the stones, returns received and not yet refunded, and the latest refunds. */
export const AdminRefundsResponse = z.object({
  owed: z.array(z.object({
    order_id: z.number(),
    order_number: z.string(),
    placed_on: z.string(),
    customer: AdminOrderCustomer,
    payments: z.array(z.object({ id: z.number(), provider: z.string(), provider_payment_id: z.string(), amount: z.number(), created_at: z.string() })),
  })),
  returns_to_refund: z.array(AdminReturnSummary),
  recent: z.array(AdminRefund),
});
export type AdminRefundsResponse = z.infer<typeof AdminRefundsResponse>;
