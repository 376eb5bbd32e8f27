import { z } from 'zod';
import { MAX_ID, TRACKING_PLACEHOLDER } from './constants.ts';

/**
 * The shop's couriers (/api/admin/settings/couriers, capability `settings`): each a name and the
 * courier's tracking page, with `{tracking}` where the tracking number goes. Dispatches and
 * returns name one of them, and every tracking number a person reads links to its page.
 */

/** The couriers every shop starts with (the migration and the new-shop trigger insert the same). */
export const DEFAULT_COURIERS = [
  { name: 'Delhivery', tracking_url: 'https://www.delhivery.com/track/package/{tracking}' },
  { name: 'Blue Dart', tracking_url: 'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={tracking}' },
  { name: 'DTDC', tracking_url: 'https://www.dtdc.in/trace.asp?strCnno={tracking}' },
  { name: 'FedEx', tracking_url: 'https://www.fedex.com/fedextrack/?trknbr={tracking}' },
  { name: 'India Post', tracking_url: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={tracking}' },
] as const;

/** The couriers a customer's return form offers first (its defaults), when the shop keeps them on. */
export const RETURN_DEFAULT_COURIERS = ['FedEx', 'Delhivery'] as const;

/** The courier's page for a parcel: the pattern with the tracking number in place of `{tracking}`. */
export function trackingLink(pattern: string, trackingNumber: string): string {
  return pattern.replaceAll(TRACKING_PLACEHOLDER, encodeURIComponent(trackingNumber));
}

/** The couriers in the order a return form offers them: the defaults first, then the shop's order. */
export function returnCourierOrder<C extends { name: string }>(couriers: C[]): C[] {
  const rank = (c: C) => {
    const i = RETURN_DEFAULT_COURIERS.findIndex((d) => d.toLowerCase() === c.name.toLowerCase());
    return i === -1 ? RETURN_DEFAULT_COURIERS.length : i;
  };
  return couriers.map((c, i) => ({ c, i })).sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i).map(({ c }) => c);
}

/** The problem with a tracking link pattern, or null when it is an https address holding `{tracking}`. */
export function trackingPatternProblem(pattern: string): string | null {
  if (!pattern.includes(TRACKING_PLACEHOLDER)) return `Put ${TRACKING_PLACEHOLDER} where the tracking number goes.`;
  let url: URL;
  try {
    url = new URL(trackingLink(pattern, 'AB123456789'));
  } catch {
    return 'Enter a web address (https://...).';
  }
  if (url.protocol !== 'https:' || !pattern.toLowerCase().startsWith('https://')) return 'The address must start with https://.';
  if (!url.hostname.includes('.')) return 'Enter the courier\'s web address (https://www.courier.com/track/{tracking}).';
  return null;
}

export const AdminCourier = z.object({
  id: z.number(),
  name: z.string(),
  tracking_url: z.string(),
  /** Off: no longer offered for new dispatches and returns; parcels sent with it keep their link. */
  active: z.boolean(),
});
export type AdminCourier = z.infer<typeof AdminCourier>;

/** The shop's couriers in its order (settings: all of them; dispatch and pick-up forms: those on). */
export const AdminCouriersResponse = z.object({ couriers: z.array(AdminCourier) });
export type AdminCouriersResponse = z.infer<typeof AdminCouriersResponse>;

const CourierName = z.string({ error: 'Enter the courier\'s name.' }).trim().min(2, 'Enter the courier\'s name.')
  .max(60, 'The name must be at most 60 characters.');
const TrackingPattern = z.string({ error: 'Enter the tracking link.' }).trim().min(1, 'Enter the tracking link.')
  .max(500, 'The tracking link must be at most 500 characters.')
  .superRefine((p, ctx) => {
    if (p === '') return;
    const problem = trackingPatternProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const AdminCourierBody = z.object({
  name: CourierName,
  tracking_url: TrackingPattern,
  active: z.boolean().default(true),
});
export type AdminCourierBody = z.infer<typeof AdminCourierBody>;

export const AdminCourierParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** The shop's couriers in their new order: every courier's id once. */
export const AdminCourierOrderBody = z.object({
  ids: z.array(z.number().int().positive().max(MAX_ID)).min(1, 'Name the couriers in their new order.').max(100),
});
export type AdminCourierOrderBody = z.infer<typeof AdminCourierOrderBody>;

/** The couriers a customer may send a return with, the defaults first. */
export const CouriersResponse = z.object({ couriers: z.array(z.object({ id: z.number(), name: z.string() })) });
export type CouriersResponse = z.infer<typeof CouriersResponse>;
