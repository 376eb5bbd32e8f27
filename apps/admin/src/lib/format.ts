import * as shared from '@gemstore/contracts/format';

/**
 * The back office writes money, counts, weights and dates one way on every page (packages/contracts
 * format.ts): rupees as "₹ 1,29,000.00", "1 stone" and "2 stones", and moments in the shop's own
 * time zone, which the signed-in member's session names (GET /api/admin/me).
 */

let shopTimeZone = 'Asia/Kolkata';

/** Called by the session when the member (and so the shop) is known. */
export function setShopTimeZone(timeZone: string): void {
  shopTimeZone = timeZone;
}

export const { formatRupees, formatCount, formatNumber, plural, formatMg, formatWeight } = shared;

/** A moment as staff read it, in the shop's time zone: "5 Mar 2026, 2:05 pm". */
export function formatWhen(iso: string): string {
  return shared.formatDateTime(iso, shopTimeZone);
}

/** A day in the shop's time zone: "5 Mar 2026". */
export function formatDate(iso: string): string {
  return shared.formatDate(iso, shopTimeZone);
}

/** A day and month in the shop's time zone: "5 Mar". */
export function formatDayMonth(iso: string): string {
  return shared.formatDayMonth(iso, shopTimeZone);
}

/** The start of a day picked in a date field (yyyy-mm-dd), in the browser's time zone, as an instant; `nextDay` for the end of a range. */
export function dayStart(day: string, nextDay = false): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + (nextDay ? 1 : 0)).toISOString();
}
