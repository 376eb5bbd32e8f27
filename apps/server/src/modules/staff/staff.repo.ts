import { and, asc, desc, eq, gt, inArray, isNull, isNotNull, lt, ne, sql } from 'drizzle-orm';
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

// ---------- Sign-ins (tokens) ----------

export type StaffFirstFactor = (typeof staffTokens.$inferSelect)['firstFactor'];
export type StaffSecondFactor = NonNullable<(typeof staffTokens.$inferSelect)['secondFactor']>;
export type StaffTokenRow = typeof staffTokens.$inferSelect;

export interface NewStaffToken {
  storeId: number;
  staffId: number;
  tokenHash: string;
  firstFactor: StaffFirstFactor;
  secondFactor: StaffSecondFactor | null;
  createdAt: Date;
  lastUsedAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export async function insertToken(db: Executor, values: NewStaffToken): Promise<number> {
  const [row] = await db.insert(staffTokens).values(values).returning({ id: staffTokens.id });
  return row!.id;
}

/** Live sign-ins: not revoked, used since `usedAfter` (the idle limit) and begun since `createdAfter` (the absolute lifetime). */
function live(usedAfter: Date, createdAfter: Date) {
  return and(isNull(staffTokens.revokedAt), gt(staffTokens.lastUsedAt, usedAfter), gt(staffTokens.createdAt, createdAfter));
}

/** A live token of this store with its active member (revoked, idle, expired, another store's or a removed member's tokens are not found). */
export async function findActiveToken(db: Executor, storeId: number, tokenHash: string, usedAfter: Date, createdAfter: Date) {
  const [row] = await db.select({
    id: staffTokens.id, lastUsedAt: staffTokens.lastUsedAt, ip: staffTokens.ip, firstFactor: staffTokens.firstFactor, secondFactor: staffTokens.secondFactor,
    staffId: staff.id, role: staff.role, totpEnabled: staff.totpEnabled,
  }).from(staffTokens)
    .innerJoin(staff, and(eq(staff.id, staffTokens.staffId), eq(staff.storeId, staffTokens.storeId)))
    .where(and(eq(staffTokens.tokenHash, tokenHash), eq(staffTokens.storeId, storeId), live(usedAfter, createdAfter), eq(staff.status, 'active')))
    .limit(1);
  return row ?? null;
}

/** The member's live sign-ins, the latest used first. */
export async function listLiveTokens(db: Executor, storeId: number, staffId: number, usedAfter: Date, createdAfter: Date): Promise<StaffTokenRow[]> {
  return db.select().from(staffTokens)
    .where(and(eq(staffTokens.storeId, storeId), eq(staffTokens.staffId, staffId), live(usedAfter, createdAfter)))
    .orderBy(desc(staffTokens.lastUsedAt), desc(staffTokens.id));
}

export async function touchToken(db: Executor, id: number, now: Date, ip: string | null): Promise<void> {
  await db.update(staffTokens).set({ lastUsedAt: now, ...(ip ? { ip } : {}) }).where(eq(staffTokens.id, id));
}

/** What a sign-in proved second: set when the member turns two-factor on in it, cleared when they turn it off. */
export async function setSecondFactor(db: Executor, id: number, secondFactor: StaffSecondFactor | null): Promise<void> {
  await db.update(staffTokens).set({ secondFactor }).where(eq(staffTokens.id, id));
}

export async function revokeToken(db: Executor, storeId: number, tokenHash: string, now: Date): Promise<void> {
  await db.update(staffTokens).set({ revokedAt: now })
    .where(and(eq(staffTokens.storeId, storeId), eq(staffTokens.tokenHash, tokenHash), isNull(staffTokens.revokedAt)));
}

/** Ends one sign-in of a member; false when it is not theirs or already ended. */
export async function revokeTokenById(db: Executor, storeId: number, staffId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db.update(staffTokens).set({ revokedAt: now })
    .where(and(eq(staffTokens.storeId, storeId), eq(staffTokens.staffId, staffId), eq(staffTokens.id, id), isNull(staffTokens.revokedAt)))
    .returning({ id: staffTokens.id });
  return rows.length === 1;
}

/** Ends every sign-in of a member (role change, removal, password or two-factor change), except `keepId`'s when given; answers how many ended. */
export async function revokeStaffTokens(db: Executor, storeId: number, staffId: number, now: Date, keepId?: number | null): Promise<number> {
  const rows = await db.update(staffTokens).set({ revokedAt: now }).where(and(
    eq(staffTokens.storeId, storeId), eq(staffTokens.staffId, staffId), isNull(staffTokens.revokedAt),
    keepId ? ne(staffTokens.id, keepId) : undefined,
  )).returning({ id: staffTokens.id });
  return rows.length;
}

// ---------- Two-factor sign-in ----------

export async function insertChallenge(db: Executor, values: {
  storeId: number; staffId: number; challengeHash: string; expiresAt: Date; firstFactor: StaffFirstFactor; emailCodeHash?: string;
}): Promise<void> {
  await db.insert(staffLoginChallenges).values(values);
}

/** A live challenge waiting for an authenticator code (`emailCode` false: its first factor is proved) or for the emailed code (true). */
export async function findLiveChallenge(db: Executor, storeId: number, challengeHash: string, now: Date, emailCode = false) {
  const [row] = await db.select().from(staffLoginChallenges).where(and(
    eq(staffLoginChallenges.storeId, storeId), eq(staffLoginChallenges.challengeHash, challengeHash),
    isNull(staffLoginChallenges.usedAt), gt(staffLoginChallenges.expiresAt, now),
    emailCode ? isNotNull(staffLoginChallenges.emailCodeHash) : isNull(staffLoginChallenges.emailCodeHash),
  )).limit(1);
  return row ?? null;
}

/** Marks the emailed code of a challenge typed, once (two requests with one code: one wins); its tries start again for the authenticator code. */
export async function proveEmailCode(db: Executor, id: number): Promise<boolean> {
  const rows = await db.update(staffLoginChallenges).set({ emailCodeHash: null, attempts: 0 })
    .where(and(eq(staffLoginChallenges.id, id), isNotNull(staffLoginChallenges.emailCodeHash))).returning({ id: staffLoginChallenges.id });
  return rows.length === 1;
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
