import type {
  ForgotPasswordOtpSubmitResponse, ForgotPasswordSendOtpResponse, LoginOtpVerifyBody, LoginPasswordSubmitBody, LoginPasswordSubmitResponse,
  LoginResponse, LoginSendOtpBody, MessageResponse, OtpResendBody, OtpSentResponse, RegisterBody, RegisterOtpVerifyBody, RegisterResponse,
  SubmitNewPasswordBody, TokenResponse,
} from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { RequestContext } from '../../lib/context.ts';
import { UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { hashToken, newOpaqueToken } from '../../lib/secrets.ts';
import { dialPrefix, findCountryCode } from '../customers/country-codes.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import type { CustomerRow } from '../customers/customers.repo.ts';
import { assertIdentifiersFree, identifierErrors, isVerified, rethrowDuplicate, toUser } from '../customers/customers.service.ts';
import {
  assertAccountNotLocked, hitAuthLimitPerIp, issueOtp, recordAccountFailure, reserveOtpSends, resendOtp, sendOtp, verifyOtp,
  type OtpPurpose, type OtpTarget, type ServiceDeps,
} from '../notifications/notifications.service.ts';
import * as repo from './auth.repo.ts';
import { parseIdentifier, type Identifier } from './identifier.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.ts';

const NO_ACCOUNT = 'We could not find an account with that email or mobile number.';
const WRONG_PASSWORD = 'The password is incorrect.';

// ---------- Helpers ----------

async function findByIdentifier(db: Database, ctx: RequestContext, id: Identifier): Promise<CustomerRow | null> {
  return id.kind === 'email'
    ? customersRepo.findCustomerByEmail(db, ctx.store.id, id.value)
    : customersRepo.findCustomerByPhone(db, ctx.store.id, id.value);
}

/** The customer named by an identifier, or a 422 on `field` (the spec's flow reveals whether an account exists). */
async function lookUp(db: Database, ctx: RequestContext, deps: ServiceDeps, raw: string, field: string): Promise<{ customer: CustomerRow; id: Identifier }> {
  await hitAuthLimitPerIp(db, deps);
  const id = parseIdentifier(raw);
  if (!id) throw ValidationError.field(field, 'Enter a valid email or mobile number.');
  const customer = await findByIdentifier(db, ctx, id);
  if (!customer) throw ValidationError.field(field, NO_ACCOUNT);
  return { customer, id };
}

/** The customer a flow names by userId; 422 on `field` when it is not an account of this store. */
async function customerById(db: Database, ctx: RequestContext, userId: number, field: string): Promise<CustomerRow> {
  const customer = await customersRepo.findCustomerById(db, ctx.store.id, userId);
  if (!customer) throw ValidationError.field(field, 'This account was not found. Please start again.');
  return customer;
}

function phoneTarget(customer: CustomerRow, channel: 'sms' | 'voice' = 'sms'): OtpTarget {
  return { to: customer.phone!, channel, dialCode: dialPrefix(customer.phoneCountryCodeId) };
}

function emailTarget(customer: CustomerRow): OtpTarget {
  return { to: customer.email!, channel: 'email' };
}

/** A new token at every sign-in (DOMAIN.md). */
async function signIn(db: Database, ctx: RequestContext, customer: CustomerRow): Promise<TokenResponse> {
  const { token, hash } = newOpaqueToken();
  await repo.insertAuthToken(db, { storeId: ctx.store.id, customerId: customer.id, tokenHash: hash });
  return { token, user: toUser(customer) };
}

/** A used code proves the customer holds that email or phone. */
async function markVerified(db: Database, ctx: RequestContext, customer: CustomerRow, recipient: string): Promise<CustomerRow> {
  const now = new Date();
  if (recipient === customer.email && !customer.emailVerifiedAt) {
    return (await customersRepo.updateCustomer(db, ctx.store.id, customer.id, { emailVerifiedAt: now })) ?? customer;
  }
  if (recipient === customer.phone && !customer.phoneVerifiedAt) {
    return (await customersRepo.updateCustomer(db, ctx.store.id, customer.id, { phoneVerifiedAt: now })) ?? customer;
  }
  return customer;
}

function verificationResponse(customer: CustomerRow, regIdPhone: number | null, regIdEmail: number | null): RegisterResponse {
  return {
    userId: customer.id,
    regIdPhone,
    regIdEmail,
    isPhone: regIdPhone !== null,
    phone: customer.phone,
    email: customer.email,
  };
}

/** Fresh register codes to each identifier of the account (rate limits counted for all before any is made). */
async function sendRegisterCodes(db: Database, ctx: RequestContext, deps: ServiceDeps, customer: CustomerRow, reserve: boolean): Promise<RegisterResponse> {
  const targets = { phone: customer.phone ? phoneTarget(customer) : null, email: customer.email ? emailTarget(customer) : null };
  if (reserve) await reserveOtpSends(db, ctx, deps, [targets.phone, targets.email].filter((t): t is OtpTarget => t !== null));
  const regIdPhone = targets.phone ? await issueOtp(db, ctx, deps, { customerId: customer.id, purpose: 'register', target: targets.phone }) : null;
  const regIdEmail = targets.email ? await issueOtp(db, ctx, deps, { customerId: customer.id, purpose: 'register', target: targets.email }) : null;
  return verificationResponse(customer, regIdPhone, regIdEmail);
}

// ---------- Login ----------

export async function login(db: Database, ctx: RequestContext, input: { phone: string }, deps: ServiceDeps): Promise<LoginResponse> {
  const { customer, id } = await lookUp(db, ctx, deps, input.phone, 'phone');
  return { userId: customer.id, is_phone: id.kind === 'phone', phone: id.value };
}

export async function loginPasswordSubmit(db: Database, ctx: RequestContext, input: LoginPasswordSubmitBody, deps: ServiceDeps): Promise<LoginPasswordSubmitResponse> {
  await hitAuthLimitPerIp(db, deps);
  const customer = await customersRepo.findCustomerById(db, ctx.store.id, input.userId);
  if (!customer) {
    await burnPasswordCheck(input.password);
    throw ValidationError.field('password', WRONG_PASSWORD);
  }
  await assertAccountNotLocked(db, ctx, deps, customer.id);
  if (!(await verifyPassword(input.password, customer.passwordHash))) {
    await recordAccountFailure(db, ctx, deps, customer.id);
    throw ValidationError.field('password', WRONG_PASSWORD);
  }
  if (!isVerified(customer)) return sendRegisterCodes(db, ctx, deps, customer, true);
  return signIn(db, ctx, customer);
}

/** Which of the account's identifiers receives a login code: isPhone if given, else the kind of `phone`, else the mobile number. */
function loginTarget(customer: CustomerRow, input: { phone?: string; isPhone?: boolean }): OtpTarget {
  const wantsPhone = input.isPhone ?? (input.phone ? !input.phone.includes('@') : Boolean(customer.phone));
  if (wantsPhone) {
    if (!customer.phone) throw ValidationError.field('phone', 'This account has no mobile number. Use your email instead.');
    return phoneTarget(customer);
  }
  if (!customer.email) throw ValidationError.field('phone', 'This account has no email. Use your mobile number instead.');
  return emailTarget(customer);
}

export async function loginSendOtp(db: Database, ctx: RequestContext, input: LoginSendOtpBody, deps: ServiceDeps): Promise<OtpSentResponse> {
  const customer = await customerById(db, ctx, input.userId, 'phone');
  const target = loginTarget(customer, input);
  const regId = await sendOtp(db, ctx, deps, { customerId: customer.id, purpose: 'login', target });
  return { userId: customer.id, regId, phone: target.to, isPhone: target.channel !== 'email' };
}

/** Signs in with a login code; the code also verifies the email or phone it went to. */
export async function loginOtpVerify(db: Database, ctx: RequestContext, input: LoginOtpVerifyBody, deps: ServiceDeps): Promise<TokenResponse> {
  const customer = await customerById(db, ctx, input.userId, 'otp');
  const otp = await verifyOtp(db, ctx, deps, { customerId: customer.id, regId: input.regId, purpose: 'login', code: input.otp, field: 'otp' });
  return signIn(db, ctx, await markVerified(db, ctx, customer, otp.recipient));
}

/** login-, register- and forgot-password- resend and voice calls. */
export async function resendCode(
  db: Database, ctx: RequestContext, input: OtpResendBody & { purpose: OtpPurpose; voice: boolean }, deps: ServiceDeps,
): Promise<OtpSentResponse> {
  const customer = await customerById(db, ctx, input.userId, 'otp');
  const sent = await resendOtp(db, ctx, deps, {
    customerId: customer.id, regId: input.regId, purpose: input.purpose, voice: input.voice, dialCode: dialPrefix(customer.phoneCountryCodeId),
  });
  return { userId: customer.id, regId: sent.regId, phone: sent.to, isPhone: sent.channel !== 'email' };
}

// ---------- Registration ----------

export async function register(db: Database, ctx: RequestContext, input: RegisterBody, deps: ServiceDeps): Promise<RegisterResponse> {
  const errors = identifierErrors(ctx.store, input);
  if (!findCountryCode(input.country_code)) errors.country_code = ['Choose a country code.'];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await assertIdentifiersFree(db, ctx.store.id, input);

  const targets: OtpTarget[] = [];
  if (input.phone) targets.push({ to: input.phone, channel: 'sms' });
  if (input.email) targets.push({ to: input.email, channel: 'email' });
  // Limits first: a refused request creates no account that would hold the email or phone.
  await reserveOtpSends(db, ctx, deps, targets);

  const passwordHash = await hashPassword(input.password);
  const customer = await customersRepo.insertCustomer(db, {
    storeId: ctx.store.id, name: input.name, email: input.email ?? null, phone: input.phone ?? null,
    phoneCountryCodeId: input.country_code, passwordHash,
  }).catch(rethrowDuplicate);
  return sendRegisterCodes(db, ctx, deps, customer, false);
}

/**
 * Verifies the register code of the phone and/or the email. Each code given is checked; the
 * account is signed in when at least one is right (that identifier becomes verified). When none
 * is right, each field carries its own error.
 */
export async function registerOtpVerify(db: Database, ctx: RequestContext, input: RegisterOtpVerifyBody, deps: ServiceDeps): Promise<TokenResponse> {
  let customer = await customerById(db, ctx, input.userId, input.regIdPhone ? 'phoneOtp' : 'emailOtp');
  const checks = [
    { regId: input.regIdPhone, code: input.phoneOtp, field: 'phoneOtp' },
    { regId: input.regIdEmail, code: input.emailOtp, field: 'emailOtp' },
  ];
  const given = checks.filter((c): c is { regId: number; code: string; field: string } => c.regId !== undefined && c.code !== undefined);
  if (!given.length) {
    const missing: Record<string, string[]> = {};
    for (const c of checks) if (c.regId !== undefined) missing[c.field] = ['Enter the code.'];
    throw new ValidationError(Object.keys(missing).length ? missing : { otp: ['Enter the code.'] });
  }
  const errors: Record<string, string[]> = {};
  let verified = false;
  for (const check of given) {
    try {
      const otp = await verifyOtp(db, ctx, deps, { customerId: customer.id, regId: check.regId, purpose: 'register', code: check.code, field: check.field });
      customer = await markVerified(db, ctx, customer, otp.recipient);
      verified = true;
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      Object.assign(errors, err.errors);
    }
  }
  if (!verified) throw new ValidationError(errors);
  return signIn(db, ctx, customer);
}

// ---------- Password reset ----------

export async function forgotPasswordSendOtp(
  db: Database, ctx: RequestContext, input: { identifier: string; field: string }, deps: ServiceDeps,
): Promise<ForgotPasswordSendOtpResponse> {
  const { customer, id } = await lookUp(db, ctx, deps, input.identifier, input.field);
  const target = id.kind === 'phone' ? phoneTarget(customer) : emailTarget(customer);
  const regId = await sendOtp(db, ctx, deps, { customerId: customer.id, purpose: 'reset', target });
  return { userId: customer.id, is_phone: id.kind === 'phone', phone: id.value, regId };
}

export async function forgotPasswordOtpSubmit(
  db: Database, ctx: RequestContext, input: { userId: number; regId: number; otp: string }, deps: ServiceDeps,
): Promise<ForgotPasswordOtpSubmitResponse> {
  const customer = await customerById(db, ctx, input.userId, 'otp');
  const otp = await verifyOtp(db, ctx, deps, { customerId: customer.id, regId: input.regId, purpose: 'reset', code: input.otp, field: 'otp' });
  await markVerified(db, ctx, customer, otp.recipient);
  const { token, hash } = newOpaqueToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    await repo.voidResetTokens(tx, ctx.store.id, customer.id, now);
    await repo.insertResetToken(tx, {
      storeId: ctx.store.id, customerId: customer.id, tokenHash: hash,
      expiresAt: new Date(now.getTime() + deps.config.auth.passwordResetMinutes * 60_000),
    });
  });
  return { userId: customer.id, verification_token: token };
}

