import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shopKey } from './keys.ts';
import { stores } from './stores.ts';

const storeRef = () => integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' });

export const staffRole = pgEnum('staff_role', ['owner', 'manager', 'assistant']);
export const staffStatus = pgEnum('staff_status', ['invited', 'active', 'removed']);
/** What a sign-in proved first: the password, a code sent to the member's email, or an owner's invitation (set the password). */
export const staffFirstFactor = pgEnum('staff_first_factor', ['password', 'email_code', 'invitation']);
/** What it proved second, when two-factor is on: an authenticator code or a recovery code. */
export const staffSecondFactor = pgEnum('staff_second_factor', ['totp', 'recovery_code']);

/**
 * The seller's staff, per store and apart from customers. An email holds one live account per
 * store (a removed member's row stays for the audit log and frees the email). The password is
 * null until an invitation is accepted; the TOTP secret is stored encrypted and never answered.
 */
export const staff = pgTable('staff', {
  id: serial('id'),
  storeId: storeRef(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  role: staffRole('role').notNull(),
  status: staffStatus('status').notNull(),
  /** AES-256-GCM of the base32 secret (iv.tag.ciphertext, base64url); set at enrolment start, live once `totp_enabled`. */
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  /** The time step of the last TOTP code accepted: a code of that step or an earlier one is refused (no replay). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  uniqueIndex('staff_store_email').on(t.storeId, t.email).where(sql`${t.status} <> 'removed'`),
  index('staff_store').on(t.storeId),
]);

/** Single-use recovery codes of a member's two-factor sign-in, stored as SHA-256 hashes. */
export const staffRecoveryCodes = pgTable('staff_recovery_codes', {
  id: serial('id'),
  storeId: storeRef(),
  staffId: integer('staff_id').notNull(),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [shopKey(t), foreignKey({ name: 'staff_recovery_codes_staff_fk', columns: [t.storeId, t.staffId], foreignColumns: [staff.storeId, staff.id] }).onDelete('cascade'), index('staff_recovery_codes_staff').on(t.staffId)]);

/**
 * Back-office sign-ins (sessions): bearer tokens, opaque, stored as SHA-256 hashes, apart from
 * customers' tokens. Each keeps how it signed in, judged on every call (a password-only sign-in
 * stays one when the member turns two-factor on elsewhere), and where and with what it was last used.
 */
export const staffTokens = pgTable('staff_tokens', {
  id: serial('id'),
  storeId: storeRef(),
  staffId: integer('staff_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  firstFactor: staffFirstFactor('first_factor').notNull().default('password'),
  secondFactor: staffSecondFactor('second_factor'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  /** The client's address at sign-in, then at the latest use recorded (as the rate limits see it). */
  ip: text('ip'),
  /** The User-Agent header at sign-in (at most 512 characters), shown as a device name. */
  userAgent: text('user_agent'),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'staff_tokens_staff_fk', columns: [t.storeId, t.staffId], foreignColumns: [staff.storeId, staff.id] }).onDelete('cascade'),
  uniqueIndex('staff_tokens_hash').on(t.tokenHash, t.storeId),
  index('staff_tokens_staff').on(t.staffId),
]);

/**
 * A sign-in under way: the password was right and an authenticator code must follow, or a code
 * was emailed and must be typed (then, with two-factor on, an authenticator code too).
 */
export const staffLoginChallenges = pgTable('staff_login_challenges', {
  id: serial('id'),
  storeId: storeRef(),
  staffId: integer('staff_id').notNull(),
  challengeHash: text('challenge_hash').notNull(),
  /** What the sign-in proved so far: the password, or a code sent by email. */
  firstFactor: staffFirstFactor('first_factor').notNull().default('password'),
  /** An emailed code still to be typed (HMAC under the OTP pepper); null once proved, or for a password sign-in. */
  emailCodeHash: text('email_code_hash'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'staff_login_challenges_staff_fk', columns: [t.storeId, t.staffId], foreignColumns: [staff.storeId, staff.id] }).onDelete('cascade'),
  uniqueIndex('staff_login_challenges_hash').on(t.challengeHash, t.storeId),
]);

/** An invitation to join a store's staff: a single-use link that sets the password. */
export const staffInvitations = pgTable('staff_invitations', {
  id: serial('id'),
  storeId: storeRef(),
  staffId: integer('staff_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'staff_invitations_staff_fk', columns: [t.storeId, t.staffId], foreignColumns: [staff.storeId, staff.id] }).onDelete('cascade'),
  uniqueIndex('staff_invitations_hash').on(t.tokenHash, t.storeId),
  index('staff_invitations_staff').on(t.staffId),
]);

/** A change's fields: each with its value before and after (null where there was none). */
export type AuditChanges = Record<string, { old: unknown; new: unknown }>;

/**
 * Every write made by staff: who, when, what, on which object, and the fields it changed. Written
 * in the transaction of the write itself (modules/audit), so a write and its record stand or fall together.
 */
export const auditLog = pgTable('audit_log', {
  id: serial('id'),
  storeId: storeRef(),
  /** Null for the operator's scripts (the system). */
  staffId: integer('staff_id'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  action: text('action').notNull(),
  objectType: text('object_type').notNull(),
  objectId: text('object_id').notNull(),
  changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
  /** The client's address as the rate limits see it (TRUSTED_PROXIES); null for the system's own work. */
  ip: text('ip'),
}, (t) => [
  shopKey(t),
  // Only staff_id is emptied (the migration writes SET NULL's column list, which Drizzle cannot).
  foreignKey({ name: 'audit_log_staff_fk', columns: [t.storeId, t.staffId], foreignColumns: [staff.storeId, staff.id] }).onDelete('set null'),
  index('audit_log_store_at').on(t.storeId, t.id.desc()),
  index('audit_log_store_staff').on(t.storeId, t.staffId, t.id.desc()),
  index('audit_log_store_object').on(t.storeId, t.objectType, t.objectId, t.id.desc()),
  // The owners' sign-in alerts count recent refusals by action.
  index('audit_log_store_action_at').on(t.storeId, t.action, t.at),
]);
