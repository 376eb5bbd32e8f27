import { z } from 'zod';
import { AUDIT_PAGE_SIZE, CAPABILITIES, MAX_ID, STAFF_FIRST_FACTORS, STAFF_LIMITS, STAFF_ROLES, STAFF_SECOND_FACTORS } from './constants.ts';
import { NewPassword, Password } from './auth.ts';

/**
 * Requests and responses of the back office's staff calls (/api/admin): sign-in with an optional
 * second factor, the member's own two-factor enrolment, the staff list and invitations, the
 * store's security setting and the audit log.
 */

export const StaffRoleEnum = z.enum(STAFF_ROLES);
export const CapabilityEnum = z.enum(CAPABILITIES);

const StaffEmail = z.string({ error: 'Enter the email address.' }).trim().max(STAFF_LIMITS.email, `At most ${STAFF_LIMITS.email} characters.`)
  .pipe(z.email('Enter a valid email address.')).transform((e) => e.toLowerCase());
const StaffName = z.string({ error: 'Enter the name.' }).trim().min(1, 'Enter the name.').max(STAFF_LIMITS.name, `At most ${STAFF_LIMITS.name} characters.`);
/** A six-digit authenticator code or a recovery code. */
const SecondFactorCode = z.string({ error: 'Enter the code.' }).trim().min(1, 'Enter the code.').max(STAFF_LIMITS.recoveryCode, 'This code is not valid.');

export const StaffMember = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: StaffRoleEnum,
});
export type StaffMember = z.infer<typeof StaffMember>;

export const StaffSignedIn = z.object({ token: z.string(), staff: StaffMember });
export type StaffSignedIn = z.infer<typeof StaffSignedIn>;

/** `code`: an authenticator or recovery code, needed alongside the password while the password path is locked (429 `password_locked`). */
export const AdminLoginBody = z.object({ email: StaffEmail, password: Password, code: SecondFactorCode.optional() });
export type AdminLoginBody = z.infer<typeof AdminLoginBody>;
/** Signed in, or (two-factor on) a challenge to answer with a code at /api/admin/login/totp. */
export const AdminLoginResponse = z.union([StaffSignedIn, z.object({ challenge: z.string() })]);
export type AdminLoginResponse = z.infer<typeof AdminLoginResponse>;

export const AdminLoginTotpBody = z.object({
  challenge: z.string({ error: 'Sign in again.' }).min(1, 'Sign in again.').max(STAFF_LIMITS.challenge, 'Sign in again.'),
  code: SecondFactorCode,
});
export type AdminLoginTotpBody = z.infer<typeof AdminLoginTotpBody>;

/** Signing in with a code sent to the member's email (no password): answers a challenge for the code. */
export const AdminLoginEmailBody = z.object({ email: StaffEmail });
export type AdminLoginEmailBody = z.infer<typeof AdminLoginEmailBody>;
export const AdminLoginChallenge = z.object({ challenge: z.string() });
export const AdminLoginEmailVerifyBody = z.object({
  challenge: z.string({ error: 'Sign in again.' }).min(1, 'Sign in again.').max(STAFF_LIMITS.challenge, 'Sign in again.'),
  code: z.string({ error: 'Enter the code.' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code from the email.'),
});
export type AdminLoginEmailVerifyBody = z.infer<typeof AdminLoginEmailVerifyBody>;

/** A forgotten password: the emailed code of /admin/password/forgot's challenge, and the new password. */
export const AdminPasswordResetBody = AdminLoginEmailVerifyBody.extend({
  password: NewPassword,
  password_confirmation: z.string({ error: 'Confirm the password.' }).max(1024),
}).superRefine((body, ctx) => {
  if (body.password !== body.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'The password confirmation does not match.' });
  }
});
export type AdminPasswordResetBody = z.infer<typeof AdminPasswordResetBody>;

/** What a sign-in proved first, and second (with two-factor on). */
export const StaffFirstFactorEnum = z.enum(STAFF_FIRST_FACTORS);
export const StaffSecondFactorEnum = z.enum(STAFF_SECOND_FACTORS);

/** This sign-in: how it was made, and what it may do about two-factor. */
export const AdminSessionState = z.object({
  first_factor: StaffFirstFactorEnum,
  second_factor: StaffSecondFactorEnum.nullable(),
  /** Two-factor may be turned on from here: always, except while the store requires it and this sign-in proved only the password. */
  may_enrol: z.boolean(),
  /** When it ends whatever its use (STAFF_SESSION_DAYS after it began). */
  expires_at: z.string(),
});

export const AdminMeResponse = z.object({
  staff: StaffMember.extend({ two_factor_enabled: z.boolean() }),
  /** The store: its name, whether it requires two-factor, and the time zone its days are kept in (dates are shown in it). */
  store: z.object({ name: z.string(), two_factor_required: z.boolean(), time_zone: z.string() }),
  /** What this member's role may do (constants.ts ROLE_CAPABILITIES). */
  capabilities: z.array(CapabilityEnum),
  /** The store requires two-factor and this member has not enrolled: only their own calls work until they do. */
  two_factor_setup_required: z.boolean(),
  /** The store requires two-factor, the member has it, but this sign-in did not use it: sign in again with the code. */
  two_factor_sign_in_required: z.boolean(),
  session: AdminSessionState,
});
export type AdminMeResponse = z.infer<typeof AdminMeResponse>;

