import type { OtpSentResponse } from '@gemstore/contracts';
import type { RequestContext } from '../../lib/context.ts';
import type { Executor as Database } from '../../lib/db.ts';
import { ValidationError } from '../../lib/errors.ts';
import { channelOf, CODE_NOT_VALID, type Channel, type OtpPurpose, type OtpRow, type OtpTarget } from '../notifications/notifications.service.ts';
import type { AuthDeps } from './auth.deps.ts';
import { assertAccountNotLocked, limitAuthChecksPerIp, recordAccountFailure, reserveCodeSends } from './auth.limits.ts';
import { maskDestination } from './identifier.ts';

/**
 * One-time codes as the sign-in flows and the profile use them: the limits of auth.limits.ts
 * around the codes of the notifications module.
 */

/** Counts the send against every limit, then sends a new code; answers its regId. */
export async function sendCode(
  db: Database, ctx: RequestContext, deps: AuthDeps, input: { customerId: number; purpose: OtpPurpose; target: OtpTarget },
): Promise<number> {
  await reserveCodeSends(db, ctx, deps, [input.target]);
  return deps.notifications.issueOtp(ctx, input);
}

/** The same limits and the same answer as sendCode, for a request that must not reach anyone. */
export async function sendDecoyCode(
  db: Database, ctx: RequestContext, deps: AuthDeps, input: { userId: number; purpose: OtpPurpose; to: string },
): Promise<number> {
  await reserveCodeSends(db, ctx, deps, [{ to: input.to, channel: channelOf(input.to) }]);
  return deps.notifications.issueDecoyOtp(ctx, { userId: input.userId, purpose: input.purpose, recipient: input.to });
}

/**
 * Checks a code of the flow `userId` was given and uses it up; a field error keyed `field`
 * otherwise. Every check counts against the caller's address, every wrong try against the
 * account (the same for decoys, so the answers tell nothing apart).
 */
export async function checkCode(
  db: Database, ctx: RequestContext, deps: AuthDeps,
  input: { userId: number; regId: number; purpose: OtpPurpose; code: string; field: string },
): Promise<OtpRow> {
  await limitAuthChecksPerIp(db, ctx, deps);
  await assertAccountNotLocked(db, ctx, deps, input.userId);
  const result = await deps.notifications.checkOtp(ctx, input);
  if (result.ok) return result.row;
  if (result.wrongTry) await recordAccountFailure(db, ctx, deps, input.userId);
  throw ValidationError.field(input.field, result.message);
}

/**
 * A new code in place of `regId` (resend or voice call): same flow, purpose and recipient. Voice
 * only reaches mobile numbers. The answer shows the destination masked: the call names only the
 * code. `dialCode` gives the country calling code of a customer's number.
 */
export async function resendCode(
  db: Database, ctx: RequestContext, deps: AuthDeps,
  input: { userId: number; regId: number; purpose: OtpPurpose; voice: boolean },
  dialCode: (customerId: number) => Promise<string | undefined>,
): Promise<OtpSentResponse> {
  const old = await deps.notifications.findFlowOtp(ctx, input);
  if (!old) throw ValidationError.field('otp', CODE_NOT_VALID);
  if (old.consumedAt) throw ValidationError.field('otp', 'This code has already been used. Please start again.');
  const email = channelOf(old.recipient) === 'email';
  if (input.voice && email) throw ValidationError.field('otp', 'A voice call can only reach a mobile number.');
  const channel: Channel = email ? 'email' : input.voice ? 'voice' : 'sms';
  const regId = old.customerId === null
    ? await sendDecoyCode(db, ctx, deps, { userId: input.userId, purpose: input.purpose, to: old.recipient })
    : await sendCode(db, ctx, deps, {
      customerId: old.customerId, purpose: input.purpose,
      target: { to: old.recipient, channel, dialCode: email ? undefined : await dialCode(old.customerId) },
    });
  return { userId: input.userId, regId, phone: maskDestination(old.recipient), isPhone: !email };
}
