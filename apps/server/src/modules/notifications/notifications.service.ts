import { randomInt } from 'node:crypto';
import type { OutboxResponse } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { Config } from '../../config.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { assertUnderLimit, countHit, hitLimit, hitLimits, type Limit } from '../../lib/rate-limit.ts';
import { equalHex, hashOtp } from '../../lib/secrets.ts';
import * as repo from './notifications.repo.ts';
import type { Channel, OtpPurpose, OtpRow } from './notifications.repo.ts';
import type { Senders } from './senders.ts';

export type { Channel, OtpPurpose, OtpRow };

/** DOMAIN.md: valid at most 10 minutes, limited wrong tries per code. */
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_WRONG_TRIES = 5;

/** What the services of auth and customers need besides the database and the tenant. */
export interface ServiceDeps {
  config: Config;
  senders: Senders;
  /** The caller's address (rate limits). */
  ip: string;
  log?: { warn(obj: object, msg: string): void };
}

export interface OtpTarget {
  /** Email address or national mobile number, as stored on the customer. */
  to: string;
  channel: Channel;
  /** Country calling code for sms and voice. */
  dialCode?: string;
}

const PURPOSE_TEXT: Record<OtpPurpose, string> = {
  login: 'sign in',
  register: 'verify your account',
  reset: 'reset your password',
};

export function channelOf(recipient: string): Channel {
  return recipient.includes('@') ? 'email' : 'sms';
}

// ---------- Limits ----------

function window(deps: ServiceDeps): number {
  return deps.config.auth.rateLimitWindowSeconds;
}

/** Narrowest first, so a request refused per IP or recipient does not use up the store's or the global SMS budget. */
function sendLimits(ctx: RequestContext, deps: ServiceDeps, target: OtpTarget): Limit[] {
  const a = deps.config.auth;
  const w = window(deps);
  const message = 'Too many codes were requested. Please wait a while and try again.';
  const limits: Limit[] = [
    { key: `otp:ip:${deps.ip}`, max: a.otpLimitPerIp, windowSeconds: w, message },
    // Across stores: one phone number must not be pumped through several shops.
    { key: `otp:to:${target.to}`, max: a.otpLimitPerRecipient, windowSeconds: w, message },
    { key: `otp:store:${ctx.store.id}`, max: a.otpLimitPerStore, windowSeconds: w, message },
  ];
  if (target.channel !== 'email') limits.push({ key: 'otp:sms-global', max: a.smsLimitGlobal, windowSeconds: w, message });
  return limits;
}

/** Identifier look-ups, password checks and code checks from one address. */
export async function hitAuthLimitPerIp(db: Database, deps: ServiceDeps): Promise<void> {
  await hitLimit(db, { key: `auth:ip:${deps.ip}`, max: deps.config.auth.authLimitPerIp, windowSeconds: window(deps) });
}

function failureLimit(ctx: RequestContext, deps: ServiceDeps, customerId: number): Limit {
  return {
    key: `authfail:${ctx.store.id}:${customerId}`,
    max: deps.config.auth.failureLimitPerAccount,
    windowSeconds: window(deps),
    message: 'Too many failed attempts on this account. Please wait a while and try again.',
  };
}

/** Refuses when the account has had too many wrong passwords or codes in this window. */
export async function assertAccountNotLocked(db: Database, ctx: RequestContext, deps: ServiceDeps, customerId: number): Promise<void> {
  await assertUnderLimit(db, failureLimit(ctx, deps, customerId));
}

export async function recordAccountFailure(db: Database, ctx: RequestContext, deps: ServiceDeps, customerId: number): Promise<void> {
  await countHit(db, failureLimit(ctx, deps, customerId));
}

/** Counts the sends against every limit first (429 before anything is created). */
export async function reserveOtpSends(db: Database, ctx: RequestContext, deps: ServiceDeps, targets: OtpTarget[]): Promise<void> {
  for (const target of targets) await hitLimits(db, sendLimits(ctx, deps, target));
}