export const TotpEnrolmentResponse = z.object({
  /** The base32 secret, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a QR code: an SVG image in a data URL. */
  qr_code: z.string(),
});
export type TotpEnrolmentResponse = z.infer<typeof TotpEnrolmentResponse>;

export const TotpCodeBody = z.object({ code: SecondFactorCode });
export type TotpCodeBody = z.infer<typeof TotpCodeBody>;
export const RecoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;
/** Turning two-factor off takes the password and a current authenticator code or an unused recovery code. */
export const TotpDisableBody = z.object({ password: Password, code: SecondFactorCode });
export const ChangePasswordBody = z.object({
  current_password: Password,
  password: NewPassword,
  password_confirmation: z.string({ error: 'Confirm the password.' }).max(1024),
}).superRefine((body, ctx) => {
  if (body.password !== body.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'The password confirmation does not match.' });
  }
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** One back-office sign-in of a member, as the sessions lists show it. */
export const StaffSession = z.object({
  id: z.number(),
  first_factor: StaffFirstFactorEnum,
  second_factor: StaffSecondFactorEnum.nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The client's address at the latest use recorded. */
  ip: z.string().nullable(),
  /** The browser and system, read from its User-Agent ("Chrome 120 on Windows"); null when it sent none. */
  device: z.string().nullable(),
  /** The sign-in this list was asked from. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof StaffSession>;
export const StaffSessionsResponse = z.object({ sessions: z.array(StaffSession) });
export type StaffSessionsResponse = z.infer<typeof StaffSessionsResponse>;
export const SessionIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
export const StaffSessionParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID), sessionId: z.coerce.number().int().positive().max(MAX_ID) });
export const EndedSessionsResponse = z.object({ message: z.string(), ended: z.number() });
export type EndedSessionsResponse = z.infer<typeof EndedSessionsResponse>;

/** A member whose sign-in is being attacked: refused sign-ins in the last window, and whether the password path is locked. */
export const SignInAlert = z.object({
  staff: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  refusals: z.number(),
  /** Distinct client addresses the refusals came from. */
  addresses: z.number(),
  last_refused_at: z.string(),
  password_locked: z.boolean(),
});
export type SignInAlert = z.infer<typeof SignInAlert>;
export const SignInAlertsResponse = z.object({ alerts: z.array(SignInAlert), window_hours: z.number() });
export type SignInAlertsResponse = z.infer<typeof SignInAlertsResponse>;
export type TotpDisableBody = z.infer<typeof TotpDisableBody>;

export const StaffListEntry = StaffMember.extend({
  status: z.enum(['invited', 'active']),
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
});
export const StaffListResponse = z.object({ staff: z.array(StaffListEntry) });
export type StaffListResponse = z.infer<typeof StaffListResponse>;

export const StaffInviteBody = z.object({ email: StaffEmail, name: StaffName, role: StaffRoleEnum });
export type StaffInviteBody = z.infer<typeof StaffInviteBody>;
export const StaffInviteResponse = z.object({ staff: StaffListEntry, expires_at: z.string() });
export type StaffInviteResponse = z.infer<typeof StaffInviteResponse>;

export const StaffIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
export const StaffRoleBody = z.object({ role: StaffRoleEnum });
export type StaffRoleBody = z.infer<typeof StaffRoleBody>;
export const StaffEntryResponse = z.object({ staff: StaffListEntry });

const InviteToken = z.string({ error: 'This invitation link is not valid.' }).min(1, 'This invitation link is not valid.')
  .max(STAFF_LIMITS.inviteToken, 'This invitation link is not valid.');
export const InvitationBody = z.object({ token: InviteToken });
export const InvitationResponse = z.object({ name: z.string(), email: z.string(), role: StaffRoleEnum, store: z.string() });
export type InvitationResponse = z.infer<typeof InvitationResponse>;
export const AcceptInvitationBody = z.object({
  token: InviteToken,
  password: NewPassword,
  password_confirmation: z.string({ error: 'Confirm the password.' }).max(1024),
  name: StaffName.optional(),
}).superRefine((body, ctx) => {
  if (body.password !== body.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'The password confirmation does not match.' });
  }
});
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

export const SecuritySettings = z.object({ two_factor_required: z.boolean() });
export type SecuritySettings = z.infer<typeof SecuritySettings>;

export const AuditQuery = z.object({
  staff_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  object_type: z.string().max(50).optional(),
  object_id: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
export const AuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  staff: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })),
  /** The client's address (null for the system's own work and entries older than addresses). */
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditResponse = z.object({
  entries: z.array(AuditEntry),
  page: z.number(),
  per_page: z.literal(AUDIT_PAGE_SIZE),
  total: z.number(),
});
export type AuditResponse = z.infer<typeof AuditResponse>;
