import { sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, foreignKey, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shopKey } from './keys.ts';
import { stores } from './stores.ts';

const storeRef = () => integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' });

/**
 * Accounts are per store: the same email may hold separate accounts in two shops. Within a store
 * only a verified email or phone is unique: an unverified one (a registration never finished) is a
 * claim that neither signs in nor blocks the real owner, who takes it over by verifying it.
 */
export const customers = pgTable('customers', {
  id: serial('id'),
  storeId: storeRef(),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
  phoneCountryCodeId: integer('phone_country_code_id').notNull().default(99),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  /** A new email or phone from the profile, waiting for its code; email and phone change only once it is verified. */
  pendingEmail: text('pending_email'),
  pendingPhone: text('pending_phone'),
  pendingPhoneCountryCodeId: integer('pending_phone_country_code_id'),
  dateOfBirth: date('date_of_birth'),
  gender: text('gender'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set by staff: the account cannot sign in or order (its tokens were revoked when it was set). */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  /** Staff's note of why, shown only in the back office. */
  blockedReason: text('blocked_reason').notNull().default(''),
}, (t) => [
  shopKey(t),
  uniqueIndex('customers_store_email').on(t.storeId, t.email).where(sql`${t.emailVerifiedAt} is not null`),
  uniqueIndex('customers_store_phone').on(t.storeId, t.phone).where(sql`${t.phoneVerifiedAt} is not null`),
  index('customers_store_email_claims').on(t.storeId, t.email),
  index('customers_store_phone_claims').on(t.storeId, t.phone),
]);

/** Opaque bearer tokens, stored as SHA-256 hashes. */
export const authTokens = pgTable('auth_tokens', {
  id: serial('id'),
  storeId: storeRef(),
  customerId: integer('customer_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'auth_tokens_customer_fk', columns: [t.storeId, t.customerId], foreignColumns: [customers.storeId, customers.id] }).onDelete('cascade'),
  uniqueIndex('auth_tokens_hash').on(t.tokenHash, t.storeId),
  index('auth_tokens_customer').on(t.customerId),
]);

/** `change`: confirms a new email or phone from the profile. */
export const otpPurpose = pgEnum('otp_purpose', ['login', 'register', 'reset', 'change']);
export const otpChannel = pgEnum('otp_channel', ['sms', 'voice', 'email']);

/**
 * One-time passwords. The code is stored hashed. `reg_id` is the API's regId: random, so holding
 * one proves the caller started that flow. A decoy (no customer) answers a request for an unknown
 * account exactly like a real code does, but is never sent and never accepted.
 */
export const otpCodes = pgTable('otp_codes', {
  id: serial('id'),
  regId: bigint('reg_id', { mode: 'number' }).notNull(),
  storeId: storeRef(),
  customerId: integer('customer_id'),
  /** The userId a decoy was handed out with (null for real codes, whose userId is customer_id). */
  decoyUserId: integer('decoy_user_id'),
  purpose: otpPurpose('purpose').notNull(),
  /** The email or phone the code was sent to. */
  recipient: text('recipient').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  // A decoy has no customer: a null customer_id is not checked.
  foreignKey({ name: 'otp_codes_customer_fk', columns: [t.storeId, t.customerId], foreignColumns: [customers.storeId, customers.id] }).onDelete('cascade'),
  index('otp_codes_customer').on(t.storeId, t.customerId, t.purpose),
  uniqueIndex('otp_codes_reg_id').on(t.regId, t.storeId),
]);

/** Single-use token that lets a verified reset set a new password. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id'),
  storeId: storeRef(),
  customerId: integer('customer_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'password_reset_tokens_customer_fk', columns: [t.storeId, t.customerId], foreignColumns: [customers.storeId, customers.id] }).onDelete('cascade'),
  uniqueIndex('password_reset_tokens_hash').on(t.tokenHash, t.storeId),
]);

/**
 * Rate limits as token buckets (lib/rate-limit.ts), shared by every replica: one row per limited
 * key, holding the moment (epoch milliseconds) the bucket is full again. A row in the past is an
 * idle key and may be deleted.
 */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  fullAtMs: doublePrecision('full_at_ms').notNull(),
});

export const messageChannel = pgEnum('message_channel', ['sms', 'voice', 'email']);

/** Every outgoing message; the `outbox` sender stops here, the others also deliver. */
export const outboxMessages = pgTable('outbox_messages', {
  id: serial('id'),
  storeId: storeRef(),
  to: text('to').notNull(),
  channel: messageChannel('channel').notNull(),
  purpose: text('purpose').notNull(),
  /** Kept only by the outbox sender in non-production mode, so the demo can be used without SMS. */
  code: text('code'),
  subject: text('subject').notNull().default(''),
  text: text('text').notNull(),
  /** The HTML body of an email that has one (order messages); the plain text is always there too. */
  html: text('html'),
  /**
   * One message per event and channel (`order-event:12:email`): a step retried finds its message
   * written and sends nothing twice. Null for messages that may repeat (one-time codes).
   */
  dedupeKey: text('dedupe_key'),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  index('outbox_messages_to').on(t.to, t.createdAt.desc()),
  uniqueIndex('outbox_messages_dedupe').on(t.dedupeKey, t.storeId),
]);

export const addresses = pgTable('addresses', {
  id: serial('id'),
  storeId: storeRef(),
  customerId: integer('customer_id').notNull(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  locality: text('locality').notNull(),
  landmark: text('landmark').notNull(),
  pincode: text('pincode').notNull(),
  label: text('label').notNull(),
  /** ISO codes from the country-state-city data set. */
  countryCode: text('country_code').notNull(),
  stateCode: text('state_code').notNull(),
  cityName: text('city_name').notNull(),
  /** 1 = primary, 2 = other (the storefront API's address_type_id). */
  addressTypeId: integer('address_type_id').notNull().default(2),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'addresses_customer_fk', columns: [t.storeId, t.customerId], foreignColumns: [customers.storeId, customers.id] }).onDelete('cascade'),
  index('addresses_customer').on(t.storeId, t.customerId),
]);

export const cartLines = pgTable('cart_lines', {
  id: serial('id'),
  storeId: storeRef(),
  customerId: integer('customer_id').notNull(),
  itemId: integer('item_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'cart_lines_customer_fk', columns: [t.storeId, t.customerId], foreignColumns: [customers.storeId, customers.id] }).onDelete('cascade'),
  uniqueIndex('cart_lines_customer_item').on(t.customerId, t.itemId, t.storeId),
]);

/** Stones a customer keeps an eye on (the wishlist), per store like the account; newest first. */
export const wishlistItems = pgTable('wishlist_items', {
  id: serial('id'),
  storeId: storeRef(),
  customerId: integer('customer_id').notNull(),
  itemId: integer('item_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'wishlist_items_customer_fk', columns: [t.storeId, t.customerId], foreignColumns: [customers.storeId, customers.id] }).onDelete('cascade'),
  uniqueIndex('wishlist_items_customer_item').on(t.customerId, t.itemId, t.storeId),
]);

