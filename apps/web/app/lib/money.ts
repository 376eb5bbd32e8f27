// Prices use the one shared rule (packages/contracts/src/money.ts): Rs. for INR, $ = rupees x rate, 2 decimals.
// Imported by its own entry: the package's index also holds the zod schemas, which the browser does not need.
export { caratsFromMg, displayAmount, formatPrice, formatRate, usdAt } from '@gemstore/contracts/money';
import type { Currency } from '@gemstore/contracts';

/** Rupees as they are: payments and GST are charged in INR whatever the store shows. */
export const INR: Currency = { currency: 'INR', exchangeRate: 1, sign: 'Rs.' };
