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

/** Rupees as they are: payments, GST and refunds are charged in INR whatever a shop shows. */
export const RUPEES: Currency = { currency: 'INR', exchangeRate: 1, sign: 'Rs.' };

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
