import { randomInt } from 'node:crypto';
import type { OutboxResponse } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';
import type { Config } from '../../config.ts';
import { executor, type RequestContext } from '../../lib/context.ts';
import type { JobInfo, Jobs } from '../../lib/jobs.ts';
import { equalHex, hashOtp, seal, unseal } from '../../lib/secrets.ts';
import * as repo from './notifications.repo.ts';
import type { Channel, CodeOwner, OtpPurpose, OtpRow } from './notifications.repo.ts';
import type { OutgoingMessage, Sender, Senders } from './senders.ts';

export type { Channel, OtpPurpose, OtpRow };

/** A code is valid at most 10 minutes and allows a few wrong tries (OWASP ASVS's bounds for one-time codes). */
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_WRONG_TRIES = 5;

/** What the code and delivery steps use besides the database and the request context. */
interface ServiceDeps {
  config: Config;
  senders: Senders;
  /** Where messages wait for their sender (the `message` queue). */
  jobs: Jobs;
}

/** The job queue of messages handed to a sender (SMTP, the SMS provider). */
export const MESSAGE_QUEUE = 'message';

/**
 * What a message job carries: its outbox row, and the message as it leaves, sealed under
 * OTP_PEPPER, since it may hold a code or an invitation's token that the outbox row masks.
 */
export interface MessageJob { messageId: number; sealed: string }

interface SealedMessage {
  message: OutgoingMessage;
  /** A code's message is worth nothing after the code expires: it is not sent after this. */
  expiresAt?: string;
}

function senderOf(deps: ServiceDeps, channel: Channel): Sender | null {
  return channel === 'email' ? deps.senders.email : deps.senders.phone;
}

/**
 * Queues the outbox row `messageId` for its channel's sender, in `db` (the transaction that wrote
 * the row, so the job exists exactly when the message does). With no sender for the channel (the
 * outbox default) the stored row is all there is and nothing is queued. Answers whether it queued.
 */
async function queueDelivery(db: Executor, deps: ServiceDeps, messageId: number, message: OutgoingMessage, expiresAt?: Date): Promise<boolean> {
  if (!senderOf(deps, message.channel)) return false;
  const sealed: SealedMessage = { message, ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}) };
  const job: MessageJob = { messageId, sealed: seal(deps.config.auth.otpPepper, JSON.stringify(sealed)) };
  await deps.jobs.send(MESSAGE_QUEUE, job, { tx: db });
  return true;
}

/**
 * The message job: hands the message to its sender once. A message already delivered (its job
 * tried again after the send) is not sent again; a refusal is kept on the row and thrown, so the
 * queue tries again later (MESSAGE_RETRY_LIMIT, MESSAGE_RETRY_DELAY_SECONDS).
 */
