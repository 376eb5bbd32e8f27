import { z } from 'zod';
import { AUTH_LIMITS, DEFAULT_COUNTRY_CODE_ID, GENDERS, PASSWORD_HINT, PASSWORD_MIN_LENGTH, REG_ID_MAX } from './constants.ts';

/**
 * Requests and responses of the Auth calls, with the storefront API's field names (kept as they are,
 * docs/architecture.md) and its input limits. Field errors come back as a 422 ValidationErrorBody keyed by
 * these names (phone, password, name, email, otp, phoneOtp, emailOtp, password_confirmation ...).
 */

/** Values that arrive from query strings ('', 'null', 'undefined') mean "absent". */
function blankToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const v = value.trim();
    return v === '' || v === 'null' || v === 'undefined' ? undefined : v;
  }
  return value;
}

/** true/false also as the strings 'true', 'false', '1', '0' (the web passes them through query strings). */
export const BooleanLike = z.preprocess((v) => {
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true' || s === '1') return true;
    if (s === 'false' || s === '0' || s === '') return false;
  }
  if (typeof v === 'number') return v === 1;
  return v;
}, z.boolean());

/** Ids are PostgreSQL integers: a larger number must fail validation, not the query. */
const Id = (label: string, max = 2_147_483_647) => z.coerce.number({ error: `${label} is missing.` }).int(`${label} is invalid.`)
  .positive(`${label} is invalid.`).max(max, `${label} is invalid.`);
export const UserId = Id('The account');
export const RegId = Id('The code reference', REG_ID_MAX);
const OptionalRegId = z.preprocess(blankToUndefined, RegId.optional());

/** An email or a mobile number (the API's `phone` field of login and forgot-password). */
export const Identifier = z.string({ error: 'Enter your email or mobile number.' }).trim()
  .min(1, 'Enter your email or mobile number.')
  .max(AUTH_LIMITS.identifier, `At most ${AUTH_LIMITS.identifier} characters.`);

export const Password = z.string({ error: 'Enter your password.' })
  .min(1, 'Enter your password.').max(AUTH_LIMITS.password, `At most ${AUTH_LIMITS.password} characters.`);
export const NewPassword = z.string({ error: PASSWORD_HINT })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_HINT).max(AUTH_LIMITS.password, `At most ${AUTH_LIMITS.password} characters.`);
export const OtpCode = z.string({ error: 'Enter the code.' }).trim()
  .min(1, 'Enter the code.').max(AUTH_LIMITS.otp, `At most ${AUTH_LIMITS.otp} characters.`);
const OptionalOtpCode = z.preprocess(blankToUndefined, OtpCode.optional());

export const Name = z.string({ error: 'Enter your name.' }).trim()
  .min(1, 'Enter your name.').max(AUTH_LIMITS.name, `At most ${AUTH_LIMITS.name} characters.`);
/** Optional email: '' and null mean none. */
export const OptionalEmail = z.preprocess(blankToUndefined, z.string().max(AUTH_LIMITS.email, `At most ${AUTH_LIMITS.email} characters.`)
  .pipe(z.email('Enter a valid email address.')).transform((e) => e.toLowerCase()).optional());
/** Optional mobile number: digits with optional spaces, dashes, dots or brackets; '' and null mean none. */
export const OptionalPhone = z.preprocess(blankToUndefined, z.string().max(AUTH_LIMITS.phone, `At most ${AUTH_LIMITS.phone} characters.`)
  .transform((p) => p.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\d{6,15}$/, 'Enter a valid mobile number.')).optional());
export const CountryCodeId = z.preprocess(blankToUndefined, z.coerce.number().int('Choose a country code.')
  .positive('Choose a country code.').max(100000, 'Choose a country code.').default(DEFAULT_COUNTRY_CODE_ID));

function passwordsMatch<T extends { password: string; password_confirmation: string }>(body: T, ctx: z.RefinementCtx): void {
  if (body.password !== body.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'The password confirmation does not match.' });
  }
}

// ---------- The user ----------

export const User = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phone_country_code_id: z.number(),
  /** YYYY-MM-DD. */
  date_of_birth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
});
export type User = z.infer<typeof User>;

/** Answer of every successful sign-in (password, login OTP, register OTP). */
export const TokenResponse = z.object({ token: z.string(), user: User });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const AuthUserResponse = z.object({ user: User });
export type AuthUserResponse = z.infer<typeof AuthUserResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/**
 * The account exists but no email or phone is verified yet: codes were sent, go to RegisterOtp.
 * phone and email are where they went: as typed when the caller typed them in this call (register),
 * otherwise masked (`98******10`, `d***@gemstore.test`).
 */
