import { and, asc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { staff, staffInvitations, staffLoginChallenges, staffRecoveryCodes, staffTokens } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export type StaffRow = typeof staff.$inferSelect;
export type StaffRole = StaffRow['role'];

// ---------- Members ----------

/** The live (invited or active) member of this store with this email. */
export async function findLiveByEmail(db: Executor, storeId: number, email: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff)
    .where(and(eq(staff.storeId, storeId), eq(staff.email, email), ne(staff.status, 'removed'))).limit(1);
  return row ?? null;
}

export async function findById(db: Executor, storeId: number, id: number): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(and(eq(staff.storeId, storeId), eq(staff.id, id))).limit(1);
  return row ?? null;
}

export async function findByIds(db: Executor, storeId: number, ids: number[]): Promise<StaffRow[]> {
  return db.select().from(staff).where(and(eq(staff.storeId, storeId), inArray(staff.id, ids)));
}

/** Invited and active members, oldest first. */
export async function listLive(db: Executor, storeId: number): Promise<StaffRow[]> {
  return db.select().from(staff).where(and(eq(staff.storeId, storeId), ne(staff.status, 'removed'))).orderBy(asc(staff.id));
}

export async function insertStaff(db: Executor, values: typeof staff.$inferInsert): Promise<StaffRow> {
  const [row] = await db.insert(staff).values(values).returning();
  return row!;
}

export async function updateStaff(db: Executor, storeId: number, id: number, values: Partial<typeof staff.$inferInsert>): Promise<StaffRow | null> {
  const [row] = await db.update(staff).set(values).where(and(eq(staff.storeId, storeId), eq(staff.id, id))).returning();
  return row ?? null;
}

/** Accepts a TOTP step only when it is later than the last one accepted (two requests with one code: one wins). */
export async function advanceTotpStep(db: Executor, storeId: number, id: number, step: number): Promise<boolean> {
  const rows = await db.update(staff).set({ totpLastStep: step }).where(and(
    eq(staff.storeId, storeId), eq(staff.id, id),
    sql`(${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`,
  )).returning({ id: staff.id });
  return rows.length === 1;
}

/** Active owners of the store (the last one may not be demoted or removed). */
export async function countActiveOwners(db: Executor, storeId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(staff)
    .where(and(eq(staff.storeId, storeId), eq(staff.role, 'owner'), eq(staff.status, 'active')));
  return row?.n ?? 0;
}

// ---------- Tokens ----------

export async function insertToken(db: Executor, values: { storeId: number; staffId: number; tokenHash: string }): Promise<void> {
  await db.insert(staffTokens).values(values);
}

/** A live token of this store with its active member (revoked, idle, another store's or a removed member's tokens are not found). */
export async function findActiveToken(db: Executor, storeId: number, tokenHash: string, usedAfter: Date) {
  const [row] = await db.select({
    id: staffTokens.id, lastUsedAt: staffTokens.lastUsedAt, staffId: staff.id, role: staff.role, totpEnabled: staff.totpEnabled,
  }).from(staffTokens)
    .innerJoin(staff, and(eq(staff.id, staffTokens.staffId), eq(staff.storeId, staffTokens.storeId)))
    .where(and(
      eq(staffTokens.tokenHash, tokenHash), eq(staffTokens.storeId, storeId), isNull(staffTokens.revokedAt),
      gt(staffTokens.lastUsedAt, usedAfter), eq(staff.status, 'active'),
    ))
    .limit(1);
  return row ?? null;
}

export async function touchToken(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(staffTokens).set({ lastUsedAt: now }).where(eq(staffTokens.id, id));
}

export async function revokeToken(db: Executor, storeId: number, tokenHash: string, now: Date): Promise<void> {
  await db.update(staffTokens).set({ revokedAt: now })
    .where(and(eq(staffTokens.storeId, storeId), eq(staffTokens.tokenHash, tokenHash), isNull(staffTokens.revokedAt)));
}

