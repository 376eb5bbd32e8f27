import type { Currency } from './store.ts';

/** Rupees shown in the store's currency: USD = rupees x rate, 2 decimals (docs/architecture.md, "Money"). */
export function displayAmount(rupees: number, currency: Currency): number {
  if (currency.currency === 'INR') return rupees;
  return Math.round(rupees * currency.exchangeRate * 100) / 100;
}

/** Built once each: toLocaleString with options builds a new formatter on every call (a listing prints dozens of prices). */
const priceFormats = {
  INR: new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  USD: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** An amount to two decimals grouped as its currency's country groups it: "1,29,000.00", "310.50". */
export function groupedAmount(value: number, currency: Currency['currency']): string {
  return priceFormats[currency].format(value);
}

/** "Rs. 1,29,000.00" as the shop writes rupees (Indian grouping); dollars as the US writes them, "$310.50". */
export function formatPrice(rupees: number, currency: Currency): string {
  const value = displayAmount(rupees, currency);
  const text = priceFormats[currency.currency].format(value);
  return currency.currency === 'INR' ? `${currency.sign} ${text}` : `${currency.sign}${text}`;
}

/** The rate a dollar shop converts at, as its customers read it beside the rupees charged: "Rs. 1 = $0.015". */
export function formatRate(currency: Currency): string {
  return `Rs. 1 = ${currency.sign}${currency.exchangeRate}`;
}

/** The currency a dollar order was shown in at checkout (its rate then), to write its dollars as they were. */
export function usdAt(usdRate: number): Currency {
  return { currency: 'USD', exchangeRate: usdRate, sign: '$' };
}

export const MG_PER_CARAT = 200;
/**
 * Carats to two decimals, halves rounded up: 29 mg is 0.145 ct, shown as 0.15. Hundredths of a carat
 * are computed in one division (mg * 100 / 200 is exact), since (29 / 200) * 100 is 14.499999999999998
 * in binary floating point and would round down.
 */
export function caratsFromMg(mg: number): number {
  return Math.round((mg * 100) / MG_PER_CARAT) / 100;
}

/** The whole milligrams of a weight given in carats (1 ct = 200 mg; 1.1 * 200 is 220.00000000000003, so rounded). */
export function mgFromCarats(carats: number): number {
  return Math.round(carats * MG_PER_CARAT);
}
