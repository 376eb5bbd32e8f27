import { RUPEES, displayAmount, groupedAmount } from './money.ts';
import type { Currency } from './store.ts';

/**
 * How the shop writes what people read, one way everywhere (the back office, the storefront, the
 * server's emails, payment pages, invoices, credit notes and CSVs): the back office's rupees
 * ("₹ 1,29,000.00", Indian grouping, as prices and orders are kept), a shop's prices in its own
 * currency ("Rs. 1,29,000.00", "$310.50"), counts with their nouns ("1 stone", "2 stones",
 * "1,204 stones"), weights ("728 mg · 3.64 ct · 4 ratti", a ratti bucket "5.25+"), and dates and
 * moments in the shop's own time zone ("5 Mar 2026, 2:05 pm").
 */

/** The time zone a shop keeps its days in: India's for a shop in India, UTC for the others. */
export function shopTimeZone(isFromIndia: boolean): string {
  return isFromIndia ? 'Asia/Kolkata' : 'UTC';
}

const counts = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A whole number as the shop writes it: "1,29,000". */
export function formatNumber(n: number): string {
  return counts.format(n);
}

/** Rupees with paise, the back office's money: "₹ 1,29,000.00" (a no-break space after the sign). */
export function formatRupees(rupees: number): string {
  return `₹\u00a0${groupedAmount(rupees, 'INR')}`;
}

/**
 * An amount in a shop's currency, as its customers read it: rupees with Indian grouping,
 * "Rs. 1,29,000.00"; dollars (rupees x the shop's rate) as the US writes them, "$310.50"; a
 * negative amount with its minus first, "-Rs. 12.47".
 */
export function formatPrice(rupees: number, currency: Currency): string {
  const value = displayAmount(rupees, currency);
  const text = groupedAmount(Math.abs(value), currency.currency);
  const minus = Math.round(value * 100) < 0 ? '-' : '';
  return currency.currency === 'INR' ? `${minus}${currency.sign} ${text}` : `${minus}${currency.sign}${text}`;
}

/** Paise as rupees (or the shop's dollars): what the server keeps, written as `formatPrice` writes it. */
export function formatPaise(paise: number, currency: Currency = RUPEES): string {
  return formatPrice(paise / 100, currency);
}

/** The rate a dollar shop converts at, as its customers read it beside the rupees charged: "Rs. 1 = $0.015". */
export function formatRate(currency: Currency): string {
  return `${RUPEES.sign} 1 = ${currency.sign}${currency.exchangeRate}`;
}

/** Paise in a CSV cell: rupees to the paisa without sign or grouping ("12345.67"), as spreadsheets and the GST portal read a number. */
export function csvAmount(paise: number): string {
  return (paise / 100).toFixed(2);
}

/** The noun for a count: `one` for exactly 1, `many` (the noun with an s unless given) otherwise, 0 included. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/** A count with its noun: "1 stone", "0 stones", "1,204 stones", "2 addresses" (with `many`). */
export function formatCount(n: number, one: string, many?: string): string {
  return `${formatNumber(n)} ${plural(n, one, many)}`;
}

// ---------- Weights ----------

/** Weights to the hundredth, as the storefront has always grouped them ("1,234.5"); building a formatter per call is slow. */
const weightFigures = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
/** Two decimals always ("4.00"), for the back office's weight preview, whose figures must not jump as a weight is typed. */
const fixedWeightFigures = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export interface WeightOptions {
  /** Two decimals always ("4.00 ratti") rather than as few as needed ("4 ratti"). */
  fixed?: boolean;
}

/** A weight's figure without its unit: "1,234.5"; "4.00" when `fixed`. */
export function weightFigure(n: number, options: WeightOptions = {}): string {
  return (options.fixed ? fixedWeightFigures : weightFigures).format(n);
}

/** Milligrams: "1,100 mg". */
export function formatMg(mg: number, options?: WeightOptions): string {
  return `${weightFigure(mg, options)} mg`;
}

/** Carats: "3.64 ct". */
export function formatCarats(carats: number, options?: WeightOptions): string {
  return `${weightFigure(carats, options)} ct`;
}

/** Ratti: "6.04 ratti". */
export function formatRatti(ratti: number, options?: WeightOptions): string {
  return `${weightFigure(ratti, options)} ratti`;
}

/** A ratti bucket with its plus sign, as the trade quotes it: "5.25+". */
export function formatRattiBucket(standard: number): string {
  return `${weightFigure(standard)}+`;
}

/**
 * One weight in the units given, in the order mg, ct, ratti, joined by middle dots:
 * "728 mg · 3.64 ct · 4 ratti", "3.64 ct · 4 ratti". `fixed` writes carats and ratti to two decimals.
 */
export function formatWeight(weight: { mg?: number; carats?: number; ratti?: number }, options: WeightOptions = {}): string {
  const parts: string[] = [];
  if (weight.mg !== undefined) parts.push(formatMg(weight.mg));
  if (weight.carats !== undefined) parts.push(formatCarats(weight.carats, options));
  if (weight.ratti !== undefined) parts.push(formatRatti(weight.ratti, options));
  return parts.join(' · ');
}

/** A carat range, either end open: "0.5 to 2 ct", "0 to any ct". */
export function formatCaratRange(min: number | undefined, max: number | undefined): string {
  return `${weightFigure(min ?? 0)} to ${max === undefined ? 'any' : weightFigure(max)} ct`;
}

/** A ratti range: "2.25 to 5.25 ratti". */
export function formatRattiRange(min: number, max: number): string {
  return `${weightFigure(min)} to ${weightFigure(max)} ratti`;
}

/** Formatters are built once per time zone: building one per call is slow on long lists. */
const dateFormats = new Map<string, { date: Intl.DateTimeFormat; when: Intl.DateTimeFormat; day: Intl.DateTimeFormat }>();
function formatsFor(timeZone: string) {
  let f = dateFormats.get(timeZone);
  if (!f) {
    f = {
      date: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone }),
      when: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZone }),
      day: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone }),
    };
    dateFormats.set(timeZone, f);
  }
  return f;
}

const asDate = (at: string | Date) => (typeof at === 'string' ? new Date(at) : at);

/** A day in the shop's time zone: "5 Mar 2026". */
export function formatDate(at: string | Date, timeZone: string): string {
  return formatsFor(timeZone).date.format(asDate(at));
}

/** A moment in the shop's time zone: "5 Mar 2026, 2:05 pm". */
export function formatDateTime(at: string | Date, timeZone: string): string {
  return formatsFor(timeZone).when.format(asDate(at));
}

/** A day and month only, for charts and short lists: "5 Mar". */
export function formatDayMonth(at: string | Date, timeZone: string): string {
  return formatsFor(timeZone).day.format(asDate(at));
}
