import type {
  CustomerUpdatePasswordBody, MessageResponse, OtpSentResponse, PendingIdentifier, ProfileResponse, UpdateProfileBody, UserUpdateBody,
  VerifyProfileIdentifierBody,
} from '@gemstore/contracts';
import { type RequestContext, within } from '../../lib/context.ts';
import type { Executor as Database } from '../../lib/db.ts';
import { ValidationError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken } from '../../lib/secrets.ts';
import {
  type CustomerChanges, type CustomerRow, dialPrefix, findCountryCode, identifierErrors, type IdentifierKind, isVerified, toUser,
} from '../customers/customers.service.ts';
import type { OtpTarget } from '../notifications/notifications.service.ts';
import { checkCode, resendCode } from './auth.codes.ts';
import type { AuthDeps } from './auth.deps.ts';
import { assertAccountNotLocked, recordAccountFailure, reserveCodeSends } from './auth.limits.ts';
import * as repo from './auth.repo.ts';

/**
 * The signed-in customer's own sign-in details: a new email or mobile number (confirmed by a code
 * sent to it) and the password. They live with auth because they use its codes, limits and tokens;
 * the account itself is the customers module's.
 */

type ProfileInput = { name: string; email?: string; phone?: string; phone_country_code_id?: number; date_of_birth?: string; gender?: 'male' | 'female' };

/**
 * Saves the profile (from update-profile, also the other profile fields). A new email or mobile
 * number does not replace the verified one: it waits on the account with a code sent to it
 * (POST verify-profile-identifier), and until then sign-in and codes keep using the old one.
 * Removing the optional one takes effect at once, as long as a verified one stays.
 */
async function saveProfile(db: Database, ctx: RequestContext, input: ProfileInput, full: boolean, deps: AuthDeps): Promise<ProfileResponse> {
  const customer = await deps.customers.signedIn(ctx);
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
  await deps.customers.assertIdentifiersFree(ctx, { email: newEmail ?? undefined, phone: newPhone ?? undefined }, customer.id);

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

  const values: CustomerChanges = {
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
  const updated = await deps.customers.update(ctx, customer.id, values);

  const verify: PendingIdentifier[] = [];
  for (const { kind, target } of targets) {
    const regId = await deps.notifications.issueOtp(ctx, { customerId: customer.id, purpose: 'change', target });
    verify.push({ regId, to: target.to, isPhone: kind === 'phone' });
  }
  const message = verify.length
    ? `Your profile has been updated. Enter the code we sent to confirm your new ${verify.length === 2 ? 'email and mobile number' : verify[0]!.isPhone ? 'mobile number' : 'email'}.`
    : 'Your profile has been updated.';
  return { message, user: toUser(updated), verify };
}

export async function updateProfile(db: Database, ctx: RequestContext, input: UpdateProfileBody, deps: AuthDeps): Promise<ProfileResponse> {
  return saveProfile(db, ctx, input, true, deps);
}

export async function userUpdate(db: Database, ctx: RequestContext, input: UserUpdateBody, deps: AuthDeps): Promise<ProfileResponse> {
  return saveProfile(db, ctx, input, false, deps);
}

/** The codes still waiting for the account's pending email and phone. */
async function pendingCodes(deps: AuthDeps, ctx: RequestContext, customer: CustomerRow): Promise<PendingIdentifier[]> {
  const verify: PendingIdentifier[] = [];
  for (const [to, isPhone] of [[customer.pendingEmail, false], [customer.pendingPhone, true]] as const) {
    if (!to) continue;
    const live = await deps.notifications.findLiveOtp(ctx, { customerId: customer.id, purpose: 'change', recipient: to });
    if (live) verify.push({ regId: live.regId, to, isPhone });
  }
  return verify;
}

/** POST verify-profile-identifier: the code sent to a new email or phone; right, it replaces the old one. */
export async function verifyProfileIdentifier(
  db: Database, ctx: RequestContext, input: VerifyProfileIdentifierBody, deps: AuthDeps,
): Promise<ProfileResponse> {
  const customer = await deps.customers.signedIn(ctx);
  const row = await checkCode(db, ctx, deps, { userId: customer.id, regId: input.regId, purpose: 'change', code: input.otp, field: 'otp' });
  const kind: IdentifierKind | null = row.recipient === customer.pendingEmail ? 'email' : row.recipient === customer.pendingPhone ? 'phone' : null;
  if (!kind) throw ValidationError.field('otp', 'This change was replaced or cancelled. Please update your profile again.');
  const updated = await deps.customers.verifyIdentifier(ctx, customer, {
    kind, value: row.recipient, field: 'otp', phoneCountryCodeId: kind === 'phone' ? customer.pendingPhoneCountryCodeId ?? undefined : undefined,
  });
  return {
    message: kind === 'email' ? 'Your new email is confirmed.' : 'Your new mobile number is confirmed.',
    user: toUser(updated),
    verify: await pendingCodes(deps, ctx, updated),
  };
}

/** profile-resend-otp and profile-voice-otp: a new code for a pending email or phone. */
export async function resendProfileCode(
  db: Database, ctx: RequestContext, input: { regId: number; voice: boolean }, deps: AuthDeps,
): Promise<OtpSentResponse> {
  const customer = await deps.customers.signedIn(ctx);
  return resendCode(db, ctx, deps, { userId: customer.id, regId: input.regId, purpose: 'change', voice: input.voice },
    async () => dialPrefix(customer.pendingPhoneCountryCodeId ?? customer.phoneCountryCodeId));
}

/** Checks the current password, sets the new one and signs out every other session. */
export async function updatePassword(
  db: Database, ctx: RequestContext, input: CustomerUpdatePasswordBody & { currentToken?: string }, deps: AuthDeps,
): Promise<MessageResponse> {
  const customer = await deps.customers.signedIn(ctx);
  await assertAccountNotLocked(db, ctx, deps, customer.id);
  if (!(await verifyPassword(input.currentPassword, customer.passwordHash))) {
    await recordAccountFailure(db, ctx, deps, customer.id);
    throw ValidationError.field('currentPassword', 'The current password is incorrect.');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await deps.customers.update(within(ctx, tx), customer.id, { passwordHash });
    await repo.revokeCustomerTokens(tx, ctx.store.id, customer.id, new Date(), input.currentToken ? hashToken(input.currentToken) : undefined);
  });
  return { message: 'Your password has been changed.' };
}
