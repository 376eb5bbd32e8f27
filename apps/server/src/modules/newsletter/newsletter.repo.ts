import { and, eq, gt, sql } from 'drizzle-orm';
import { newsletterSubscribers } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export async function findSubscriber(db: Executor, storeId: number, email: string) {
  const [row] = await db.select().from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.storeId, storeId), eq(newsletterSubscribers.email, email)));
  return row ?? null;
}

/** A pending sign-up with a fresh link (a repeated ask replaces the last link). Never touches a confirmed one. */
export async function savePending(db: Executor, values: { storeId: number; email: string; tokenHash: string; tokenExpiresAt: Date }) {
  const t = newsletterSubscribers;
  await db.insert(t).values({ ...values, status: 'pending' })
    .onConflictDoUpdate({
      target: [t.storeId, t.email],
      set: { tokenHash: values.tokenHash, tokenExpiresAt: values.tokenExpiresAt },
      setWhere: sql`${t.status} = 'pending'`,
    });
}

/** Confirms the sign-up whose live link this is; answers its address, or null for an unknown or expired link. */
export async function confirmByToken(db: Executor, storeId: number, tokenHash: string, now: Date) {
  const t = newsletterSubscribers;
  const [row] = await db.update(t)
    .set({ status: 'confirmed', confirmedAt: now, tokenHash: null, tokenExpiresAt: null })
    .where(and(eq(t.storeId, storeId), eq(t.tokenHash, tokenHash), gt(t.tokenExpiresAt, now)))
    .returning({ email: t.email });
  return row ?? null;
}
