/**
 * The storefront's fixed values (docs/architecture.md) that both the server's schemas and the browser use.
 * Zod-free (`@gemstore/contracts/constants`), so the browser bundle can import them without the
 * schema code; the main entry re-exports them.
 */

// ---------- Pages and ids ----------

/** 20 stones per listing page: clients load the next page while a page comes back full. */
export const ITEMS_PER_PAGE = 20;
export const POSTS_PER_PAGE = 10;
/** Default ratti slider range. */
export const DEFAULT_RATTI_RANGE: [number, number] = [0, 105];
/** Largest carat bound of the listing filter. */
export const MAX_CARAT = 10000;
/** Largest price bound of the listing filter, in rupees. */
export const MAX_PRICE_RUPEES = 1_000_000_000;
/** Search box: shortest and longest text searched for; suggestions list at most this many stones. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_SUGGESTED_STONES = 5;
/** Similar stones under a stone's page (same gem, nearest in weight and price). */
export const RELATED_STONES = 8;
/** Stones a browser remembers as recently viewed. */
export const RECENTLY_VIEWED_STONES = 8;
/** The most stones one order (and so one cart, a guest's too) holds. */
export const MAX_ITEMS_PER_ORDER = 50;
/** Largest id a PostgreSQL integer column holds: a larger one would fail in the database, not in validation. */
export const MAX_ID = 2_147_483_647;

// ---------- Weights ----------

/**
 * A stone's weight in the store's ratti, to the hundredth: the one figure its name, its friendly url
 * and its ratti bucket agree on (the weight in mg is the truth; the ratti is a store setting).
 */
export function rattiFromMg(weightMg: number, rattiMg: number): number {
  return Math.round((weightMg * 100) / rattiMg) / 100;
}

/** The whole milligrams of a weight given in the store's ratti (the form that takes a weight in ratti stores this). */
export function mgFromRatti(ratti: number, rattiMg: number): number {
  return Math.round(ratti * rattiMg);
}

/**
 * The ratti bucket ("5.25+") of a ratti figure among a store's standards, ascending: the largest
 * at or below the figure, the smallest for a lighter stone.
 */
export function rattiBucketOf<T extends number | { rati_standard: number }>(ratti: number, standards: readonly T[]): T {
  const value = (s: T) => (typeof s === 'number' ? s : s.rati_standard);
  let bucket = standards[0]!;
  for (const s of standards) if (value(s) <= ratti + 1e-9) bucket = s;
  return bucket;
}

// ---------- Treatments ----------

/**
 * What was done to a stone beyond cutting, in the words the trade discloses it in (heat for rubies
 * and sapphires, oil or resin for emeralds, glass in low-grade rubies, dye in coral and jade ...).
 * A disclosure the seller owes: every stone has one, "none" when nothing was done.
 */
export const STONE_TREATMENTS = [
  'none', 'heated', 'oiled', 'resin-filled', 'glass-filled', 'irradiated', 'diffused', 'dyed', 'bleached', 'coated', 'waxed',
] as const;
/** How a page names each treatment. */
export const TREATMENT_LABELS: Record<(typeof STONE_TREATMENTS)[number], string> = {
  none: 'None', heated: 'Heated', oiled: 'Oiled', 'resin-filled': 'Resin-filled', 'glass-filled': 'Glass-filled',
  irradiated: 'Irradiated', diffused: 'Diffused', dyed: 'Dyed', bleached: 'Bleached', coated: 'Coated', waxed: 'Waxed',
};

// ---------- Accounts ----------

/** Input limits of the sign-in and profile forms (longest accepted). */
export const AUTH_LIMITS = { identifier: 128, name: 50, phone: 50, email: 64, password: 1024, otp: 1024 } as const;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_HINT = 'Passwords must be at least 6 characters.';
/** Default phone country code id (India, +91). */
export const DEFAULT_COUNTRY_CODE_ID = 99;
export const GENDERS = ['male', 'female'] as const;
/** Largest regId: they are random below 2^48, so a caller cannot guess one it was not given. */
export const REG_ID_MAX = 2 ** 48;

// ---------- Addresses, checkout and returns ----------

/** The primary address has address_type_id 1; every other address has 2. */
export const PRIMARY_ADDRESS_TYPE_ID = 1;
export const OTHER_ADDRESS_TYPE_ID = 2;
/** The default payment method. */
export const RAZORPAY_PAYMENT_METHOD_ID = 1001;
/** Payment methods a store can enable (stores.payment_method_ids), by id. */
export const PAYMENT_METHODS: Record<number, string> = {
  [RAZORPAY_PAYMENT_METHOD_ID]: 'Razorpay (cards, UPI, netbanking, wallets)',
};
/** Return reasons and their labels. */
export const RETURN_REASONS = { defective: 'Defective Product', wrong: 'Wrong Product', 'not-satisfied': 'Not Satisfied' } as const;
export const MAX_RETURN_IMAGES = 5;
export const MAX_RETURN_IMAGE_BYTES = 5 * 1024 * 1024;

// ---------- Staff (the back office) ----------

export const STAFF_ROLES = ['owner', 'manager', 'assistant'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What a back-office call needs. Each /api/admin call of the endpoint table names one (or none: a
 * member's own sign-in, profile and two-factor calls), and ROLE_CAPABILITIES says which roles hold it.
 */
export const CAPABILITIES = ['catalogue', 'content', 'orders', 'refunds', 'settings', 'payment_settings', 'staff', 'audit'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/**
 * The one map of roles to what they may do. An owner may do everything; a manager everything but
 * staff, payment settings and the audit log; an assistant catalogue, content and orders (no
 * settings, no refunds).
 */
export const ROLE_CAPABILITIES: Record<StaffRole, readonly Capability[]> = {
  owner: CAPABILITIES,
  manager: ['catalogue', 'content', 'orders', 'refunds', 'settings'],
  assistant: ['catalogue', 'content', 'orders'],
};

export function roleMay(role: StaffRole, capability: Capability): boolean {
  return ROLE_CAPABILITIES[role].includes(capability);
}

/** The roles that hold a capability (the OpenAPI document lists them per call). */
export function rolesWith(capability: Capability): StaffRole[] {
  return STAFF_ROLES.filter((role) => roleMay(role, capability));
}

/** What a back-office sign-in proved first, and second (two-factor). */
export const STAFF_FIRST_FACTORS = ['password', 'email_code', 'invitation'] as const;
export type StaffFirstFactor = (typeof STAFF_FIRST_FACTORS)[number];
export const STAFF_SECOND_FACTORS = ['totp', 'recovery_code'] as const;
export type StaffSecondFactor = (typeof STAFF_SECOND_FACTORS)[number];
export const STAFF_LIMITS = { name: 80, email: 254, recoveryCode: 64, challenge: 200, inviteToken: 200 } as const;
/** Audit entries per page. */
export const AUDIT_PAGE_SIZE = 50;
