import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatDayMonth, formatNumber, formatRupees, plural, shopTimeZone } from '../src/format.ts';

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