// ---------- Codes ----------

/** A new code for this purpose and recipient (voiding the live one), delivered; answers its id (the spec's regId). No rate limit: see sendOtp. */
export async function issueOtp(
  db: Database, ctx: RequestContext, deps: ServiceDeps,
  input: { customerId: number; purpose: OtpPurpose; target: OtpTarget },
): Promise<number> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  const { to } = input.target;
  const row = await db.transaction(async (tx) => {
    await repo.voidLiveOtps(tx, ctx.store.id, input.customerId, input.purpose, to, now);
    return repo.insertOtp(tx, {
      storeId: ctx.store.id, customerId: input.customerId, purpose: input.purpose, recipient: to,
      codeHash: hashOtp(deps.config.auth.otpPepper, { storeId: ctx.store.id, purpose: input.purpose, recipient: to, code }),
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    });
  });
  await deliverCode(db, ctx, deps, { target: input.target, purpose: input.purpose, code });
  return row.id;
}

/** Rate-limited send of a new code. */
export async function sendOtp(
  db: Database, ctx: RequestContext, deps: ServiceDeps,
  input: { customerId: number; purpose: OtpPurpose; target: OtpTarget },
): Promise<number> {
  await reserveOtpSends(db, ctx, deps, [input.target]);
  return issueOtp(db, ctx, deps, input);
}

/** The code `regId` if it belongs to this customer, store and purpose; otherwise a field error. */
export async function findCustomerOtp(
  db: Database, ctx: RequestContext, input: { customerId: number; regId: number; purpose: OtpPurpose; field: string },
): Promise<OtpRow> {
  const row = await repo.findOtp(db, ctx.store.id, input.regId);
  if (!row || row.customerId !== input.customerId || row.purpose !== input.purpose) {
    throw ValidationError.field(input.field, 'This code is not valid. Please request a new one.');
  }
  return row;
}

/**
 * Checks a code and uses it up. Wrong tries count against the code (at most 5) and against the
 * account; a used, replaced or expired code fails with a field error keyed `field`.
 */
export async function verifyOtp(
  db: Database, ctx: RequestContext, deps: ServiceDeps,
  input: { customerId: number; regId: number; purpose: OtpPurpose; code: string; field: string },
): Promise<OtpRow> {
  await hitAuthLimitPerIp(db, deps);
  await assertAccountNotLocked(db, ctx, deps, input.customerId);
  const row = await findCustomerOtp(db, ctx, input);
  const now = new Date();
  const fail = (message: string) => ValidationError.field(input.field, message);
  if (row.consumedAt) throw fail('This code has already been used. Please request a new one.');
  if (row.voidedAt) throw fail('A newer code was sent. Please enter the latest code.');
  if (row.expiresAt.getTime() <= now.getTime()) throw fail('This code has expired. Please request a new one.');
  if (row.attempts >= OTP_MAX_WRONG_TRIES) throw fail('Too many wrong tries. Please request a new code.');

  const code = input.code.trim();
  const hash = hashOtp(deps.config.auth.otpPepper, { storeId: ctx.store.id, purpose: row.purpose, recipient: row.recipient, code });
  if (!/^\d{6}$/.test(code) || !equalHex(hash, row.codeHash)) {
    const attempts = await repo.countWrongOtpTry(db, row.id, OTP_MAX_WRONG_TRIES);
    await recordAccountFailure(db, ctx, deps, input.customerId);
    if (attempts === null || attempts >= OTP_MAX_WRONG_TRIES) throw fail('Too many wrong tries. Please request a new code.');
    throw fail('The code is incorrect.');
  }
  if (!(await repo.consumeOtp(db, row.id, OTP_MAX_WRONG_TRIES, now))) throw fail('This code is no longer valid. Please request a new one.');
  return row;
}

