import { createHmac } from 'node:crypto';
import type {
  CustomerUpdatePasswordBody, UpdateProfileBody, UserUpdateBody, VerifyProfileIdentifierBody,
  ForgotPasswordOtpSubmitResponse, ForgotPasswordSendOtpResponse, LoginOtpVerifyBody, LoginPasswordSubmitBody, LoginPasswordSubmitResponse,
  LoginResponse, LoginSendOtpBody, MessageResponse, OtpResendBody, OtpSentResponse, RegisterBody, RegisterOtpVerifyBody, RegisterResponse,
  SubmitNewPasswordBody, TokenResponse,
} from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { Config } from '../../config.ts';
import { executor, type RequestContext, within } from '../../lib/context.ts';
import type { Executor } from '../../lib/db.ts';
import { UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { hashToken, newOpaqueToken } from '../../lib/secrets.ts';
import {
  assertNotBlocked, type CustomerRow, type CustomersService, dialPrefix, findCountryCode, identifierErrors, isVerified, toUser,
} from '../customers/customers.service.ts';
import type { NotificationsService, OtpPurpose, OtpTarget } from '../notifications/notifications.service.ts';
import type { AuthDeps } from './auth.deps.ts';
import { checkCode, resendCode as resendFlowCode, sendCode, sendDecoyCode } from './auth.codes.ts';
import { accountLocked, assertAccountNotLocked, limitAuthChecksPerIp, recordAccountFailure, reserveCodeSends, type StaffSignInPath } from './auth.limits.ts';
import * as profile from './auth.profile.ts';
import * as repo from './auth.repo.ts';
import { maskDestination, parseIdentifier, type Identifier } from './identifier.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.ts';

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
 * not finished (the sign-in flow then sends register codes). An unverified claim on an account
 * that verified something else signs in nobody.
 */
function signsInWith(customer: CustomerRow, id: Identifier): boolean {
  const held = holds(customer, id);
  return held === 'verified' || (held === 'claim' && !isVerified(customer));
}

/** The account an identifier signs in to: the one that verified it, else the newest registration not finished that holds it. */
async function findSignInAccount(deps: AuthDeps, ctx: RequestContext, id: Identifier): Promise<CustomerRow | null> {
  return (await deps.customers.findByVerifiedIdentifier(ctx, id.kind, id.value))
    ?? deps.customers.findUnfinishedRegistration(ctx, id.kind, id.value);
}

/** The customer a flow names by userId; 422 on `field` when it is not an account of this store. */
async function customerById(deps: AuthDeps, ctx: RequestContext, userId: number, field: string): Promise<CustomerRow> {
  const customer = await deps.customers.findById(ctx, userId);
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
function dialCodeOf(deps: AuthDeps, ctx: RequestContext) {
  return async (customerId: number) => {
    const customer = await deps.customers.findById(ctx, customerId);
    return customer ? dialPrefix(customer.phoneCountryCodeId) : undefined;
  };
}

/**
 * A new token at every sign-in, never one reused. The account is locked while the token is written, so a
 * block by staff (which revokes every token) comes wholly before or wholly after it: a blocked
 * account gets 403 `account_blocked`, and a token written just before a block is revoked by it.
 */
async function signIn(db: Executor, ctx: RequestContext, deps: AuthDeps, customer: CustomerRow): Promise<TokenResponse> {
  const { token, hash } = newOpaqueToken();
  await db.transaction(async (tx) => {
    await deps.customers.assertActive(within(ctx, tx), customer.id);
    await repo.insertAuthToken(tx, { storeId: ctx.store.id, customerId: customer.id, tokenHash: hash });
  });
  return { token, user: toUser(customer) };
}

/**
 * Fresh register codes to each identifier of a registration not finished (limits counted for all
 * before any is made). The answer shows as typed only what the caller typed in this call.
 */
async function sendRegisterCodes(
  db: Executor, ctx: RequestContext, deps: AuthDeps, customer: CustomerRow, typed: { email?: string; phone?: string }, reserve: boolean,
): Promise<RegisterResponse> {
  const targets = { phone: customer.phone ? phoneTarget(customer) : null, email: customer.email ? emailTarget(customer) : null };
  if (reserve) await reserveCodeSends(db, ctx, deps, [targets.phone, targets.email].filter((t): t is OtpTarget => t !== null));
  const regIdPhone = targets.phone ? await deps.notifications.issueOtp(ctx, { customerId: customer.id, purpose: 'register', target: targets.phone }) : null;
  const regIdEmail = targets.email ? await deps.notifications.issueOtp(ctx, { customerId: customer.id, purpose: 'register', target: targets.email }) : null;
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
async function login(db: Executor, ctx: RequestContext, input: { phone: string }, deps: AuthDeps): Promise<LoginResponse> {
  await limitAuthChecksPerIp(db, ctx, deps);
  const id = parsed(input.phone, 'phone');
  const customer = await findSignInAccount(deps, ctx, id);
  if (!customer) throw ValidationError.field('phone', NO_ACCOUNT);
  assertNotBlocked(customer);
  return { userId: customer.id, is_phone: id.kind === 'phone', phone: id.value };
}

async function loginPasswordSubmit(db: Executor, ctx: RequestContext, input: LoginPasswordSubmitBody, deps: AuthDeps): Promise<LoginPasswordSubmitResponse> {
  await limitAuthChecksPerIp(db, ctx, deps);
  const customer = await deps.customers.findById(ctx, input.userId);
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
  return signIn(db, ctx, deps, customer);
}

/**
 * Sends a sign-in code to the identifier typed at Login, when it is a verified email or phone of
 * account `userId`. Any other pair gets the same answer (a decoy regId, the typed value masked)
 * and nothing is sent, so guessing ids finds no contact details and reaches nobody.
 */
async function loginSendOtp(db: Executor, ctx: RequestContext, input: LoginSendOtpBody, deps: AuthDeps): Promise<OtpSentResponse> {
  const id = parsed(input.phone, 'phone');
  const customer = await deps.customers.findById(ctx, input.userId);
  const held = customer ? holds(customer, id) : null;
  if (customer && held === 'claim' && !isVerified(customer)) {
    throw ValidationError.field('phone', 'This account is not verified yet. Sign in with your password and we will send you a verification code.');
  }
  if (customer && held === 'verified') assertNotBlocked(customer);
  const regId = customer && held === 'verified'
    ? await sendCode(db, ctx, deps, { customerId: customer.id, purpose: 'login', target: id.kind === 'phone' ? phoneTarget(customer) : emailTarget(customer) })
    : await sendDecoyCode(db, ctx, deps, { userId: input.userId, purpose: 'login', to: id.value });
  return { userId: input.userId, regId, phone: maskDestination(id.value), isPhone: id.kind === 'phone' };
}

/** Signs in with a login code. */
async function loginOtpVerify(db: Executor, ctx: RequestContext, input: LoginOtpVerifyBody, deps: AuthDeps): Promise<TokenResponse> {
  await checkCode(db, ctx, deps, { userId: input.userId, regId: input.regId, purpose: 'login', code: input.otp, field: 'otp' });
  return signIn(db, ctx, deps, await customerById(deps, ctx, input.userId, 'otp'));
}

/** login-, register- and forgot-password- resend and voice calls. */
async function resendCode(
  db: Executor, ctx: RequestContext, input: OtpResendBody & { purpose: OtpPurpose; voice: boolean }, deps: AuthDeps,
): Promise<OtpSentResponse> {
  return resendFlowCode(db, ctx, deps, input, dialCodeOf(deps, ctx));
}

// ---------- Registration ----------

/**
 * Creates an account holding the email and phone unverified, and sends a code to each. Only a
 * verified holder makes them "already registered" (the sign-up flow must say so, the per-address limit
 * bounds how often): a claim nobody verified never blocks the real owner.
 */
async function register(db: Executor, ctx: RequestContext, input: RegisterBody, deps: AuthDeps): Promise<RegisterResponse> {
  const errors = identifierErrors(ctx.store, input);
  if (!findCountryCode(input.country_code)) errors.country_code = ['Choose a country code.'];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await limitAuthChecksPerIp(db, ctx, deps);
  await deps.customers.assertIdentifiersFree(ctx, input);

  const targets: OtpTarget[] = [];
  if (input.phone) targets.push({ to: input.phone, channel: 'sms' });
  if (input.email) targets.push({ to: input.email, channel: 'email' });
  // Limits first: a refused request creates no account.
  await reserveCodeSends(db, ctx, deps, targets);

  const passwordHash = await hashPassword(input.password);
  const customer = await deps.customers.create(ctx, {
    name: input.name, email: input.email ?? null, phone: input.phone ?? null, phoneCountryCodeId: input.country_code, passwordHash,
  });
  return sendRegisterCodes(db, ctx, deps, customer, input, false);
}

/**
 * Verifies the register code of the phone and/or the email. Each code given is checked; the
 * account is signed in when at least one is right (that identifier becomes verified, and other
 * accounts' unverified claims on it are released). When none is right, each field carries its own error.
 */
async function registerOtpVerify(db: Executor, ctx: RequestContext, input: RegisterOtpVerifyBody, deps: AuthDeps): Promise<TokenResponse> {
  let customer = await customerById(deps, ctx, input.userId, input.regIdPhone ? 'phoneOtp' : 'emailOtp');
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
      customer = await deps.customers.verifyIdentifier(ctx, customer, { kind, value: otp.recipient, field: check.field });
      verified = true;
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      Object.assign(errors, err.errors);
    }
  }
  if (!verified) throw new ValidationError(errors);
  return signIn(db, ctx, deps, customer);
}

// ---------- Password reset ----------

/**
 * The userId answered for an identifier no account verified: the same for every request about it
 * (a real one does not change either), and within the range of ids handed out (below the highest
 * power of two under the highest id, which moves only when the number of accounts doubles).
 */
function decoyUserId(deps: AuthDeps, ctx: RequestContext, id: Identifier, highestId: number): number {
  const range = highestId < 2 ? 1 : 2 ** Math.floor(Math.log2(highestId));
  const digest = createHmac('sha256', deps.config.auth.otpPepper).update(`decoy-user\n${ctx.store.id}\n${id.value}`).digest();
  return 1 + (digest.readUIntBE(0, 6) % range);
}

/**
 * Sends a reset code when an account verified the identifier. Known or not, the answer has the
 * same status and shape and the same work is done (limits, look-ups, a stored code): only a
 * known identifier gets a message.
 */
async function forgotPasswordSendOtp(
  db: Executor, ctx: RequestContext, input: { identifier: string; field: string }, deps: AuthDeps,
): Promise<ForgotPasswordSendOtpResponse> {
  await limitAuthChecksPerIp(db, ctx, deps);
  const id = parsed(input.identifier, input.field);
  const customer = await deps.customers.findByVerifiedIdentifier(ctx, id.kind, id.value);
  const decoy = decoyUserId(deps, ctx, id, await deps.customers.highestId(ctx));
  const regId = customer
    ? await sendCode(db, ctx, deps, { customerId: customer.id, purpose: 'reset', target: id.kind === 'phone' ? phoneTarget(customer) : emailTarget(customer) })
    : await sendDecoyCode(db, ctx, deps, { userId: decoy, purpose: 'reset', to: id.value });
  return { userId: customer?.id ?? decoy, is_phone: id.kind === 'phone', phone: maskDestination(id.value), regId };
}

async function forgotPasswordOtpSubmit(
  db: Executor, ctx: RequestContext, input: { userId: number; regId: number; otp: string }, deps: AuthDeps,
): Promise<ForgotPasswordOtpSubmitResponse> {
  await checkCode(db, ctx, deps, { userId: input.userId, regId: input.regId, purpose: 'reset', code: input.otp, field: 'otp' });
  const customer = await customerById(deps, ctx, input.userId, 'otp');
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
async function submitNewPassword(db: Executor, ctx: RequestContext, input: SubmitNewPasswordBody, deps: AuthDeps): Promise<MessageResponse> {
  await limitAuthChecksPerIp(db, ctx, deps);
  const expired = () => ValidationError.field('verification_token', 'This password reset has expired or was already used. Please start again.');
  const customer = await deps.customers.findById(ctx, input.userId);
  if (!customer) throw expired();
  const tokenHash = hashToken(input.verification_token);
  const live = await repo.findLiveResetToken(db, ctx.store.id, customer.id, tokenHash, new Date());
  if (!live) throw expired();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const now = new Date();
    if (!(await repo.useResetToken(tx, live.id, now))) throw expired();
    await deps.customers.update(within(ctx, tx), customer.id, { passwordHash });
    await repo.voidResetTokens(tx, ctx.store.id, customer.id, now);
    await repo.revokeCustomerTokens(tx, ctx.store.id, customer.id, now);
  });
  return { message: 'Your password has been reset. Please sign in with the new password.' };
}

