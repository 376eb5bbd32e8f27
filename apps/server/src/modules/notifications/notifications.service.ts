import { randomInt } from 'node:crypto';
import type { OutboxResponse } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';
import type { Config } from '../../config.ts';
import { executor, type RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { equalHex, hashOtp } from '../../lib/secrets.ts';
import * as repo from './notifications.repo.ts';
import type { Channel, CodeOwner, OtpPurpose, OtpRow } from './notifications.repo.ts';
import type { Senders } from './senders.ts';

export type { Channel, OtpPurpose, OtpRow };

/** A code is valid at most 10 minutes and allows a few wrong tries (OWASP ASVS's bounds for one-time codes). */
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_WRONG_TRIES = 5;

/** What the code and delivery steps use besides the database and the request context. */
interface ServiceDeps {
  config: Config;
  senders: Senders;
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
  change: 'confirm your new email or mobile number',
};

export function channelOf(recipient: string): Channel {
  return recipient.includes('@') ? 'email' : 'sms';
}

// ---------- Codes ----------
// Rate limits and account lockout belong to the callers (auth owns them: auth.limits.ts).

/** regIds are random below 2^48 (a JavaScript-safe integer), so holding one proves the caller started that flow. */
const REG_ID_LIMIT = 2 ** 48;

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Voids the owner's live code for this purpose and recipient, then stores a new one; answers the row. */
async function storeCode(
  db: Executor, ctx: RequestContext, deps: ServiceDeps,
  input: { owner: CodeOwner; purpose: OtpPurpose; recipient: string; code: string },
): Promise<OtpRow> {
  const now = new Date();
  const { owner, purpose, recipient, code } = input;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await repo.voidLiveOtps(tx, ctx.store.id, owner, purpose, recipient, now);
        return repo.insertOtp(tx, {
          regId: randomInt(1, REG_ID_LIMIT),
          storeId: ctx.store.id,
          customerId: 'customerId' in owner ? owner.customerId : null,
          decoyUserId: 'decoyUserId' in owner ? owner.decoyUserId : null,
          purpose, recipient,
          codeHash: hashOtp(deps.config.auth.otpPepper, { storeId: ctx.store.id, purpose, recipient, code }),
          expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        });
      });
    } catch (err) {
      if (attempt < 3 && repo.isRegIdCollision(err)) continue;
      throw err;
    }
  }
}

/** A new code for this purpose and recipient (voiding the live one), delivered; answers its regId. */
async function issueOtp(
  db: Executor, ctx: RequestContext, deps: ServiceDeps,
  input: { customerId: number; purpose: OtpPurpose; target: OtpTarget },
): Promise<number> {
  const code = newCode();
  const row = await storeCode(db, ctx, deps, { owner: { customerId: input.customerId }, purpose: input.purpose, recipient: input.target.to, code });
  await deliverCode(db, ctx, deps, { target: input.target, purpose: input.purpose, code });
  return row.regId;
}

/**
 * The answer to a code request for an account that does not exist or does not hold the
 * identifier: a code stored like a real one under the userId the caller was given (so resends,
 * wrong tries and replacements behave alike), but never sent and never accepted.
 */
async function issueDecoyOtp(
  db: Executor, ctx: RequestContext, deps: ServiceDeps,
  input: { userId: number; purpose: OtpPurpose; recipient: string },
): Promise<number> {
  const row = await storeCode(db, ctx, deps, { owner: { decoyUserId: input.userId }, purpose: input.purpose, recipient: input.recipient, code: newCode() });
  return row.regId;
}

/** The userId a code was handed out under: its customer's id, or a decoy's. */
export function flowUserId(row: OtpRow): number | null {
  return row.customerId ?? row.decoyUserId;
}

/** The code `regId` of this store and purpose, handed out under `userId`; null otherwise (decoys included). */
async function findFlowOtp(db: Executor, ctx: RequestContext, input: { userId: number; regId: number; purpose: OtpPurpose }): Promise<OtpRow | null> {
  const row = await repo.findOtpByRegId(db, ctx.store.id, input.regId);
  return row && row.purpose === input.purpose && flowUserId(row) === input.userId ? row : null;
}

/** The customer's live code of this purpose for this recipient, if one waits. */
async function findLiveOtp(db: Executor, ctx: RequestContext, input: { customerId: number; purpose: OtpPurpose; recipient: string }): Promise<OtpRow | null> {
  return repo.findLiveOtp(db, ctx.store.id, input.customerId, input.purpose, input.recipient, new Date());
}

