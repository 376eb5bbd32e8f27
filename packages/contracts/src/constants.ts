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
export const CAPABILITIES = ['catalogue', 'content', 'orders', 'refunds', 'discounts', 'settings', 'payment_settings', 'staff', 'audit'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/**
 * The one map of roles to what they may do. An owner may do everything; a manager everything but
 * staff, payment settings and the audit log; an assistant catalogue, content and orders (no
 * settings, no refunds, no discount codes).
 */
export const ROLE_CAPABILITIES: Record<StaffRole, readonly Capability[]> = {
  owner: CAPABILITIES,
  manager: ['catalogue', 'content', 'orders', 'refunds', 'discounts', 'settings'],
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

// ---------- The back office's lists ----------
// Plain lists and labels the back office chooses from; the schemas check values against them.

/** Lists of values a stone is described with (a store keeps its own values of each). */
export const ATTRIBUTE_KINDS = ['grade', 'color', 'clarity', 'shape', 'origin'] as const;
/** What staff may set; `reserved` and `sold` are set by orders only. */
export const STAFF_STONE_STATUSES = ['draft', 'available', 'hidden'] as const;
export const STONE_STATUSES = ['draft', 'available', 'hidden', 'reserved', 'sold'] as const;
export const AdminStoneSorts = ['newest', 'oldest', 'price_asc', 'price_desc', 'weight_asc', 'weight_desc', 'sku'] as const;
/** Bad rows of a stone import reported one by one (a dry run and a job); past this only their count is given. */
export const MAX_IMPORT_ERRORS = 1000;

/**
 * Where an order stands, one list for the customer's pages and the back office alike, worked out
 * from the order's facts on the server (its payment, dispatch, returns and refunds):
 * - awaiting payment: placed, its stones held; payment lapsed: the hold ran out unpaid; cancelled;
 * - paid (to be dispatched), dispatched, delivered;
 * - return requested: a return is open (requested, approved or on its way back);
 * - returned: a return's stones are back with the shop, not refunded yet;
 * - partly refunded: some of its stones were refunded; refunded: all of them.
 */
export const ORDER_STAGES = [
  'awaiting_payment', 'payment_lapsed', 'cancelled', 'paid', 'dispatched', 'delivered',
  'return_requested', 'returned', 'partly_refunded', 'refunded',
] as const;
export const ORDER_STAGE_LABELS: Record<(typeof ORDER_STAGES)[number], string> = {
  awaiting_payment: 'Awaiting payment', payment_lapsed: 'Payment time ran out', cancelled: 'Cancelled',
  paid: 'Paid', dispatched: 'Dispatched', delivered: 'Delivered',
  return_requested: 'Return requested', returned: 'Returned', partly_refunded: 'Partly refunded', refunded: 'Refunded',
};
/** Where one stone of an order stands once a return or refund touched it. */
export const ORDER_LINE_STAGES = ['return_requested', 'returned', 'refunded'] as const;
export const ORDER_LINE_STAGE_LABELS: Record<(typeof ORDER_LINE_STAGES)[number], string> = {
  return_requested: 'Return requested', returned: 'Returned', refunded: 'Refunded',
};
/** The order list's filters: a stage, or the orders that owe a customer money back (a payment that could not buy the stones). */
export const ADMIN_ORDER_FILTERS = [...ORDER_STAGES, 'refund_owed'] as const;

/** GSTR-1 tables the monthly GST report downloads as CSV. */
export const GST_REPORT_TABLES = ['b2cs', 'b2cl', 'cdnur', 'exp', 'hsn'] as const;
export type GstReportTable = (typeof GST_REPORT_TABLES)[number];

/** Where a page is linked: a page category's menu, the footer's Policies or Know Us, or the menu's pages outside any category. */
export const PAGE_PLACEMENTS = ['category', 'policy', 'know_us', 'non_categorized'] as const;
export const PAGE_PLACEMENT_LABELS: Record<(typeof PAGE_PLACEMENTS)[number], string> = {
  category: 'In a page category', policy: 'Policies', know_us: 'Know Us', non_categorized: 'Menu, outside any category',
};
/** The sizes a home slide's pictures are shown at: the wide picture fills the slider's 8:3, the phone picture its 4:5. */
export const SLIDE_SIZES = { desktop: { width: 1920, height: 720 }, phone: { width: 800, height: 1000 } } as const;

/** A discount code takes a percentage off, or a fixed amount. */
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Why a code does not apply to a checkout; each is also the 409 code place-order answers. */
export const DISCOUNT_REFUSALS = [
  'discount_unknown', 'discount_paused', 'discount_not_started', 'discount_ended', 'discount_used_up', 'discount_used_by_you', 'discount_below_minimum', 'discount_not_applicable',
] as const;
export type DiscountRefusal = (typeof DISCOUNT_REFUSALS)[number];

/** Where the tracking number goes in a courier's tracking link. */
export const TRACKING_PLACEHOLDER = '{tracking}';
