import type { RequestContext } from '../../lib/context.ts';
import type { Executor as Database } from '../../lib/db.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import { addressKey, assertUnderLimit, countHit, hitLimit, hitLimits, type Limit } from '../../lib/rate-limit.ts';
import type { OtpTarget } from '../notifications/notifications.service.ts';
import type { AuthDeps } from './auth.deps.ts';

/**
 * The limits of sign-in, registration, password reset and profile codes (README: what an attacker
 * gets). Each is a token bucket of `max` that refills at `max` per RATE_LIMIT_WINDOW_SECONDS. Per
 * address means an IPv4 address or an IPv6 /64. The caps one attacker can reach (per address, per
 * recipient, per account) bite before the ones every shopper shares (per store, global SMS).
 */

const CODES_MESSAGE = 'Too many codes were requested. Please wait a while and try again.';
const LOCKED_MESSAGE = 'Too many failed attempts on this account. Please wait a while and try again.';

function windowSeconds(deps: AuthDeps): number {
  return deps.config.auth.rateLimitWindowSeconds;
}

/** Narrowest first, so a request refused per address or recipient uses up none of the store's or the global SMS budget. */
function sendLimits(ctx: RequestContext, deps: AuthDeps, target: OtpTarget): Limit[] {
  const a = deps.config.auth;
  const w = windowSeconds(deps);
  const limits: Limit[] = [
    { key: `otp:ip:${addressKey(ctx.ip)}`, max: a.otpLimitPerIp, windowSeconds: w, message: CODES_MESSAGE },
    // Across stores: one phone number must not be pumped through several shops.
    { key: `otp:to:${target.to}`, max: a.otpLimitPerRecipient, windowSeconds: w, message: CODES_MESSAGE },
    // The store's own budget: no other store's traffic counts against it.
    { key: `otp:store:${ctx.store.id}`, max: a.otpLimitPerStore, windowSeconds: w, message: CODES_MESSAGE },
  ];
  if (target.channel !== 'email') limits.push({ key: 'otp:sms-global', max: a.smsLimitGlobal, windowSeconds: w, message: CODES_MESSAGE });
  return limits;
}

/**
 * Counts code sends against every limit before anything is sent or created (429 first). Decoy
 * answers count exactly like real sends, so the limits tell nobody which accounts exist.
 */
export async function reserveCodeSends(db: Database, ctx: RequestContext, deps: AuthDeps, targets: OtpTarget[]): Promise<void> {
  for (const target of targets) await hitLimits(db, sendLimits(ctx, deps, target));
}

/** Identifier look-ups, password checks and code checks from one address (over all stores). */
export async function limitAuthChecksPerIp(db: Database, ctx: RequestContext, deps: AuthDeps): Promise<void> {
  await hitLimit(db, { key: `auth:ip:${addressKey(ctx.ip)}`, max: deps.config.auth.authLimitPerIp, windowSeconds: windowSeconds(deps) });
}

/**
 * Whose wrong passwords and codes a lockout counts: a customer's, or (the back office) a staff
 * member's, whose password and second-factor codes are counted apart, so guessing passwords
 * never shuts out a member who proves the second factor.
 */
export type SignInAccount = number | { staffId: number; path: StaffSignInPath };
/** The back office's two lockouts: wrong passwords, and wrong authenticator or recovery codes. */
export type StaffSignInPath = 'password' | 'code';

function failureLimit(ctx: RequestContext, deps: AuthDeps, account: SignInAccount): Limit {
  const who = typeof account === 'number' ? String(account) : `staff:${account.staffId}${account.path === 'code' ? ':code' : ''}`;
  return { key: `authfail:${ctx.store.id}:${who}`, max: deps.config.auth.failureLimitPerAccount, windowSeconds: windowSeconds(deps), message: LOCKED_MESSAGE };
}

/** Refuses while the account's bucket of wrong passwords and codes is empty. */
export async function assertAccountNotLocked(db: Database, ctx: RequestContext, deps: AuthDeps, account: SignInAccount): Promise<void> {
  await assertUnderLimit(db, failureLimit(ctx, deps, account));
}

/** Whether the account's bucket is empty (assertAccountNotLocked without the refusal). */
export async function accountLocked(db: Database, ctx: RequestContext, deps: AuthDeps, account: SignInAccount): Promise<boolean> {
  try {
    await assertAccountNotLocked(db, ctx, deps, account);
    return false;
  } catch (err) {
    if (err instanceof TooManyRequestsError) return true;
    throw err;
  }
}

export async function recordAccountFailure(db: Database, ctx: RequestContext, deps: AuthDeps, account: SignInAccount): Promise<void> {
  await countHit(db, failureLimit(ctx, deps, account));
}