export const VerificationRequiredResponse = z.object({
  userId: z.number(),
  /** The code sent to the mobile number (null when the account has none). */
  regIdPhone: z.number().nullable(),
  /** The code sent to the email (null when the account has none). */
  regIdEmail: z.number().nullable(),
  isPhone: z.boolean(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type VerificationRequiredResponse = z.infer<typeof VerificationRequiredResponse>;

// ---------- Login ----------

export const LoginBody = z.object({ phone: Identifier });
export type LoginBody = z.infer<typeof LoginBody>;
export const LoginResponse = z.object({ userId: z.number(), is_phone: z.boolean(), phone: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const LoginPasswordSubmitBody = z.object({
  userId: UserId,
  password: Password,
  phone: z.preprocess(blankToUndefined, Identifier.optional()),
  isPhone: BooleanLike.optional(),
});
export type LoginPasswordSubmitBody = z.infer<typeof LoginPasswordSubmitBody>;
/** Either signed in, or the account still needs verification. */
export const LoginPasswordSubmitResponse = z.union([TokenResponse, VerificationRequiredResponse]);
export type LoginPasswordSubmitResponse = z.infer<typeof LoginPasswordSubmitResponse>;

/**
 * `phone` is the email or mobile number the shopper typed at Login: the code goes to it, and only
 * when it is a verified identifier of account `userId` (any other pair gets the same answer, and
 * nothing is sent). `isPhone` is accepted as clients send it; the kind of `phone` decides.
 */
export const LoginSendOtpBody = z.object({
  userId: UserId,
  phone: Identifier,
  isPhone: BooleanLike.optional(),
});
export type LoginSendOtpBody = z.infer<typeof LoginSendOtpBody>;

/** A code was sent: regId names it; phone is where it went, masked (`98******10`, `d***@gemstore.test`). */
export const OtpSentResponse = z.object({ userId: z.number(), regId: z.number(), phone: z.string(), isPhone: z.boolean() });
export type OtpSentResponse = z.infer<typeof OtpSentResponse>;

export const LoginOtpVerifyBody = z.object({
  userId: UserId,
  regId: RegId,
  otp: OtpCode,
  isPhone: BooleanLike.optional(),
  phone: z.preprocess(blankToUndefined, Identifier.optional()),
});
export type LoginOtpVerifyBody = z.infer<typeof LoginOtpVerifyBody>;

/** login-voice-otp, login-resend-otp, register-voice-otp, register-resend-otp, forgot-password-voice-otp, forgot-password-resend-otp. */
export const OtpResendBody = z.object({ userId: UserId, regId: RegId });
export type OtpResendBody = z.infer<typeof OtpResendBody>;

// ---------- Registration ----------

export const RegisterBody = z.object({
  name: Name,
  country_code: CountryCodeId,
  phone: OptionalPhone,
  email: OptionalEmail,
  password: NewPassword,
  password_confirmation: z.string({ error: 'Confirm your password.' }).max(AUTH_LIMITS.password),
}).superRefine(passwordsMatch);
export type RegisterBody = z.infer<typeof RegisterBody>;
export type RegisterInput = z.input<typeof RegisterBody>;
export const RegisterResponse = VerificationRequiredResponse;
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const RegisterOtpVerifyBody = z.object({
  userId: UserId,
  regIdEmail: OptionalRegId,
  regIdPhone: OptionalRegId,
  phoneOtp: OptionalOtpCode,
  emailOtp: OptionalOtpCode,
  isPhone: BooleanLike.optional(),
});
export type RegisterOtpVerifyBody = z.infer<typeof RegisterOtpVerifyBody>;

// ---------- Password reset ----------

export const ForgotPasswordSendOtpBody = z.object({ phone: Identifier });
export type ForgotPasswordSendOtpBody = z.infer<typeof ForgotPasswordSendOtpBody>;
/** The API's other call: the same flow with the identifier in `email`. */
export const ForgotPasswordBody = z.object({ email: Identifier });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;
/**
 * The same answer whether or not an account uses the identifier (a code is sent only when one
 * does); phone is the identifier masked.
 */
export const ForgotPasswordSendOtpResponse = z.object({ userId: z.number(), is_phone: z.boolean(), phone: z.string(), regId: z.number() });
export type ForgotPasswordSendOtpResponse = z.infer<typeof ForgotPasswordSendOtpResponse>;

export const ForgotPasswordOtpSubmitBody = z.object({ userId: UserId, regId: RegId, otp: OtpCode });
export type ForgotPasswordOtpSubmitBody = z.infer<typeof ForgotPasswordOtpSubmitBody>;
/** verification_token is single use and expires (default 30 minutes). */
export const ForgotPasswordOtpSubmitResponse = z.object({ userId: z.number(), verification_token: z.string() });
export type ForgotPasswordOtpSubmitResponse = z.infer<typeof ForgotPasswordOtpSubmitResponse>;

export const SubmitNewPasswordBody = z.object({
  password: NewPassword,
  password_confirmation: z.string({ error: 'Confirm your password.' }).max(AUTH_LIMITS.password),
  userId: UserId,
  verification_token: z.string({ error: 'The reset has expired. Please start again.' }).min(1, 'The reset has expired. Please start again.').max(200),
  isPhone: BooleanLike.optional(),
}).superRefine(passwordsMatch);
export type SubmitNewPasswordBody = z.infer<typeof SubmitNewPasswordBody>;

// ---------- Profile ----------

const DateOfBirth = z.preprocess(blankToUndefined, z.string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && s >= '1900-01-01' && d.getTime() <= Date.now();
  }, 'Enter a valid date of birth.')
  .optional());

export const UpdateProfileBody = z.object({
  name: Name,
  email: OptionalEmail,
  phone: OptionalPhone,
  phone_country_code_id: CountryCodeId,
  date_of_birth: DateOfBirth,
  gender: z.preprocess(blankToUndefined, z.enum(GENDERS, 'Choose male or female.').optional()),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;
export type UpdateProfileInput = z.input<typeof UpdateProfileBody>;

export const UserUpdateBody = z.object({ name: Name, email: OptionalEmail, phone: OptionalPhone });
export type UserUpdateBody = z.infer<typeof UserUpdateBody>;

/** A new email or mobile number on the profile, waiting for the code sent to it (`to`, as the customer typed it). */
export const PendingIdentifier = z.object({ regId: z.number(), to: z.string(), isPhone: z.boolean() });
export type PendingIdentifier = z.infer<typeof PendingIdentifier>;

/**
 * `user` holds the verified email and phone: a new one replaces them only once its code comes back
 * through verify-profile-identifier; `verify` lists the ones waiting (empty when none).
 */
export const ProfileResponse = z.object({ message: z.string(), user: User, verify: z.array(PendingIdentifier) });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** POST verify-profile-identifier: the code sent to a new email or mobile number of the signed-in customer. */
export const VerifyProfileIdentifierBody = z.object({ regId: RegId, otp: OtpCode });
export type VerifyProfileIdentifierBody = z.infer<typeof VerifyProfileIdentifierBody>;

/** POST profile-resend-otp and profile-voice-otp: a new code for a pending email or mobile number. */
export const ProfileCodeResendBody = z.object({ regId: RegId });
export type ProfileCodeResendBody = z.infer<typeof ProfileCodeResendBody>;

export const CustomerUpdatePasswordBody = z.object({
  currentPassword: Password,
  newPassword: NewPassword,
  retypePassword: z.string({ error: 'Retype the new password.' }).max(AUTH_LIMITS.password),
}).superRefine((b, ctx) => {
  if (b.newPassword !== b.retypePassword) ctx.addIssue({ code: 'custom', path: ['retypePassword'], message: 'The passwords do not match.' });
});
export type CustomerUpdatePasswordBody = z.infer<typeof CustomerUpdatePasswordBody>;

// ---------- Country codes ----------

export const CountryCode = z.object({ id: z.number(), phonecode: z.string(), name: z.string(), iso: z.string() });
export type CountryCode = z.infer<typeof CountryCode>;
export const CountryCodesResponse = z.object({ country_codes: z.array(CountryCode) });
export type CountryCodesResponse = z.infer<typeof CountryCodesResponse>;

// ---------- Dev outbox (not in production) ----------

export const OutboxQuery = z.object({ to: z.preprocess(blankToUndefined, z.string().max(128).optional()) });
export type OutboxQuery = z.infer<typeof OutboxQuery>;
export const OutboxMessage = z.object({
  to: z.string(),
  channel: z.enum(['sms', 'voice', 'email']),
  purpose: z.string(),
  code: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
export const OutboxResponse = z.object({ messages: z.array(OutboxMessage) });
export type OutboxResponse = z.infer<typeof OutboxResponse>;
