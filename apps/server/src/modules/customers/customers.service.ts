import type {
  AuthUserResponse, CountryCodesResponse, CustomerUpdatePasswordBody, MessageResponse, OtpSentResponse, PendingIdentifier, ProfileResponse,
  UpdateProfileBody, User, UserUpdateBody, VerifyProfileIdentifierBody,
} from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { RequestContext, Store } from '../../lib/context.ts';
import { UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/secrets.ts';
import { checkCode, resendCode } from '../auth/auth.codes.ts';
import { assertAccountNotLocked, recordAccountFailure, reserveCodeSends } from '../auth/auth.limits.ts';
import { revokeCustomerTokens } from '../auth/auth.repo.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { findLiveOtp, issueOtp, type OtpTarget, type ServiceDeps } from '../notifications/notifications.service.ts';
import { COUNTRY_CODES, dialPrefix, findCountryCode } from './country-codes.ts';
import * as repo from './customers.repo.ts';
import type { CustomerRow, IdentifierKind } from './customers.repo.ts';

export function toUser(c: CustomerRow): User {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    phone_country_code_id: c.phoneCountryCodeId,
    date_of_birth: c.dateOfBirth,
    gender: c.gender === 'male' || c.gender === 'female' ? c.gender : null,
  };
}

export function isVerified(c: CustomerRow): boolean {
  return Boolean(c.emailVerifiedAt || c.phoneVerifiedAt);
}

/** Spec section 5: the mobile number is required by stores from India, the email by the others. */
export function identifierErrors(store: Store, input: { email?: string; phone?: string }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (store.isFromIndia && !input.phone) errors.phone = ['Enter your mobile number.'];
  if (!store.isFromIndia && !input.email) errors.email = ['Enter your email address.'];
  return errors;
}

/**
 * 422 on the field whose email or phone another account of this store has verified. An unverified
 * claim (a registration never finished, a pending change) blocks nobody: whoever verifies first owns it.
 */
