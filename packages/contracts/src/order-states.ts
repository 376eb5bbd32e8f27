import { z } from 'zod';
import { ORDER_LINE_STAGES, ORDER_STAGES } from './constants.ts';

export const OrderStage = z.enum(ORDER_STAGES);
export type OrderStage = z.infer<typeof OrderStage>;
export const OrderLineStage = z.enum(ORDER_LINE_STAGES);
export type OrderLineStage = z.infer<typeof OrderLineStage>;

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
