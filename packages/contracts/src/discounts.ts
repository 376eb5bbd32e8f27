import { z } from 'zod';
import { DISCOUNT_KINDS, MAX_ID } from './constants.ts';

/**
 * Discount codes: the back office's Discounts page (/api/admin/discounts, capability `discounts`)
 * and the checkout's Promotion line (checkout-quote; place-order takes the code). Money is in
 * rupees, a percentage in percent (12.5), dates are India dates (YYYY-MM-DD), both days included.
 */


const Id = z.coerce.number().int().positive().max(MAX_ID);
const IsoDate = (label: string) => z.string({ error: `Enter the ${label}.` }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${label} as a date.`)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), `Enter the ${label} as a date.`);
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const Limit = (label: string) => z.preprocess(blankToNull, z.coerce.number({ error: `Enter ${label} as a whole number.` })
  .int(`Enter ${label} as a whole number.`).min(1, `${label[0]!.toUpperCase()}${label.slice(1)} must be at least 1, or left empty for no limit.`)
  .max(1_000_000, `${label[0]!.toUpperCase()}${label.slice(1)} must be at most 1,000,000.`).nullable());

/** The code as customers type it: letters, digits, - and _ (its case does not matter). */
export const DiscountCodeText = z.string({ error: 'Enter a code.' }).trim().min(1, 'Enter a code.').max(30, 'A code must be at most 30 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'A code may hold only letters, digits, - and _.');

export const DiscountFields = z.object({
  code: DiscountCodeText,
  kind: z.enum(DISCOUNT_KINDS, { error: 'Choose a percentage or a fixed amount.' }),
  /** percent: percent off (0.01 to 100); fixed: rupees off. */
  value: z.coerce.number({ error: 'Enter the discount.' }).positive('The discount must be more than 0.').max(10_000_000, 'The discount is too large.')
    .refine((v) => Number.isInteger(Math.round(v * 100 * 1e6) / 1e6), 'The discount can have at most 2 decimals.'),
  /** Rupees; 0: any order. */
  min_order: z.preprocess((v) => (v === '' || v === undefined || v === null ? 0 : v), z.coerce.number({ error: 'Enter the minimum order value in rupees.' })
    .min(0, 'The minimum order value cannot be negative.').max(100_000_000, 'The minimum order value is too large.')),
  starts_on: IsoDate('start date'),
  ends_on: z.preprocess(blankToNull, IsoDate('end date').nullable()),
  max_uses: Limit('total uses'),
  max_uses_per_customer: Limit('uses per customer'),
  /** Gem types whose stones it applies to; empty: every stone. */
  product_ids: z.array(Id, { error: 'Choose gem types.' }).max(200, 'Choose at most 200 gem types.').default([]).transform((ids) => [...new Set(ids)]),
}).superRefine((d, ctx) => {
  if (d.kind === 'percent' && d.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage must be at most 100.' });
  if (d.ends_on && d.ends_on < d.starts_on) ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'The end date must be on or after the start date.' });
});
export type DiscountFields = z.infer<typeof DiscountFields>;

export const AdminDiscountParams = z.object({ id: Id });
export const AdminDiscountPauseBody = z.object({ paused: z.boolean({ error: 'Say whether the code is paused.' }) });
export type AdminDiscountPauseBody = z.infer<typeof AdminDiscountPauseBody>;

export const AdminDiscount = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number(),
  min_order: z.number(),
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  max_uses: z.number().nullable(),
  max_uses_per_customer: z.number().nullable(),
  product_ids: z.array(z.number()),
  paused: z.boolean(),
  /** Orders that hold it now (pending or paid); lapsed and cancelled ones gave theirs back. */
  uses: z.number(),
  /** Active, Paused, Scheduled, Ended or Used up, today in India. */
  status_label: z.string(),
});
export type AdminDiscount = z.infer<typeof AdminDiscount>;
export const AdminDiscountResponse = z.object({ discount: AdminDiscount, message: z.string() });
export type AdminDiscountResponse = z.infer<typeof AdminDiscountResponse>;
export const AdminDiscountsResponse = z.object({
  discounts: z.array(AdminDiscount),
  /** The shop's gem types a code may be limited to. */
  gem_types: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type AdminDiscountsResponse = z.infer<typeof AdminDiscountsResponse>;
