import { describe, expect, it } from 'vitest';
import {
  csvAmount, formatCaratRange, formatCarats, formatCount, formatDate, formatDateTime, formatDayMonth, formatMg, formatNumber, formatPaise, formatPrice,
  formatRate, formatRatti, formatRattiBucket, formatRattiRange, formatRupees, formatWeight, plural, shopTimeZone, weightFigure,
} from '../src/format.ts';
import { rattiFromMg } from '../src/constants.ts';
import { RUPEES, caratsFromMg, usdAt } from '../src/money.ts';

describe("the back office's one way of writing", () => {
  it('writes rupees with the sign, Indian grouping and paise', () => {
    expect(formatRupees(129000)).toBe('₹\u00a01,29,000.00');
    expect(formatRupees(1234567.5)).toBe('₹\u00a012,34,567.50');
    expect(formatRupees(0)).toBe('₹\u00a00.00');
    expect(formatNumber(1204)).toBe('1,204');
  });

  it('puts the noun in the singular for exactly one, the plural otherwise', () => {
    expect(formatCount(1, 'stone')).toBe('1 stone');
    expect(formatCount(2, 'stone')).toBe('2 stones');
    expect(formatCount(0, 'stone')).toBe('0 stones');
    expect(formatCount(120000, 'order')).toBe('1,20,000 orders');
    expect(formatCount(1, 'address', 'addresses')).toBe('1 address');
    expect(formatCount(3, 'address', 'addresses')).toBe('3 addresses');
    expect(plural(1, 'photo')).toBe('photo');
  });

  it("writes a moment in the shop's time zone: India's for a shop in India, UTC for the others", () => {
    const at = '2026-03-04T20:35:00Z';
    expect(shopTimeZone(true)).toBe('Asia/Kolkata');
    expect(shopTimeZone(false)).toBe('UTC');
    // 20:35 UTC is 2:05 am the next day in India.
    expect(formatDateTime(at, 'Asia/Kolkata')).toBe('5 Mar 2026, 2:05 am');
    expect(formatDate(at, 'Asia/Kolkata')).toBe('5 Mar 2026');
    expect(formatDateTime(at, 'UTC')).toBe('4 Mar 2026, 8:35 pm');
    expect(formatDate(new Date(at), 'UTC')).toBe('4 Mar 2026');
    expect(formatDayMonth(at, 'Asia/Kolkata')).toBe('5 Mar');
  });
});

describe("a shop's money, as its customers, emails, invoices and CSVs read it", () => {
  it('writes rupees with Indian grouping and dollars at the shop\'s rate, the minus first', () => {
    expect(formatPrice(129000, RUPEES)).toBe('Rs. 1,29,000.00');
    expect(formatPaise(900_000_000_001)).toBe('Rs. 9,00,00,00,000.01');
    expect(formatPaise(2_500_000, usdAt(0.012))).toBe('$300.00');
    expect(formatPaise(-1_247)).toBe('-Rs. 12.47');
    expect(formatPrice(-25, usdAt(0.012))).toBe('-$0.30');
    expect(formatRate(usdAt(0.015))).toBe('Rs. 1 = $0.015');
  });

  it('writes a CSV cell\'s amount as a plain number', () => {
    expect(csvAmount(1_234_567)).toBe('12345.67');
    expect(csvAmount(-50)).toBe('-0.50');
  });
});

describe("a stone's weight, as the back office and the storefront write it", () => {
  it('writes each unit to the hundredth, grouped, without trailing zeros', () => {
    expect(formatMg(1100)).toBe('1,100 mg');
    expect(formatMg(182)).toBe('182 mg');
    expect(formatCarats(caratsFromMg(29))).toBe('0.15 ct');
    expect(formatCarats(2.5)).toBe('2.5 ct');
    expect(formatRatti(rattiFromMg(1100, 182))).toBe('6.04 ratti');
    expect(formatRatti(4)).toBe('4 ratti');
    expect(weightFigure(1234.567)).toBe('1,234.57');
  });

  it('writes two decimals always when asked, for the preview that must not jump as a weight is typed', () => {
    expect(formatRatti(4, { fixed: true })).toBe('4.00 ratti');
    expect(formatCarats(3.6, { fixed: true })).toBe('3.60 ct');
    expect(weightFigure(0.1, { fixed: true })).toBe('0.10');
  });

  it('joins the units of one weight with middle dots, mg first', () => {
    expect(formatWeight({ mg: 728, carats: caratsFromMg(728), ratti: rattiFromMg(728, 182) }, { fixed: true })).toBe('728 mg · 3.64 ct · 4.00 ratti');
    expect(formatWeight({ mg: 1234, carats: 6.17 })).toBe('1,234 mg · 6.17 ct');
    expect(formatWeight({ carats: 3.64, ratti: 4 })).toBe('3.64 ct · 4 ratti');
  });

  it('writes a ratti bucket with its plus sign, and the ranges a filter keeps', () => {
    expect(formatRattiBucket(5.25)).toBe('5.25+');
    expect(formatRattiBucket(3)).toBe('3+');
    expect(formatCaratRange(0.5, 2)).toBe('0.5 to 2 ct');
    expect(formatCaratRange(undefined, undefined)).toBe('0 to any ct');
    expect(formatCaratRange(1, undefined)).toBe('1 to any ct');
    expect(formatRattiRange(2.25, 5.25)).toBe('2.25 to 5.25 ratti');
  });
});