/** Ends every sign-in of a member (role change, removal, two-factor turned off), except `keepHash`'s when given. */
export async function revokeStaffTokens(db: Executor, storeId: number, staffId: number, now: Date, keepHash?: string): Promise<void> {
  await db.update(staffTokens).set({ revokedAt: now }).where(and(
    eq(staffTokens.storeId, storeId), eq(staffTokens.staffId, staffId), isNull(staffTokens.revokedAt),
    keepHash ? ne(staffTokens.tokenHash, keepHash) : undefined,
  ));
}

// ---------- Two-factor sign-in ----------

export async function insertChallenge(db: Executor, values: { storeId: number; staffId: number; challengeHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(staffLoginChallenges).values(values);
}

export async function findLiveChallenge(db: Executor, storeId: number, challengeHash: string, now: Date) {
  const [row] = await db.select().from(staffLoginChallenges).where(and(
    eq(staffLoginChallenges.storeId, storeId), eq(staffLoginChallenges.challengeHash, challengeHash),
    isNull(staffLoginChallenges.usedAt), gt(staffLoginChallenges.expiresAt, now),
  )).limit(1);
  return row ?? null;
}

/** Counts a wrong code against a challenge; answers the tries so far, or null when it was already at `max`. */
export async function countWrongTry(db: Executor, id: number, max: number): Promise<number | null> {
  const [row] = await db.update(staffLoginChallenges).set({ attempts: sql`${staffLoginChallenges.attempts} + 1` })
    .where(and(eq(staffLoginChallenges.id, id), lt(staffLoginChallenges.attempts, max)))
    .returning({ attempts: staffLoginChallenges.attempts });
  return row?.attempts ?? null;
}

/** Uses a challenge once; false when another request used it first. */
export async function useChallenge(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db.update(staffLoginChallenges).set({ usedAt: now })
    .where(and(eq(staffLoginChallenges.id, id), isNull(staffLoginChallenges.usedAt))).returning({ id: staffLoginChallenges.id });
  return rows.length === 1;
}

// ---------- Recovery codes ----------

export async function replaceRecoveryCodes(db: Executor, storeId: number, staffId: number, codeHashes: string[]): Promise<void> {
  await db.delete(staffRecoveryCodes).where(and(eq(staffRecoveryCodes.storeId, storeId), eq(staffRecoveryCodes.staffId, staffId)));
  if (codeHashes.length) await db.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ storeId, staffId, codeHash })));
}

/** Uses an unused recovery code of the member once; false when there is none with this hash. */
export async function useRecoveryCode(db: Executor, storeId: number, staffId: number, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db.update(staffRecoveryCodes).set({ usedAt: now }).where(and(
    eq(staffRecoveryCodes.storeId, storeId), eq(staffRecoveryCodes.staffId, staffId),
    eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt),
  )).returning({ id: staffRecoveryCodes.id });
  return rows.length === 1;
}

// ---------- Invitations ----------

export async function insertInvitation(db: Executor, values: { storeId: number; staffId: number; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(staffInvitations).values(values);
}

/** Marks every unused invitation of the member used (a new one replaces them; removal withdraws them). */
export async function voidInvitations(db: Executor, storeId: number, staffId: number, now: Date): Promise<void> {
  await db.update(staffInvitations).set({ usedAt: now })
    .where(and(eq(staffInvitations.storeId, storeId), eq(staffInvitations.staffId, staffId), isNull(staffInvitations.usedAt)));
}

/** A live invitation of this store with its invited member. */
export async function findLiveInvitation(db: Executor, storeId: number, tokenHash: string, now: Date) {
  const [row] = await db.select({ id: staffInvitations.id, member: staff }).from(staffInvitations)
    .innerJoin(staff, and(eq(staff.id, staffInvitations.staffId), eq(staff.storeId, staffInvitations.storeId)))
    .where(and(
      eq(staffInvitations.storeId, storeId), eq(staffInvitations.tokenHash, tokenHash),
      isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now), eq(staff.status, 'invited'),
    )).limit(1);
  return row ?? null;
}

/** Uses an invitation once; false when another request used it first or it expired meanwhile. */
export async function useInvitation(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db.update(staffInvitations).set({ usedAt: now })
    .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now)))
    .returning({ id: staffInvitations.id });
  return rows.length === 1;
}
