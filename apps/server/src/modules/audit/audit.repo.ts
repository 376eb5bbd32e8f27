import { and, count, countDistinct, desc, eq, gt, max, type SQL } from 'drizzle-orm';
import { type AuditChanges, auditLog } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export interface AuditEntryInput {
  storeId: number;
  staffId: number | null;
  action: string;
  objectType: string;
  objectId: string;
  changes: AuditChanges;
  ip: string | null;
}

/** Writes entries in one statement (a bulk change of a thousand stones is one insert, not a thousand). */
export async function insertEntries(db: Executor, entries: AuditEntryInput[]): Promise<void> {
  if (entries.length) await db.insert(auditLog).values(entries);
}

export interface AuditFilter {
  staffId?: number;
  objectType?: string;
  objectId?: string;
}

function where(storeId: number, filter: AuditFilter): SQL | undefined {
  return and(
    eq(auditLog.storeId, storeId),
    filter.staffId === undefined ? undefined : eq(auditLog.staffId, filter.staffId),
    filter.objectType === undefined ? undefined : eq(auditLog.objectType, filter.objectType),
    filter.objectId === undefined ? undefined : eq(auditLog.objectId, filter.objectId),
  );
}

/** One page of the store's entries, newest first. */
export async function listEntries(db: Executor, storeId: number, filter: AuditFilter, limit: number, offset: number) {
  return db.select({
    id: auditLog.id, at: auditLog.at, action: auditLog.action, objectType: auditLog.objectType, objectId: auditLog.objectId,
    changes: auditLog.changes, staffId: auditLog.staffId, ip: auditLog.ip,
  }).from(auditLog)
    .where(where(storeId, filter))
    .orderBy(desc(auditLog.id))
    .limit(limit).offset(offset);
}

export async function countEntries(db: Executor, storeId: number, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(where(storeId, filter));
  return row?.n ?? 0;
}

/** Entries of one action since a moment, per object: how many, from how many addresses, the latest. */
export async function countByObjectSince(db: Executor, storeId: number, action: string, objectType: string, since: Date) {
  return db.select({
    objectId: auditLog.objectId, entries: count(), addresses: countDistinct(auditLog.ip), lastAt: max(auditLog.at),
  }).from(auditLog)
    .where(and(eq(auditLog.storeId, storeId), eq(auditLog.action, action), eq(auditLog.objectType, objectType), gt(auditLog.at, since)))
    .groupBy(auditLog.objectId);
}
