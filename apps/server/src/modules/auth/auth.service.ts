import { createHmac } from 'node:crypto';
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
import {
  assertIdentifiersFree, identifierErrors, isVerified, rethrowDuplicate, toUser, verifyIdentifier,
} from '../customers/customers.service.ts';
import { issueOtp, type OtpPurpose, type OtpTarget, type ServiceDeps } from '../notifications/notifications.service.ts';
import { checkCode, resendCode as resendFlowCode, sendCode, sendDecoyCode } from './auth.codes.ts';
import { assertAccountNotLocked, limitAuthChecksPerIp, recordAccountFailure, reserveCodeSends } from './auth.limits.ts';
import * as repo from './auth.repo.ts';
import { maskDestination, parseIdentifier, type Identifier } from './identifier.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.ts';

const NO_ACCOUNT = 'We could not find an account with that email or mobile number.';
const WRONG_PASSWORD = 'The password is incorrect.';
const NOT_AN_IDENTIFIER = 'Enter a valid email or mobile number.';

// ---------- Helpers ----------

function parsed(raw: string, field: string): Identifier {
  const id = parseIdentifier(raw);
  if (!id) throw ValidationError.field(field, NOT_AN_IDENTIFIER);
  return id;
}

function holds(customer: CustomerRow, id: Identifier): 'verified' | 'claim' | null {
  const value = id.kind === 'email' ? customer.email : customer.phone;
  if (value !== id.value) return null;
  return (id.kind === 'email' ? customer.emailVerifiedAt : customer.phoneVerifiedAt) ? 'verified' : 'claim';
}

/**
 * Whether `id` signs in to this account: a verified email or phone of it, or any of a registration
 * not finished (the spec's flow then sends register codes). An unverified claim on an account
 * that verified something else signs in nobody.
 */
function signsInWith(customer: CustomerRow, id: Identifier): boolean {
  const held = holds(customer, id);
  return held === 'verified' || (held === 'claim' && !isVerified(customer));
}