export type CodeCheck =
  | { ok: true; row: OtpRow }
  /** `wrongTry`: a guess was counted against the code (the caller counts it against the account too). */
  | { ok: false; message: string; wrongTry: boolean };

export const CODE_NOT_VALID = 'This code is not valid. Please request a new one.';

/**
 * Checks a code and uses it up. At most 5 wrong tries per code; a used, replaced or expired code
 * fails. A decoy goes through every step a real code does and fails as a wrong code.
 */
async function checkOtp(
  db: Executor, ctx: RequestContext, deps: ServiceDeps,
  input: { userId: number; regId: number; purpose: OtpPurpose; code: string },
): Promise<CodeCheck> {
  const row = await findFlowOtp(db, ctx, input);
  const fail = (message: string, wrongTry = false): CodeCheck => ({ ok: false, message, wrongTry });
  if (!row) return fail(CODE_NOT_VALID);
  const now = new Date();
  if (row.consumedAt) return fail('This code has already been used. Please request a new one.');
  if (row.voidedAt) return fail('A newer code was sent. Please enter the latest code.');
  if (row.expiresAt.getTime() <= now.getTime()) return fail('This code has expired. Please request a new one.');
  if (row.attempts >= OTP_MAX_WRONG_TRIES) return fail('Too many wrong tries. Please request a new code.');

  const code = input.code.trim();
  const hash = hashOtp(deps.config.auth.otpPepper, { storeId: ctx.store.id, purpose: row.purpose, recipient: row.recipient, code });
  const right = /^\d{6}$/.test(code) && equalHex(hash, row.codeHash);
  if (!right || row.customerId === null) {
    const attempts = await repo.countWrongOtpTry(db, row.id, OTP_MAX_WRONG_TRIES);
    if (attempts === null || attempts >= OTP_MAX_WRONG_TRIES) return fail('Too many wrong tries. Please request a new code.', true);
    return fail('The code is incorrect.', true);
  }
  if (!(await repo.consumeOtp(db, row.id, OTP_MAX_WRONG_TRIES, now))) return fail('This code is no longer valid. Please request a new one.');
  return { ok: true, row };
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
  db: Executor, ctx: RequestContext, deps: ServiceDeps,
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
    ctx.log.warn({ messageId: id, channel: target.channel, sender: sender.name, reason }, 'message delivery failed');
    throw new AppError(503, 'We could not send the code right now. Please try again in a moment.', 'delivery_failed');
  }
}

// ---------- Dev outbox ----------

async function listOutbox(db: Executor, to: string | undefined, storeId?: number): Promise<OutboxResponse> {
  const target = to?.trim();
  const normalised = target && target.includes('@') ? target.toLowerCase() : target?.replace(/[\s().-]/g, '');
  const rows = await repo.listOutboxMessages(db, normalised || undefined, 50, storeId);
  return {
    messages: rows.map((m) => ({
      to: m.to, channel: m.channel, purpose: m.purpose, code: m.code, text: m.text, created_at: m.createdAt.toISOString(),
    })),
  };
}

// ---------- Emails ----------

interface Email {
  to: string;
  purpose: string;
  subject: string;
  text: string;
  /** A secret the text carries (an invitation link's token): the outbox keeps it only outside production. */
  secret?: string;
}

/**
 * Stores an email in the outbox first, then sends it when EMAIL_SENDER=smtp. A failed delivery
 * loses nothing (the outbox row keeps the error); `required` makes it a 503 for the caller.
 */
async function deliverEmail(db: Executor, ctx: RequestContext, deps: ServiceDeps, email: Email, required: boolean): Promise<void> {
  const { to, subject, text, secret } = email;
  const stored = secret && deps.config.env === 'production' ? text.replaceAll(secret, '…') : text;
  const messageId = await repo.insertOutboxMessage(db, { storeId: ctx.store.id, to, channel: 'email', purpose: email.purpose, subject, text: stored });
  const sender = deps.senders.email;
  if (!sender) return;
  try {
    await sender.send({ channel: 'email', to, fromName: ctx.store.name, subject, text, code: '' });
    await repo.markMessageDelivered(db, messageId, new Date());
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await repo.markMessageFailed(db, messageId, reason);
    ctx.log.warn({ messageId, reason }, `${email.purpose} email not delivered (the message is stored)`);
    if (required) throw new AppError(503, 'We could not send the email right now. Please try again in a moment.', 'delivery_failed');
  }
}

// ---------- Messages about a customer's orders ----------

