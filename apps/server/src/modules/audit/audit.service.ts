import type { AuditQuery, AuditResponse } from '@gemstore/contracts';
import { AUDIT_PAGE_SIZE } from '@gemstore/contracts/constants';
import type { AuditChanges, Database } from '@gemstore/db';
import { executor, type RequestContext } from '../../lib/context.ts';
import * as repo from './audit.repo.ts';

interface Member { name: string; email: string }
/** The names and emails of the store's members with these ids. */
export type MembersOf = (ctx: RequestContext, ids: number[]) => Promise<Map<number, Member>>;

/** What a staff write records: the action, the object it touched and the fields it changed. */
export interface AuditRecord {
  action: string;
  objectType: string;
  objectId: string | number;
  changes?: AuditChanges;
  /** The member a background job works for (an import): recorded as theirs, not the system's. */
  staffId?: number | null;
}

/** The fields of `after` that differ from `before`, each with its old and new value (both given: a change). */
export function changedFields<T extends Record<string, unknown>>(before: Partial<T> | null, after: Partial<T>): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of Object.keys(after)) {
    const old = before?.[key] ?? null;
    const now = after[key] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(now)) changes[key] = { old, new: now };
  }
  return changes;
}

/** Every field of a removed object, as changed to nothing (the log keeps what was there). */
export function removedFields(values: object): AuditChanges {
  return changedFields(values as Record<string, unknown>, Object.fromEntries(Object.keys(values).map((k) => [k, null])));
}

/**
 * The audit log of staff writes. `record` runs on the caller's transaction (ctx.tx), so every
 * back-office service writes its change and its record together: call it inside the write's
 * transaction with `within(ctx, tx)`. The actor is the member of the context (null for the system),
 * and the address the context's (request.ip: the trusted proxies' view, as the rate limits see it).
 */
export function createAuditService({ db }: { db: Database }) {
  return {
    /** One entry, or the entries of a change to many objects at once. */
    async record(ctx: RequestContext, entries: AuditRecord | readonly AuditRecord[]): Promise<void> {
      await repo.insertEntries(executor(db, ctx), ([] as AuditRecord[]).concat(entries).map((entry) => ({
        storeId: ctx.store.id,
        staffId: entry.staffId !== undefined ? entry.staffId : ctx.actor.kind === 'staff' ? ctx.actor.staffId : null,
        action: entry.action,
        objectType: entry.objectType,
        objectId: String(entry.objectId),
        changes: entry.changes ?? {},
        ip: ctx.ip || null,
      })));
    },

    /** How often an action touched each object of a type since a moment (the owners' sign-in alerts), with the addresses it came from. */
    async countByObjectSince(ctx: RequestContext, action: string, objectType: string, since: Date) {
      const rows = await repo.countByObjectSince(executor(db, ctx), ctx.store.id, action, objectType, since);
      return rows.map((r) => ({ objectId: r.objectId, entries: r.entries, addresses: r.addresses, lastAt: r.lastAt ?? since }));
    },

    /**
     * One page of the store's entries, newest first, filtered by member and by object. The staff
     * module owns the members' names: `membersOf` gives them for the page's staff ids.
     */
    async list(ctx: RequestContext, query: AuditQuery, membersOf: MembersOf): Promise<AuditResponse> {
      const filter = { staffId: query.staff_id, objectType: query.object_type, objectId: query.object_id };
      const q = executor(db, ctx);
      const [rows, total] = await Promise.all([
        repo.listEntries(q, ctx.store.id, filter, AUDIT_PAGE_SIZE, (query.page - 1) * AUDIT_PAGE_SIZE),
        repo.countEntries(q, ctx.store.id, filter),
      ]);
      const ids = [...new Set(rows.map((r) => r.staffId).filter((id): id is number => id !== null))];
      const members = ids.length ? await membersOf(ctx, ids) : new Map<number, Member>();
      return {
        entries: rows.map((r) => {
          const member = r.staffId === null ? undefined : members.get(r.staffId);
          return {
            id: r.id, at: r.at.toISOString(), action: r.action, object_type: r.objectType, object_id: r.objectId, changes: r.changes, ip: r.ip,
            staff: member && r.staffId !== null ? { id: r.staffId, name: member.name, email: member.email } : null,
          };
        }),
        page: query.page, per_page: AUDIT_PAGE_SIZE, total,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
