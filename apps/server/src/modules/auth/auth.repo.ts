import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { authTokens, passwordResetTokens } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export interface ActiveToken {
  id: number;
  customerId: number;
  lastUsedAt: Date;
}

export async function insertAuthToken(db: Executor, values: { storeId: number; customerId: number; tokenHash: string }): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** A live token of this store (revoked, idle or another store's tokens are not found). */
export async function findActiveToken(db: Executor, storeId: number, tokenHash: string, usedAfter: Date): Promise<ActiveToken | null> {
  const [row] = await db.select({ id: authTokens.id, customerId: authTokens.customerId, lastUsedAt: authTokens.lastUsedAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.storeId, storeId), isNull(authTokens.revokedAt), gt(authTokens.lastUsedAt, usedAfter)))
    .limit(1);
  return row ?? null;
}

export async function touchToken(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, id));
}

export async function revokeToken(db: Executor, storeId: number, tokenHash: string, now: Date): Promise<void> {
  await db.update(authTokens).set({ revokedAt: now })
    .where(and(eq(authTokens.storeId, storeId), eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt)));
}

/** Revokes every live token of the customer, except `keepHash` (the one making the request) when given. */
export async function revokeCustomerTokens(db: Executor, storeId: number, customerId: number, now: Date, keepHash?: string): Promise<void> {
  await db.update(authTokens).set({ revokedAt: now }).where(and(
    eq(authTokens.storeId, storeId), eq(authTokens.customerId, customerId), isNull(authTokens.revokedAt),
    keepHash ? ne(authTokens.tokenHash, keepHash) : undefined,
  ));
}

export async function insertResetToken(db: Executor, values: { storeId: number; customerId: number; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Marks every unused reset token of the customer used (a newer one, or a finished reset, replaces them). */
export async function voidResetTokens(db: Executor, storeId: number, customerId: number, now: Date): Promise<void> {
  await db.update(passwordResetTokens).set({ usedAt: now }).where(and(
    eq(passwordResetTokens.storeId, storeId), eq(passwordResetTokens.customerId, customerId), isNull(passwordResetTokens.usedAt),
  ));
}

export async function findLiveResetToken(db: Executor, storeId: number, customerId: number, tokenHash: string, now: Date): Promise<{ id: number } | null> {
  const [row] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(and(
    eq(passwordResetTokens.storeId, storeId), eq(passwordResetTokens.customerId, customerId), eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now),
  )).limit(1);
  return row ?? null;
}

/** Uses a reset token once; false when another request used it first. */
export async function useResetToken(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db.update(passwordResetTokens).set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}