async function deliverJob(db: Database, deps: ServiceDeps, job: MessageJob, info: JobInfo): Promise<{ outcome: string }> {
  const row = await repo.findOutboxMessage(db, job.messageId);
  if (!row) return { outcome: 'gone' };
  if (row.deliveredAt) return { outcome: 'already delivered' };
  const { message, expiresAt } = JSON.parse(unseal(deps.config.auth.otpPepper, job.sealed)) as SealedMessage;
  if (expiresAt && Date.parse(expiresAt) <= Date.now()) {
    await repo.markMessageFailed(db, row.id, 'not sent: its code expired before the provider took it');
    return { outcome: 'expired' };
  }
  const sender = senderOf(deps, message.channel);
  if (!sender) {
    await repo.markMessageFailed(db, row.id, `not sent: no sender for ${message.channel} is configured`);
    return { outcome: 'no sender' };
  }
  try {
    await sender.send(message);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const last = info.retryCount >= info.retryLimit;
    await repo.markMessageFailed(db, row.id, last ? reason : `${reason} (try ${info.retryCount + 1} of ${info.retryLimit + 1}; tried again later)`);
    throw new Error(`${sender.name} did not take ${row.purpose} message ${row.id}: ${reason}`);
  }
  await repo.markMessageDelivered(db, row.id, new Date());
  return { outcome: 'sent' };
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
 * Stores the message in the outbox (every sender does, for the record) and queues it for the
 * channel's sender in the same transaction; the message job sends it, and tries again while the
 * provider refuses, until the code expires. Outside production the outbox keeps the code so the
 * demo works without SMS or email; in production the stored text has the code masked.
 */
async function deliverCode(
  db: Executor, ctx: RequestContext, deps: ServiceDeps,
  input: { target: OtpTarget; purpose: OtpPurpose; code: string },
): Promise<void> {
  const { target, purpose, code } = input;
  const keepCode = deps.config.env !== 'production';
  const { subject, text } = composeText(target.channel, ctx.store.name, purpose, code);
  const masked = keepCode ? text : text.replaceAll(code, '******').replaceAll(code.split('').join(' '), '* * * * * *');
  const outgoing: OutgoingMessage = { channel: target.channel, to: target.to, dialCode: target.dialCode, fromName: ctx.store.name, subject, text, code };
  const queued = await db.transaction(async (tx) => {
    const id = await repo.insertOutboxMessage(tx, {
      storeId: ctx.store.id, to: target.to, channel: target.channel, purpose,
      code: keepCode ? code : null, subject, text: masked,
    });
    return queueDelivery(tx, deps, id, outgoing, new Date(Date.now() + OTP_TTL_MS));
  });
  if (queued) deps.jobs.wake(MESSAGE_QUEUE);
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
 * Stores an email in the outbox and, when EMAIL_SENDER=smtp, queues it for the message job in the
 * same transaction: a provider that refuses it delays it, and loses nothing.
 */
async function deliverEmail(db: Executor, ctx: RequestContext, deps: ServiceDeps, email: Email): Promise<void> {
  const { to, subject, text, secret } = email;
  const stored = secret && deps.config.env === 'production' ? text.replaceAll(secret, '…') : text;
  const queued = await db.transaction(async (tx) => {
    const messageId = await repo.insertOutboxMessage(tx, { storeId: ctx.store.id, to, channel: 'email', purpose: email.purpose, subject, text: stored });
    return queueDelivery(tx, deps, messageId, { channel: 'email', to, fromName: ctx.store.name, subject, text, code: '' });
  });
  if (queued) deps.jobs.wake(MESSAGE_QUEUE);
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

/** A message written to the outbox (and queued for its sender) by a step. */
export interface QueuedMessage { id: number; message: CustomerMessage }

/**
 * Writes the message to the outbox, and queues it for its sender, in the caller's transaction (the
 * step's own), unless a message with its key exists: a step retried queues nothing.
 */
async function queueMessage(db: Executor, ctx: RequestContext, deps: ServiceDeps, message: CustomerMessage): Promise<QueuedMessage | null> {
  const id = await repo.insertOutboxMessageOnce(db, {
    storeId: ctx.store.id, to: message.to, channel: message.channel, purpose: message.purpose,
    subject: message.subject, text: message.text, html: message.html ?? null, dedupeKey: message.dedupeKey, createdAt: message.at,
  });
  if (id === null) return null;
  await queueDelivery(db, deps, id, {
    channel: message.channel, to: message.to, dialCode: message.dialCode, fromName: ctx.store.name,
    subject: message.subject, text: message.text, html: message.html, variables: message.variables, code: '',
  });
  return { id, message };
}

/** One-time codes, messages and the development outbox. */
export function createNotificationsService({ db, config, senders, jobs }: { db: Database; config: Config; senders: Senders; jobs: Jobs }) {
  const deps: ServiceDeps = { config, senders, jobs };
  return {
    issueOtp: (ctx: RequestContext, input: { customerId: number; purpose: OtpPurpose; target: OtpTarget }) => issueOtp(executor(db, ctx), ctx, deps, input),
    issueDecoyOtp: (ctx: RequestContext, input: { userId: number; purpose: OtpPurpose; recipient: string }) => issueDecoyOtp(executor(db, ctx), ctx, deps, input),
    findFlowOtp: (ctx: RequestContext, input: { userId: number; regId: number; purpose: OtpPurpose }) => findFlowOtp(executor(db, ctx), ctx, input),
    findLiveOtp: (ctx: RequestContext, input: { customerId: number; purpose: OtpPurpose; recipient: string }) => findLiveOtp(executor(db, ctx), ctx, input),
    checkOtp: (ctx: RequestContext, input: { userId: number; regId: number; purpose: OtpPurpose; code: string }) => checkOtp(executor(db, ctx), ctx, deps, input),
    /** A message to the store's own address (the enquiry form), stored and queued for its sender. */
    emailStore: (ctx: RequestContext, input: { purpose: 'enquiry'; subject: string; text: string }) =>
      deliverEmail(executor(db, ctx), ctx, deps, { ...input, to: ctx.store.email }),
    /** An email to a person (a staff invitation), stored and queued for its sender. */
    sendEmail: (ctx: RequestContext, email: Email) => deliverEmail(executor(db, ctx), ctx, deps, email),
    /** A message about a customer's order, written and queued once per key in the caller's transaction. */
    queue: (ctx: RequestContext, message: CustomerMessage) => queueMessage(executor(db, ctx), ctx, deps, message),
    /** After a step that queued messages committed: this process looks at the queue now rather than at its next poll. */
    deliverQueued: async (_ctx: RequestContext, queued: QueuedMessage[]): Promise<void> => { if (queued.length) jobs.wake(MESSAGE_QUEUE); },
    /** The message job's work (plugins/jobs.ts): sends one queued message, or throws for the queue to try again. */
    deliverJob: (job: MessageJob, info: JobInfo) => deliverJob(db, deps, job, info),
    /** The development outbox (GET /api/dev/outbox): not for production. One store's messages when a store is named. */
    outbox: (to: string | undefined, storeId?: number) => listOutbox(db, to, storeId),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
