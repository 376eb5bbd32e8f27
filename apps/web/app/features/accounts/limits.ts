/**
 * The client input limits of spec section 5 and the constants of section 9. The same values are
 * AUTH_LIMITS, PASSWORD_HINT, DEFAULT_COUNTRY_CODE_ID and REG_ID_MAX in packages/contracts/src/auth.ts; they are
 * repeated here because importing values from the contracts would bundle zod into the browser.
 */
export const LIMITS = { identifier: 128, name: 50, phone: 50, email: 64, password: 1024, otp: 1024 } as const;
export const PASSWORD_HINT = 'Passwords must be at least 6 characters.';
export const DEFAULT_COUNTRY_CODE_ID = 99;
/** regIds are random numbers below 2^48 (not database row ids). */
export const REG_ID_MAX = 2 ** 48;
