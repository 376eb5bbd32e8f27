import { and, desc, eq, gt, ilike, sql, type SQL } from 'drizzle-orm';
import { newsletterSubscribers } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export async function findSubscriber(db: Executor, storeId: number, email: string) {
  const [row] = await db.select().from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.storeId, storeId), eq(newsletterSubscribers.email, email)));
  return row ?? null;
}

/**
 * A pending sign-up with a fresh link (a repeated ask replaces the last link). Never touches a
 * confirmed one; an address that unsubscribed asks again and is pending until it confirms again.
 */
export async function savePending(db: Executor, values: { storeId: number; email: string; tokenHash: string; tokenExpiresAt: Date }) {
  const t = newsletterSubscribers;
  await db.insert(t).values({ ...values, status: 'pending' })
    .onConflictDoUpdate({
      target: [t.storeId, t.email],
      set: { status: 'pending', tokenHash: values.tokenHash, tokenExpiresAt: values.tokenExpiresAt },
      setWhere: sql`${t.status} <> 'confirmed'`,
    });
}

/** Confirms the sign-up whose live link this is; answers its address, or null for an unknown or expired link. */
export async function confirmByToken(db: Executor, storeId: number, tokenHash: string, now: Date) {
  const t = newsletterSubscribers;
  const [row] = await db.update(t)
    .set({ status: 'confirmed', confirmedAt: now, unsubscribedAt: null, tokenHash: null, tokenExpiresAt: null })
    .where(and(eq(t.storeId, storeId), eq(t.tokenHash, tokenHash), gt(t.tokenExpiresAt, now)))
    .returning({ email: t.email });
  return row ?? null;
}

/** Takes an address off the list (pending or confirmed); answers whether it was on it. Unsubscribed twice changes nothing. */
export async function unsubscribe(db: Executor, storeId: number, email: string, now: Date): Promise<boolean> {
  const t = newsletterSubscribers;
  const rows = await db.update(t)
    .set({ status: 'unsubscribed', unsubscribedAt: now, tokenHash: null, tokenExpiresAt: null })
    .where(and(eq(t.storeId, storeId), eq(t.email, email), sql`${t.status} <> 'unsubscribed'`))
    .returning({ id: t.id });
  return rows.length > 0;
}

type Status = 'confirmed' | 'pending' | 'unsubscribed';

function filterOf(storeId: number, status: Status | 'all', q: string): SQL {
  const t = newsletterSubscribers;
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    eq(t.storeId, storeId),
    status === 'all' ? undefined : eq(t.status, status),
    q ? ilike(t.email, `%${escaped}%`) : undefined,
  )!;
}

/** A page of the store's addresses, newest first, and how many match. */
export async function listSubscribers(db: Executor, storeId: number, filter: { status: Status | 'all'; q: string; page: number; perPage: number }) {
  const t = newsletterSubscribers;
  const where = filterOf(storeId, filter.status, filter.q);
  const [rows, [count]] = await Promise.all([
    db.select().from(t).where(where).orderBy(desc(t.createdAt), desc(t.id)).limit(filter.perPage).offset((filter.page - 1) * filter.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(t).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The store's addresses by status. */
export async function countByStatus(db: Executor, storeId: number): Promise<Record<Status, number>> {
  const t = newsletterSubscribers;
  const rows = await db.select({ status: t.status, n: sql<number>`count(*)::int` }).from(t).where(eq(t.storeId, storeId)).groupBy(t.status);
  const counts = { confirmed: 0, pending: 0, unsubscribed: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/** Confirmed subscribers in batches of `size`, oldest first (the export). */
export async function* confirmedBatches(db: Executor, storeId: number, q: string, size = 1000) {
  const t = newsletterSubscribers;
  let after = 0;
  for (;;) {
    const rows = await db.select().from(t).where(and(filterOf(storeId, 'confirmed', q), gt(t.id, after))).orderBy(t.id).limit(size);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
    if (rows.length < size) return;
  }
}