/** The account an identifier signs in to: the one that verified it, else the newest registration not finished that holds it. */
async function findSignInAccount(db: Database, ctx: RequestContext, id: Identifier): Promise<CustomerRow | null> {
  return (await customersRepo.findCustomerByVerifiedIdentifier(db, ctx.store.id, id.kind, id.value))
    ?? customersRepo.findUnfinishedRegistration(db, ctx.store.id, id.kind, id.value);
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

/** The country calling code of a customer's number (resends). */
function dialCodeOf(db: Database, ctx: RequestContext) {
  return async (customerId: number) => {
    const customer = await customersRepo.findCustomerById(db, ctx.store.id, customerId);
    return customer ? dialPrefix(customer.phoneCountryCodeId) : undefined;
  };
}

/** A new token at every sign-in (DOMAIN.md). */
async function signIn(db: Database, ctx: RequestContext, customer: CustomerRow): Promise<TokenResponse> {
  const { token, hash } = newOpaqueToken();
  await repo.insertAuthToken(db, { storeId: ctx.store.id, customerId: customer.id, tokenHash: hash });
  return { token, user: toUser(customer) };
}

/**
 * Fresh register codes to each identifier of a registration not finished (limits counted for all
 * before any is made). The answer shows as typed only what the caller typed in this call.
 */
async function sendRegisterCodes(
  db: Database, ctx: RequestContext, deps: ServiceDeps, customer: CustomerRow, typed: { email?: string; phone?: string }, reserve: boolean,
): Promise<RegisterResponse> {
  const targets = { phone: customer.phone ? phoneTarget(customer) : null, email: customer.email ? emailTarget(customer) : null };
  if (reserve) await reserveCodeSends(db, ctx, deps, [targets.phone, targets.email].filter((t): t is OtpTarget => t !== null));
  const regIdPhone = targets.phone ? await issueOtp(db, ctx, deps, { customerId: customer.id, purpose: 'register', target: targets.phone }) : null;
  const regIdEmail = targets.email ? await issueOtp(db, ctx, deps, { customerId: customer.id, purpose: 'register', target: targets.email }) : null;
  const shown = (value: string | null, typedValue?: string) => (value === null || value === typedValue ? value : maskDestination(value));
  return {
    userId: customer.id,
    regIdPhone,
    regIdEmail,
    isPhone: regIdPhone !== null,
    phone: shown(customer.phone, typed.phone),
    email: shown(customer.email, typed.email),
  };
}

// ---------- Login ----------

/** Routes to password or registration, so it must say whether the account exists: the per-address limit is what protects it. */
export async function login(db: Database, ctx: RequestContext, input: { phone: string }, deps: ServiceDeps): Promise<LoginResponse> {
  await limitAuthChecksPerIp(db, deps);
  const id = parsed(input.phone, 'phone');
  const customer = await findSignInAccount(db, ctx, id);
  if (!customer) throw ValidationError.field('phone', NO_ACCOUNT);
  return { userId: customer.id, is_phone: id.kind === 'phone', phone: id.value };
}

export async function loginPasswordSubmit(db: Database, ctx: RequestContext, input: LoginPasswordSubmitBody, deps: ServiceDeps): Promise<LoginPasswordSubmitResponse> {
  await limitAuthChecksPerIp(db, deps);
  const customer = await customersRepo.findCustomerById(db, ctx.store.id, input.userId);
  // The identifier typed at Login, when the call carries it, must be one this account signs in with.
  const typed = input.phone ? parseIdentifier(input.phone) : null;
  if (!customer || (input.phone && !(typed && signsInWith(customer, typed)))) {
    await burnPasswordCheck(input.password);
    throw ValidationError.field('password', WRONG_PASSWORD);
  }
  await assertAccountNotLocked(db, ctx, deps, customer.id);
  if (!(await verifyPassword(input.password, customer.passwordHash))) {
    await recordAccountFailure(db, ctx, deps, customer.id);
    throw ValidationError.field('password', WRONG_PASSWORD);
  }
  if (!isVerified(customer)) return sendRegisterCodes(db, ctx, deps, customer, typed ? { [typed.kind]: typed.value } : {}, true);
  return signIn(db, ctx, customer);
}

/**
 * Sends a sign-in code to the identifier typed at Login, when it is a verified email or phone of
 * account `userId`. Any other pair gets the same answer (a decoy regId, the typed value masked)
 * and nothing is sent, so guessing ids finds no contact details and reaches nobody.
 */
export async function loginSendOtp(db: Database, ctx: RequestContext, input: LoginSendOtpBody, deps: ServiceDeps): Promise<OtpSentResponse> {
  const id = parsed(input.phone, 'phone');
  const customer = await customersRepo.findCustomerById(db, ctx.store.id, input.userId);
  const held = customer ? holds(customer, id) : null;
  if (customer && held === 'claim' && !isVerified(customer)) {
    throw ValidationError.field('phone', 'This account is not verified yet. Sign in with your password and we will send you a verification code.');
  }
  const regId = customer && held === 'verified'
    ? await sendCode(db, ctx, deps, { customerId: customer.id, purpose: 'login', target: id.kind === 'phone' ? phoneTarget(customer) : emailTarget(customer) })
    : await sendDecoyCode(db, ctx, deps, { userId: input.userId, purpose: 'login', to: id.value });
  return { userId: input.userId, regId, phone: maskDestination(id.value), isPhone: id.kind === 'phone' };
}

/** Signs in with a login code. */
export async function loginOtpVerify(db: Database, ctx: RequestContext, input: LoginOtpVerifyBody, deps: ServiceDeps): Promise<TokenResponse> {
  await checkCode(db, ctx, deps, { userId: input.userId, regId: input.regId, purpose: 'login', code: input.otp, field: 'otp' });
  return signIn(db, ctx, await customerById(db, ctx, input.userId, 'otp'));
}

/** login-, register- and forgot-password- resend and voice calls. */
export async function resendCode(
  db: Database, ctx: RequestContext, input: OtpResendBody & { purpose: OtpPurpose; voice: boolean }, deps: ServiceDeps,
): Promise<OtpSentResponse> {
  return resendFlowCode(db, ctx, deps, input, dialCodeOf(db, ctx));
}

// ---------- Registration ----------

/**
 * Creates an account holding the email and phone unverified, and sends a code to each. Only a
 * verified holder makes them "already registered" (the spec's flow says so, the per-address limit
 * bounds how often): a claim nobody verified never blocks the real owner.
 */
export async function register(db: Database, ctx: RequestContext, input: RegisterBody, deps: ServiceDeps): Promise<RegisterResponse> {
  const errors = identifierErrors(ctx.store, input);
  if (!findCountryCode(input.country_code)) errors.country_code = ['Choose a country code.'];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await limitAuthChecksPerIp(db, deps);
  await assertIdentifiersFree(db, ctx.store.id, input);

  const targets: OtpTarget[] = [];
  if (input.phone) targets.push({ to: input.phone, channel: 'sms' });
  if (input.email) targets.push({ to: input.email, channel: 'email' });
  // Limits first: a refused request creates no account.
  await reserveCodeSends(db, ctx, deps, targets);

  const passwordHash = await hashPassword(input.password);
  const customer = await customersRepo.insertCustomer(db, {
    storeId: ctx.store.id, name: input.name, email: input.email ?? null, phone: input.phone ?? null,
    phoneCountryCodeId: input.country_code, passwordHash,
  }).catch(rethrowDuplicate);
  return sendRegisterCodes(db, ctx, deps, customer, input, false);
}

/**
 * Verifies the register code of the phone and/or the email. Each code given is checked; the
 * account is signed in when at least one is right (that identifier becomes verified, and other
 * accounts' unverified claims on it are released). When none is right, each field carries its own error.
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
      const otp = await checkCode(db, ctx, deps, { userId: customer.id, regId: check.regId, purpose: 'register', code: check.code, field: check.field });
      const kind = otp.recipient.includes('@') ? 'email' : 'phone';
      // The account may have lost the claim meanwhile: its owner verified it elsewhere.
      if ((kind === 'email' ? customer.email : customer.phone) !== otp.recipient) {
        throw ValidationError.field(check.field, 'This code is no longer valid. Please start again.');
      }
      customer = await verifyIdentifier(db, ctx, customer, { kind, value: otp.recipient, field: check.field });
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

/**
 * The userId answered for an identifier no account verified: the same for every request about it
 * (a real one does not change either), and within the range of ids handed out (below the highest
 * power of two under the highest id, which moves only when the number of accounts doubles).
 */
function decoyUserId(deps: ServiceDeps, ctx: RequestContext, id: Identifier, highestId: number): number {
  const range = highestId < 2 ? 1 : 2 ** Math.floor(Math.log2(highestId));
  const digest = createHmac('sha256', deps.config.auth.otpPepper).update(`decoy-user\n${ctx.store.id}\n${id.value}`).digest();
  return 1 + (digest.readUIntBE(0, 6) % range);
}

/**
 * Sends a reset code when an account verified the identifier. Known or not, the answer has the
 * same status and shape and the same work is done (limits, look-ups, a stored code): only a
 * known identifier gets a message.
 */
export async function forgotPasswordSendOtp(
  db: Database, ctx: RequestContext, input: { identifier: string; field: string }, deps: ServiceDeps,
): Promise<ForgotPasswordSendOtpResponse> {
  await limitAuthChecksPerIp(db, deps);
  const id = parsed(input.identifier, input.field);
  const customer = await customersRepo.findCustomerByVerifiedIdentifier(db, ctx.store.id, id.kind, id.value);
  const decoy = decoyUserId(deps, ctx, id, await customersRepo.highestCustomerId(db));
  const regId = customer
    ? await sendCode(db, ctx, deps, { customerId: customer.id, purpose: 'reset', target: id.kind === 'phone' ? phoneTarget(customer) : emailTarget(customer) })
    : await sendDecoyCode(db, ctx, deps, { userId: decoy, purpose: 'reset', to: id.value });
  return { userId: customer?.id ?? decoy, is_phone: id.kind === 'phone', phone: maskDestination(id.value), regId };
}

export async function forgotPasswordOtpSubmit(
  db: Database, ctx: RequestContext, input: { userId: number; regId: number; otp: string }, deps: ServiceDeps,
): Promise<ForgotPasswordOtpSubmitResponse> {
  await checkCode(db, ctx, deps, { userId: input.userId, regId: input.regId, purpose: 'reset', code: input.otp, field: 'otp' });
  const customer = await customerById(db, ctx, input.userId, 'otp');
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
  await limitAuthChecksPerIp(db, deps);
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
