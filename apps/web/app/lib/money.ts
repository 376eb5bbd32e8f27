// Prices use the one shared rule (packages/contracts/src/money.ts): Rs. for INR, $ = rupees x rate, 2 decimals.
// Imported by its own entry: the package's index also holds the zod schemas, which the browser does not need.
export { caratsFromMg, displayAmount, formatPrice } from '@gemstore/contracts/money';
