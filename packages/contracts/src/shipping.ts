import { z } from 'zod';

/**
 * Shipping: a flat amount per order by zone (the shop's own country, and everywhere else), each
 * optionally free from an order value. Set under Settings > Shipping (capability `settings`);
 * the checkout's quote and the placed order work it out on the server. Amounts in rupees.
 */

export const SHIPPING_ZONES = ['home', 'abroad'] as const;
export type ShippingZone = (typeof SHIPPING_ZONES)[number];

/** Highest shipping charge or free-from amount, in rupees (10 crore, as a stone's price). */
export const MAX_SHIPPING_AMOUNT = 100_000_000;

export const ShippingRate = z.object({
  /** Rupees charged per order in the zone. */
  amount: z.number(),
  /** Orders whose stones are worth this many rupees or more ship free; null: never free. */
  free_from: z.number().nullable(),
});
export type ShippingRate = z.infer<typeof ShippingRate>;

export const ShippingSettings = z.object({
  /** The country of the `home` zone (the shop's own). */
  home_country: z.string(),
  home: ShippingRate,
  abroad: ShippingRate,
});
export type ShippingSettings = z.infer<typeof ShippingSettings>;

const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
const Amount = z.number({ error: 'Enter an amount in rupees (0 for free shipping).' })
  .min(0, 'An amount is 0 or more.').max(MAX_SHIPPING_AMOUNT, 'At most 10 crore.').refine(twoDecimals, 'At most two decimals (150.50).');
const FreeFrom = z.preprocess((v) => (v === '' ? null : v), z.number({ error: 'Enter an order value in rupees, or leave it empty.' })
  .min(1, 'An order value of at least 1, or leave it empty.').max(MAX_SHIPPING_AMOUNT, 'At most 10 crore.').refine(twoDecimals, 'At most two decimals (10000.50).')
  .nullable());

export const ShippingSettingsBody = z.object({
  home: z.object({ amount: Amount, free_from: FreeFrom }),
  abroad: z.object({ amount: Amount, free_from: FreeFrom }),
});
export type ShippingSettingsBody = z.infer<typeof ShippingSettingsBody>;
