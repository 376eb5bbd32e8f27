import type { Currency } from './store.ts';

/** Rupees shown in the store's currency: USD = rupees x rate, 2 decimals (spec section 4). */
export function displayAmount(rupees: number, currency: Currency): number {
  if (currency.currency === 'INR') return rupees;
  return Math.round(rupees * currency.exchangeRate * 100) / 100;
}

export function formatPrice(rupees: number, currency: Currency): string {
  const value = displayAmount(rupees, currency);
  const locale = currency.currency === 'INR' ? 'en-IN' : 'en-US';
  const text = value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${currency.sign} ${text}`;
}

export const MG_PER_CARAT = 200;
export function caratsFromMg(mg: number): number {
  return Math.round((mg / MG_PER_CARAT) * 100) / 100;
}