/** A message to a customer about a step of their order, sent at most once per `dedupeKey`. */
export interface CustomerMessage {
  /** One message per event and channel (`order-event:12:email`). */
  dedupeKey: string;
  to: string;
  channel: 'email' | 'sms';
  /** Country calling code of an SMS's national number. */
  dialCode?: string;
  purpose: string;
  subject: string;
  text: string;
  html?: string;
  /** What an SMS template of the provider fills in (MSG91 flows): the text's facts by name. */
  variables?: Record<string, string>;
  /** When the step it tells of happened (the outbox's date for it). */
  at: Date;
}

/** A message written to the outbox and waiting to be handed to its sender. */
export interface QueuedMessage { id: number; message: CustomerMessage }

/**
 * Writes the message to the outbox in the caller's transaction (the step's own), unless a message
 * with its key exists: a step retried queues nothing. Answers what to deliver once the
 * transaction has committed (deliverQueued), or null.
 */
async function queueMessage(db: Executor, ctx: RequestContext, message: CustomerMessage): Promise<QueuedMessage | null> {
  const id = await repo.insertOutboxMessageOnce(db, {
    storeId: ctx.store.id, to: message.to, channel: message.channel, purpose: message.purpose,
    subject: message.subject, text: message.text, html: message.html ?? null, dedupeKey: message.dedupeKey, createdAt: message.at,
  });
  return id === null ? null : { id, message };
}

/**
 * Hands queued messages to their senders (SMTP, the SMS provider) after the step committed; with
 * the outbox sender the stored row is all there is. A refusal is kept on the row and logged, and
 * never undoes the step: the customer's order changed whether or not the email left.
 */
async function deliverQueued(db: Executor, ctx: RequestContext, deps: ServiceDeps, queued: QueuedMessage[]): Promise<void> {
  for (const { id, message } of queued) {
    const sender = message.channel === 'email' ? deps.senders.email : deps.senders.phone;
    if (!sender) continue;
    try {
      await sender.send({
        channel: message.channel, to: message.to, dialCode: message.dialCode, fromName: ctx.store.name,
        subject: message.subject, text: message.text, html: message.html, variables: message.variables, code: '',
      });
      await repo.markMessageDelivered(db, id, new Date());
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await repo.markMessageFailed(db, id, reason).catch(() => {});
      ctx.log.warn({ messageId: id, channel: message.channel, sender: sender.name, reason }, `${message.purpose} message not delivered (the message is stored)`);
    }
  }
}

/** One-time codes, messages and the development outbox. */
export function createNotificationsService({ db, config, senders }: { db: Database; config: Config; senders: Senders }) {
  const deps: ServiceDeps = { config, senders };
  return {
    issueOtp: (ctx: RequestContext, input: { customerId: number; purpose: OtpPurpose; target: OtpTarget }) => issueOtp(executor(db, ctx), ctx, deps, input),
    issueDecoyOtp: (ctx: RequestContext, input: { userId: number; purpose: OtpPurpose; recipient: string }) => issueDecoyOtp(executor(db, ctx), ctx, deps, input),
    findFlowOtp: (ctx: RequestContext, input: { userId: number; regId: number; purpose: OtpPurpose }) => findFlowOtp(executor(db, ctx), ctx, input),
    findLiveOtp: (ctx: RequestContext, input: { customerId: number; purpose: OtpPurpose; recipient: string }) => findLiveOtp(executor(db, ctx), ctx, input),
    checkOtp: (ctx: RequestContext, input: { userId: number; regId: number; purpose: OtpPurpose; code: string }) => checkOtp(executor(db, ctx), ctx, deps, input),
    /** A message to the store's own address (the enquiry form); a failed delivery is logged, not answered. */
    emailStore: (ctx: RequestContext, input: { purpose: 'enquiry'; subject: string; text: string }) =>
      deliverEmail(executor(db, ctx), ctx, deps, { ...input, to: ctx.store.email }, false),
    /** An email to a person (a staff invitation): 503 when it cannot be sent. */
    sendEmail: (ctx: RequestContext, email: Email) => deliverEmail(executor(db, ctx), ctx, deps, email, true),
    /** A message about a customer's order, written once per key in the caller's transaction; deliver it after the commit. */
    queue: (ctx: RequestContext, message: CustomerMessage) => queueMessage(executor(db, ctx), ctx, message),
    /** Sends messages queued by a step that has committed (never throws: a refusal is stored on the message). */
    deliverQueued: (ctx: RequestContext, queued: QueuedMessage[]) => deliverQueued(db, ctx, deps, queued),
    /** The development outbox (GET /api/dev/outbox): not for production. One store's messages when a store is named. */
    outbox: (to: string | undefined, storeId?: number) => listOutbox(db, to, storeId),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