export async function assertIdentifiersFree(
  db: Database, storeId: number, input: { email?: string; phone?: string }, exceptCustomerId?: number,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.email) {
    const other = await repo.findCustomerByVerifiedIdentifier(db, storeId, 'email', input.email);
    if (other && other.id !== exceptCustomerId) errors.email = ['This email is already registered.'];
  }
  if (input.phone) {
    const other = await repo.findCustomerByVerifiedIdentifier(db, storeId, 'phone', input.phone);
    if (other && other.id !== exceptCustomerId) errors.phone = ['This mobile number is already registered.'];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** A unique-index failure (two requests racing for one email or phone) as the same 422. */
export function rethrowDuplicate(err: unknown): never {
  const field = duplicateFieldMessage(err);
  if (field) throw ValidationError.field(field[0], field[1]);
  throw err;
}

function duplicateFieldMessage(err: unknown): [string, string] | undefined {
  const field = repo.duplicateField(err);
  return field ? [field, ALREADY_REGISTERED[field]] : undefined;
}

const ALREADY_REGISTERED: Record<IdentifierKind, string> = {
  email: 'This email is already registered.',
  phone: 'This mobile number is already registered.',
};

/**
 * A used code proves the customer holds `value`: it becomes the account's verified email or phone
 * (with `phoneCountryCodeId` for a new number), and every other account of the store loses its
 * unverified claim on it. 422 on `field` when another account verified it first.
 */
export async function verifyIdentifier(
  db: Database, ctx: RequestContext, customer: CustomerRow,
  input: { kind: IdentifierKind; value: string; field: string; phoneCountryCodeId?: number },
): Promise<CustomerRow> {
  const now = new Date();
  const values: Parameters<typeof repo.updateCustomer>[3] = input.kind === 'email'
    ? { email: input.value, emailVerifiedAt: now, ...(customer.pendingEmail === input.value ? { pendingEmail: null } : {}) }
    : {
      phone: input.value, phoneVerifiedAt: now,
      ...(input.phoneCountryCodeId ? { phoneCountryCodeId: input.phoneCountryCodeId } : {}),
      ...(customer.pendingPhone === input.value ? { pendingPhone: null, pendingPhoneCountryCodeId: null } : {}),
    };
  try {
    return await db.transaction(async (tx) => {
      await repo.releaseClaims(tx, ctx.store.id, customer.id, input.kind, input.value);
      const updated = await repo.updateCustomer(tx, ctx.store.id, customer.id, values);
      if (!updated) throw new UnauthorizedError();
      return updated;
    });
  } catch (err) {
    if (repo.duplicateField(err) === input.kind) throw ValidationError.field(input.field, ALREADY_REGISTERED[input.kind]);
    throw err;
  }
}

async function signedInCustomer(db: Database, ctx: RequestContext): Promise<CustomerRow> {
  if (!ctx.customerId) throw new UnauthorizedError();
  const customer = await repo.findCustomerById(db, ctx.store.id, ctx.customerId);
  if (!customer) throw new UnauthorizedError();
  return customer;
}

export async function getAuthUser(db: Database, ctx: RequestContext): Promise<AuthUserResponse> {
  return { user: toUser(await signedInCustomer(db, ctx)) };
}

export function listCountryCodes(): CountryCodesResponse {
  return { country_codes: [...COUNTRY_CODES] };
}

type ProfileInput = { name: string; email?: string; phone?: string; phone_country_code_id?: number; date_of_birth?: string; gender?: 'male' | 'female' };

/**
 * Saves the profile (from update-profile, also the other profile fields). A new email or mobile
 * number does not replace the verified one: it waits on the account with a code sent to it
 * (POST verify-profile-identifier), and until then sign-in and codes keep using the old one.
 * Removing the optional one takes effect at once, as long as a verified one stays.
 */
async function saveProfile(db: Database, ctx: RequestContext, input: ProfileInput, full: boolean, deps: ServiceDeps): Promise<ProfileResponse> {
  const customer = await signedInCustomer(db, ctx);
  const errors = identifierErrors(ctx.store, input);
  if (!input.email && !input.phone) errors.phone ??= ['Enter a mobile number or an email.'];
  if (input.phone_country_code_id !== undefined && !findCountryCode(input.phone_country_code_id)) errors.phone_country_code_id = ['Choose a country code.'];
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const email = input.email ?? null;
  const phone = input.phone ?? null;
  const countryCodeId = full ? (input.phone_country_code_id ?? customer.phoneCountryCodeId) : customer.phoneCountryCodeId;
  const newEmail = email !== null && email !== customer.email ? email : null;
  // The same national number under another country code is another phone.
  const newPhone = phone !== null && (phone !== customer.phone || countryCodeId !== customer.phoneCountryCodeId) ? phone : null;
  await assertIdentifiersFree(db, ctx.store.id, { email: newEmail ?? undefined, phone: newPhone ?? undefined }, customer.id);

  const keepsVerified = (email !== null && Boolean(customer.email && customer.emailVerifiedAt))
    || (phone !== null && Boolean(customer.phone && customer.phoneVerifiedAt));
  if (isVerified(customer) && !keepsVerified) {
    const removed = email === null ? 'email' : 'phone';
    throw ValidationError.field(removed, 'Keep a verified email or mobile number on your account: confirm the new one first, then remove this one.');
  }

  const targets: { kind: IdentifierKind; target: OtpTarget }[] = [];
  if (newEmail) targets.push({ kind: 'email', target: { to: newEmail, channel: 'email' } });
  if (newPhone) targets.push({ kind: 'phone', target: { to: newPhone, channel: 'sms', dialCode: dialPrefix(countryCodeId) } });
  // Limits first: a refused request changes nothing.
  await reserveCodeSends(db, ctx, deps, targets.map((t) => t.target));

  const values: Parameters<typeof repo.updateCustomer>[3] = {
    name: input.name,
    pendingEmail: newEmail,
    pendingPhone: newPhone,
    pendingPhoneCountryCodeId: newPhone ? countryCodeId : null,
    ...(email === null ? { email: null, emailVerifiedAt: null } : {}),
    ...(phone === null ? { phone: null, phoneVerifiedAt: null } : {}),
  };
  if (full) {
    values.dateOfBirth = input.date_of_birth ?? null;
    values.gender = input.gender ?? null;
  }
  const updated = await repo.updateCustomer(db, ctx.store.id, customer.id, values);
  if (!updated) throw new UnauthorizedError();

  const verify: PendingIdentifier[] = [];
  for (const { kind, target } of targets) {
    const regId = await issueOtp(db, ctx, deps, { customerId: customer.id, purpose: 'change', target });
    verify.push({ regId, to: target.to, isPhone: kind === 'phone' });
  }
  const message = verify.length
    ? `Your profile has been updated. Enter the code we sent to confirm your new ${verify.length === 2 ? 'email and mobile number' : verify[0]!.isPhone ? 'mobile number' : 'email'}.`
    : 'Your profile has been updated.';
  return { message, user: toUser(updated), verify };
}

export async function updateProfile(db: Database, ctx: RequestContext, input: UpdateProfileBody, deps: ServiceDeps): Promise<ProfileResponse> {
  return saveProfile(db, ctx, input, true, deps);
}

export async function userUpdate(db: Database, ctx: RequestContext, input: UserUpdateBody, deps: ServiceDeps): Promise<ProfileResponse> {
  return saveProfile(db, ctx, input, false, deps);
}

/** The codes still waiting for the account's pending email and phone. */
async function pendingCodes(db: Database, ctx: RequestContext, customer: CustomerRow): Promise<PendingIdentifier[]> {
  const verify: PendingIdentifier[] = [];
  for (const [to, isPhone] of [[customer.pendingEmail, false], [customer.pendingPhone, true]] as const) {
    if (!to) continue;
    const live = await findLiveOtp(db, ctx, { customerId: customer.id, purpose: 'change', recipient: to });
    if (live) verify.push({ regId: live.regId, to, isPhone });
  }
  return verify;
}

/** POST verify-profile-identifier: the code sent to a new email or phone; right, it replaces the old one. */
export async function verifyProfileIdentifier(
  db: Database, ctx: RequestContext, input: VerifyProfileIdentifierBody, deps: ServiceDeps,
): Promise<ProfileResponse> {
  const customer = await signedInCustomer(db, ctx);
  const row = await checkCode(db, ctx, deps, { userId: customer.id, regId: input.regId, purpose: 'change', code: input.otp, field: 'otp' });
  const kind: IdentifierKind | null = row.recipient === customer.pendingEmail ? 'email' : row.recipient === customer.pendingPhone ? 'phone' : null;
  if (!kind) throw ValidationError.field('otp', 'This change was replaced or cancelled. Please update your profile again.');
  const updated = await verifyIdentifier(db, ctx, customer, {
    kind, value: row.recipient, field: 'otp', phoneCountryCodeId: kind === 'phone' ? customer.pendingPhoneCountryCodeId ?? undefined : undefined,
  });
  return {
    message: kind === 'email' ? 'Your new email is confirmed.' : 'Your new mobile number is confirmed.',
    user: toUser(updated),
    verify: await pendingCodes(db, ctx, updated),
  };
}

/** profile-resend-otp and profile-voice-otp: a new code for a pending email or phone. */
export async function resendProfileCode(
  db: Database, ctx: RequestContext, input: { regId: number; voice: boolean }, deps: ServiceDeps,
): Promise<OtpSentResponse> {
  const customer = await signedInCustomer(db, ctx);
  return resendCode(db, ctx, deps, { userId: customer.id, regId: input.regId, purpose: 'change', voice: input.voice },
    async () => dialPrefix(customer.pendingPhoneCountryCodeId ?? customer.phoneCountryCodeId));
}

/** Checks the current password, sets the new one and signs out every other session. */
export async function updatePassword(
  db: Database, ctx: RequestContext, input: CustomerUpdatePasswordBody & { currentToken?: string }, deps: ServiceDeps,
): Promise<MessageResponse> {
  const customer = await signedInCustomer(db, ctx);
  await assertAccountNotLocked(db, ctx, deps, customer.id);
  if (!(await verifyPassword(input.currentPassword, customer.passwordHash))) {
    await recordAccountFailure(db, ctx, deps, customer.id);
    throw ValidationError.field('currentPassword', 'The current password is incorrect.');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await repo.updateCustomer(tx, ctx.store.id, customer.id, { passwordHash });
    await revokeCustomerTokens(tx, ctx.store.id, customer.id, new Date(), input.currentToken ? hashToken(input.currentToken) : undefined);
  });
  return { message: 'Your password has been changed.' };
}
