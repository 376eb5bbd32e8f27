import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { otpCodes, outboxMessages } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export type OtpRow = typeof otpCodes.$inferSelect;
export type OtpPurpose = OtpRow['purpose'];
export type Channel = typeof outboxMessages.$inferSelect['channel'];
export type OutboxRow = typeof outboxMessages.$inferSelect;

/** Whose codes: a customer's, or the decoys handed out under one userId. */
export type CodeOwner = { customerId: number } | { decoyUserId: number };

function ownedBy(owner: CodeOwner) {
  return 'customerId' in owner
    ? eq(otpCodes.customerId, owner.customerId)
    : and(isNull(otpCodes.customerId), eq(otpCodes.decoyUserId, owner.decoyUserId));
}

/** Voids every live code of this purpose for this recipient (a resend replaces the old code). */
export async function voidLiveOtps(db: Executor, storeId: number, owner: CodeOwner, purpose: OtpPurpose, recipient: string, now: Date): Promise<void> {
  await db.update(otpCodes).set({ voidedAt: now }).where(and(
    eq(otpCodes.storeId, storeId), ownedBy(owner), eq(otpCodes.purpose, purpose),
    eq(otpCodes.recipient, recipient), isNull(otpCodes.consumedAt), isNull(otpCodes.voidedAt),
  ));
}

export async function insertOtp(db: Executor, values: typeof otpCodes.$inferInsert): Promise<OtpRow> {
  const [row] = await db.insert(otpCodes).values(values).returning();
  return row!;
}

/** True when a failed insert hit the unique index of reg_id (two random ids met). */
export function isRegIdCollision(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as { code?: unknown; constraint_name?: unknown; constraint?: unknown };
    if (x.code === '23505' && String(x.constraint_name ?? x.constraint ?? '') === 'otp_codes_reg_id') return true;
  }
  return false;
}

export async function findOtpByRegId(db: Executor, storeId: number, regId: number): Promise<OtpRow | null> {
  const [row] = await db.select().from(otpCodes).where(and(eq(otpCodes.storeId, storeId), eq(otpCodes.regId, regId))).limit(1);
  return row ?? null;
}

/** The customer's live code of this purpose for this recipient, if any. */
export async function findLiveOtp(db: Executor, storeId: number, customerId: number, purpose: OtpPurpose, recipient: string, now: Date): Promise<OtpRow | null> {
  const [row] = await db.select().from(otpCodes).where(and(
    eq(otpCodes.storeId, storeId), eq(otpCodes.customerId, customerId), eq(otpCodes.purpose, purpose), eq(otpCodes.recipient, recipient),
    isNull(otpCodes.consumedAt), isNull(otpCodes.voidedAt), gt(otpCodes.expiresAt, now),
  )).orderBy(desc(otpCodes.id)).limit(1);
  return row ?? null;
}

/** Counts one wrong try, never past `max` (two racing guesses cannot earn a sixth). */
export async function countWrongOtpTry(db: Executor, id: number, max: number): Promise<number | null> {
  const [row] = await db.update(otpCodes).set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, id), lt(otpCodes.attempts, max)))
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts ?? null;
}

/** Marks a code used if it is still live; false when another request used, voided or exhausted it first. */
export async function consumeOtp(db: Executor, id: number, max: number, now: Date): Promise<boolean> {
  const rows = await db.update(otpCodes).set({ consumedAt: now }).where(and(
    eq(otpCodes.id, id), isNull(otpCodes.consumedAt), isNull(otpCodes.voidedAt), gt(otpCodes.expiresAt, now), lt(otpCodes.attempts, max),
  )).returning({ id: otpCodes.id });
  return rows.length === 1;
}

export async function insertOutboxMessage(db: Executor, values: typeof outboxMessages.$inferInsert): Promise<number> {
  const [row] = await db.insert(outboxMessages).values(values).returning({ id: outboxMessages.id });
  return row!.id;
}

/** Writes a message unless one with its dedupe key exists; answers its id, or null for a repeat. */
export async function insertOutboxMessageOnce(db: Executor, values: typeof outboxMessages.$inferInsert): Promise<number | null> {
  const [row] = await db.insert(outboxMessages).values(values).onConflictDoNothing({ target: [outboxMessages.dedupeKey, outboxMessages.storeId] }).returning({ id: outboxMessages.id });
  return row?.id ?? null;
}

export async function markMessageDelivered(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(outboxMessages).set({ deliveredAt: now, error: null }).where(eq(outboxMessages.id, id));
}

export async function markMessageFailed(db: Executor, id: number, error: string): Promise<void> {
  await db.update(outboxMessages).set({ error: error.slice(0, 500) }).where(eq(outboxMessages.id, id));
}

/** Newest first; every store (the dev outbox is not tenant-scoped). */
export async function listOutboxMessages(db: Executor, to: string | undefined, limit: number, storeId?: number): Promise<OutboxRow[]> {
  return db.select().from(outboxMessages)
    .where(and(to ? eq(outboxMessages.to, to) : undefined, storeId === undefined ? undefined : eq(outboxMessages.storeId, storeId)))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(limit);
}

export async function findOutboxMessage(db: Executor, id: number): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).limit(1);
  return row ?? null;
}
