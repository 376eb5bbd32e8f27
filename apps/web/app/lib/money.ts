// Prices are written by the one shared module (packages/contracts/src/format.ts): Rs. for INR,
// $ = rupees x rate, 2 decimals. Imported by their own entries: the package's index also holds the
// zod schemas, which the browser does not need.
export { caratsFromMg, displayAmount, RUPEES as INR, usdAt } from '@gemstore/contracts/money';
export { formatPrice, formatRate } from '@gemstore/contracts/format';