/** Sets the new password with a single-use verification token, then signs out every session. */
export async function submitNewPassword(db: Database, ctx: RequestContext, input: SubmitNewPasswordBody, deps: ServiceDeps): Promise<MessageResponse> {
  await hitAuthLimitPerIp(db, deps);
  const expired = () => ValidationError.field('verification_token', 'This password reset has expired or was already used. Please start again.');
  const customer = await customersRepo.findCustomerById(db, ctx.store.id, input.userId);
  if (!customer) throw expired();
  const tokenHash = hashToken(input.verification_token);
  const live = await repo.findLiveResetToken(db, ctx.store.id, customer.id, tokenHash, new Date());
  if (!live) throw expired();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const now = new Date();
    if (!(await repo.useResetToken(tx, live.id, now))) throw expired();
    await customersRepo.updateCustomer(tx, ctx.store.id, customer.id, { passwordHash });
    await repo.voidResetTokens(tx, ctx.store.id, customer.id, now);
    await repo.revokeCustomerTokens(tx, ctx.store.id, customer.id, now);
  });
  return { message: 'Your password has been reset. Please sign in with the new password.' };
}

// ---------- Session ----------

export async function logout(db: Database, ctx: RequestContext, token: string | undefined): Promise<MessageResponse> {
  if (!token || !ctx.customerId) throw new UnauthorizedError();
  await repo.revokeToken(db, ctx.store.id, hashToken(token), new Date());
  return { message: 'You have been signed out.' };
}
