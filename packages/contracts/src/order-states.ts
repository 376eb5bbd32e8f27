import { z } from 'zod';

/**
 * Where an order stands, one list for the customer's pages and the back office alike, worked out
 * from the order's facts on the server (its payment, dispatch, returns and refunds):
 * - awaiting payment: placed, its stones held; payment lapsed: the hold ran out unpaid; cancelled;
 * - paid (to be dispatched), dispatched, delivered;
 * - return requested: a return is open (requested, approved or on its way back);
 * - returned: a return's stones are back with the shop, not refunded yet;
 * - partly refunded: some of its stones were refunded; refunded: all of them.
 */
export const ORDER_STAGES = [
  'awaiting_payment', 'payment_lapsed', 'cancelled', 'paid', 'dispatched', 'delivered',
  'return_requested', 'returned', 'partly_refunded', 'refunded',
] as const;
export const OrderStage = z.enum(ORDER_STAGES);
export type OrderStage = z.infer<typeof OrderStage>;
export const ORDER_STAGE_LABELS: Record<OrderStage, string> = {
  awaiting_payment: 'Awaiting payment', payment_lapsed: 'Payment time ran out', cancelled: 'Cancelled',
  paid: 'Paid', dispatched: 'Dispatched', delivered: 'Delivered',
  return_requested: 'Return requested', returned: 'Returned', partly_refunded: 'Partly refunded', refunded: 'Refunded',
};

/** Where one stone of an order stands once a return or refund touched it. */
export const ORDER_LINE_STAGES = ['return_requested', 'returned', 'refunded'] as const;
export const OrderLineStage = z.enum(ORDER_LINE_STAGES);
export type OrderLineStage = z.infer<typeof OrderLineStage>;
export const ORDER_LINE_STAGE_LABELS: Record<OrderLineStage, string> = {
  return_requested: 'Return requested', returned: 'Returned', refunded: 'Refunded',
};

/**
 * An order's number as people read it: the shop's prefix (kept on the order when it was placed)
 * and its number in the shop's own series, `RG-12`; `#12` for a shop without a prefix.
 */
export function formatOrderNumber(prefix: string, number: number): string {
  return `${prefix || '#'}${number}`;
}

/** What a shop's order number prefix may hold: up to 10 letters, digits, and - / # _ (empty: none). */
export const OrderNumberPrefix = z.string({ error: 'Enter the prefix.' }).trim()
  .max(10, 'At most 10 characters.')
  .regex(/^[A-Za-z0-9#/_-]*$/, 'Use letters, digits and - / # _ only.');
