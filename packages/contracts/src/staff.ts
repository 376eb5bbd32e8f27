import { z } from 'zod';
import { AUDIT_PAGE_SIZE, CAPABILITIES, MAX_ID, STAFF_LIMITS, STAFF_ROLES } from './constants.ts';
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

export const AdminLoginBody = z.object({ email: StaffEmail, password: Password });
export type AdminLoginBody = z.infer<typeof AdminLoginBody>;
/** Signed in, or (two-factor on) a challenge to answer with a code at /api/admin/login/totp. */
export const AdminLoginResponse = z.union([StaffSignedIn, z.object({ challenge: z.string() })]);
export type AdminLoginResponse = z.infer<typeof AdminLoginResponse>;

export const AdminLoginTotpBody = z.object({
  challenge: z.string({ error: 'Sign in again.' }).min(1, 'Sign in again.').max(STAFF_LIMITS.challenge, 'Sign in again.'),
  code: SecondFactorCode,
});
export type AdminLoginTotpBody = z.infer<typeof AdminLoginTotpBody>;

export const AdminMeResponse = z.object({
  staff: StaffMember.extend({ two_factor_enabled: z.boolean() }),
  store: z.object({ name: z.string(), two_factor_required: z.boolean() }),
  /** What this member's role may do (constants.ts ROLE_CAPABILITIES). */
  capabilities: z.array(CapabilityEnum),
  /** The store requires two-factor and this member has not enrolled: only their own calls work until they do. */
  two_factor_setup_required: z.boolean(),
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
export const TotpDisableBody = z.object({ password: Password });
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
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditResponse = z.object({
  entries: z.array(AuditEntry),
  page: z.number(),
  per_page: z.literal(AUDIT_PAGE_SIZE),
  total: z.number(),
});
export type AuditResponse = z.infer<typeof AuditResponse>;