/**
 * A new code in place of `regId` (resend or voice call): same customer, purpose and recipient.
 * Voice only reaches mobile numbers.
 */
export async function resendOtp(
  db: Database, ctx: RequestContext, deps: ServiceDeps,
  input: { customerId: number; regId: number; purpose: OtpPurpose; voice: boolean; dialCode: string },
): Promise<{ regId: number; to: string; channel: Channel }> {
  const old = await findCustomerOtp(db, ctx, { ...input, field: 'otp' });
  if (old.consumedAt) throw ValidationError.field('otp', 'This code has already been used. Please start again.');
  const emailRecipient = channelOf(old.recipient) === 'email';
  if (input.voice && emailRecipient) throw ValidationError.field('otp', 'A voice call can only reach a mobile number.');
  const channel: Channel = emailRecipient ? 'email' : input.voice ? 'voice' : 'sms';
  const regId = await sendOtp(db, ctx, deps, {
    customerId: input.customerId, purpose: input.purpose,
    target: { to: old.recipient, channel, dialCode: emailRecipient ? undefined : input.dialCode },
  });
  return { regId, to: old.recipient, channel };
}

// ---------- Delivery ----------

function composeText(channel: Channel, storeName: string, purpose: OtpPurpose, code: string): { subject: string; text: string } {
  const subject = `${storeName}: your one-time code`;
  if (channel === 'voice') {
    return { subject, text: `Your ${storeName} code is ${code.split('').join(' ')}. Again: ${code.split('').join(' ')}.` };
  }
  const body = `${code} is your ${storeName} code to ${PURPOSE_TEXT[purpose]}. It expires in 10 minutes. Never share it with anyone.`;
  if (channel === 'sms') return { subject, text: body };
  return { subject, text: `${body}\n\nIf you did not ask for this code, you can ignore this email.\n\n${storeName}` };
}

/**
 * Stores the message in the outbox (every sender does, for the record) and hands it to the
 * channel's sender. Outside production the outbox keeps the code so the demo works without SMS
 * or email; in production the stored text has the code masked.
 */
async function deliverCode(
  db: Database, ctx: RequestContext, deps: ServiceDeps,
  input: { target: OtpTarget; purpose: OtpPurpose; code: string },
): Promise<void> {
  const { target, purpose, code } = input;
  const keepCode = deps.config.env !== 'production';
  const { subject, text } = composeText(target.channel, ctx.store.name, purpose, code);
  const masked = keepCode ? text : text.replaceAll(code, '******').replaceAll(code.split('').join(' '), '* * * * * *');
  const id = await repo.insertOutboxMessage(db, {
    storeId: ctx.store.id, to: target.to, channel: target.channel, purpose,
    code: keepCode ? code : null, subject, text: masked,
  });
  const sender = target.channel === 'email' ? deps.senders.email : deps.senders.phone;
  if (!sender) return;
  try {
    await sender.send({ channel: target.channel, to: target.to, dialCode: target.dialCode, fromName: ctx.store.name, subject, text, code });
    await repo.markMessageDelivered(db, id, new Date());
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await repo.markMessageFailed(db, id, reason);
    deps.log?.warn({ messageId: id, channel: target.channel, sender: sender.name, reason }, 'message delivery failed');
    throw new AppError(503, 'We could not send the code right now. Please try again in a moment.', 'delivery_failed');
  }
}

// ---------- Dev outbox ----------

export async function listOutbox(db: Database, to: string | undefined): Promise<OutboxResponse> {
  const target = to?.trim();
  const normalised = target && target.includes('@') ? target.toLowerCase() : target?.replace(/[\s().-]/g, '');
  const rows = await repo.listOutboxMessages(db, normalised || undefined, 50);
  return {
    messages: rows.map((m) => ({
      to: m.to, channel: m.channel, purpose: m.purpose, code: m.code, text: m.text, created_at: m.createdAt.toISOString(),
    })),
  };
}