// ---------- Session ----------

async function logout(db: Executor, ctx: RequestContext, token: string | undefined): Promise<MessageResponse> {
  if (!token || ctx.actor.kind !== 'customer') throw new UnauthorizedError();
  await repo.revokeToken(db, ctx.store.id, hashToken(token), new Date());
  return { message: 'You have been signed out.' };
}

// ---------- The service ----------

export interface AuthServiceDeps {
  db: Database;
  config: Config;
  customers: CustomersService;
  notifications: NotificationsService;
}

/** Customers' sign-in, registration, password reset, sessions and their own sign-in details. */
export function createAuthService({ db, config, customers, notifications }: AuthServiceDeps) {
  const deps: AuthDeps = { config, customers, notifications };
  const idleMs = config.auth.tokenIdleDays * 86400_000;
  const q = (ctx: RequestContext) => executor(db, ctx);
  return {
    /** The customer a bearer token signs in on this store; null for a missing, revoked, idle or foreign token. */
    async customerOfToken(ctx: RequestContext, token: string): Promise<number | null> {
      const now = Date.now();
      const found = await repo.findActiveToken(q(ctx), ctx.store.id, hashToken(token), new Date(now - idleMs));
      if (!found) return null;
      // lastUsedAt drives the idle expiry; writing it at most every 5 minutes keeps reads cheap.
      if (now - found.lastUsedAt.getTime() > 5 * 60_000) await repo.touchToken(q(ctx), found.id, new Date(now));
      return found.customerId;
    },
    logout: (ctx: RequestContext, token: string | undefined) => logout(q(ctx), ctx, token),
    /** Ends every sign-in of a customer (staff blocked the account), in the caller's transaction. */
    revokeAllTokens: (ctx: RequestContext, customerId: number) => repo.revokeCustomerTokens(q(ctx), ctx.store.id, customerId, new Date()),

    /**
     * The sign-in limits, for the back office's staff sign-in as well: checks per address (over
     * all stores), and the lockout of an account after wrong passwords and codes.
     */
    signInLimits: {
      countCheck: (ctx: RequestContext) => limitAuthChecksPerIp(q(ctx), ctx, deps),
      assertNotLocked: (ctx: RequestContext, staffId: number, path: StaffSignInPath) => assertAccountNotLocked(q(ctx), ctx, deps, { staffId, path }),
      isLocked: (ctx: RequestContext, staffId: number, path: StaffSignInPath) => accountLocked(q(ctx), ctx, deps, { staffId, path }),
      recordFailure: (ctx: RequestContext, staffId: number, path: StaffSignInPath) => recordAccountFailure(q(ctx), ctx, deps, { staffId, path }),
      /** Counts a code emailed to a member against the same limits as customers' codes (per address, recipient and store). */
      reserveEmailCode: (ctx: RequestContext, email: string) => reserveCodeSends(q(ctx), ctx, deps, [{ to: email, channel: 'email' }]),
    },

    login: (ctx: RequestContext, input: { phone: string }) => login(q(ctx), ctx, input, deps),
    loginPasswordSubmit: (ctx: RequestContext, input: LoginPasswordSubmitBody) => loginPasswordSubmit(q(ctx), ctx, input, deps),
    loginSendOtp: (ctx: RequestContext, input: LoginSendOtpBody) => loginSendOtp(q(ctx), ctx, input, deps),
    loginOtpVerify: (ctx: RequestContext, input: LoginOtpVerifyBody) => loginOtpVerify(q(ctx), ctx, input, deps),
    resendCode: (ctx: RequestContext, input: OtpResendBody & { purpose: OtpPurpose; voice: boolean }) => resendCode(q(ctx), ctx, input, deps),

    register: (ctx: RequestContext, input: RegisterBody) => register(q(ctx), ctx, input, deps),
    registerOtpVerify: (ctx: RequestContext, input: RegisterOtpVerifyBody) => registerOtpVerify(q(ctx), ctx, input, deps),

    forgotPasswordSendOtp: (ctx: RequestContext, input: { identifier: string; field: string }) => forgotPasswordSendOtp(q(ctx), ctx, input, deps),
    forgotPasswordOtpSubmit: (ctx: RequestContext, input: { userId: number; regId: number; otp: string }) => forgotPasswordOtpSubmit(q(ctx), ctx, input, deps),
    submitNewPassword: (ctx: RequestContext, input: SubmitNewPasswordBody) => submitNewPassword(q(ctx), ctx, input, deps),

    updateProfile: (ctx: RequestContext, input: UpdateProfileBody) => profile.updateProfile(q(ctx), ctx, input, deps),
    userUpdate: (ctx: RequestContext, input: UserUpdateBody) => profile.userUpdate(q(ctx), ctx, input, deps),
    verifyProfileIdentifier: (ctx: RequestContext, input: VerifyProfileIdentifierBody) => profile.verifyProfileIdentifier(q(ctx), ctx, input, deps),
    resendProfileCode: (ctx: RequestContext, input: { regId: number; voice: boolean }) => profile.resendProfileCode(q(ctx), ctx, input, deps),
    updatePassword: (ctx: RequestContext, input: CustomerUpdatePasswordBody & { currentToken?: string }) => profile.updatePassword(q(ctx), ctx, input, deps),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
