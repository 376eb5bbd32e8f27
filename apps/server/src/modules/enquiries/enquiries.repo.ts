import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { enquiries, enquiryReplies } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export type EnquiryRow = typeof enquiries.$inferSelect;
export type EnquiryReplyRow = typeof enquiryReplies.$inferSelect;
export type EnquiryFilter = 'open' | 'handled' | 'all';

export async function insertEnquiry(db: Executor, values: { storeId: number; name: string; email: string; phone: string; message: string }) {
  const [row] = await db.insert(enquiries).values(values).returning();
  return row!;
}

function filterOf(storeId: number, filter: EnquiryFilter) {
  return and(
    eq(enquiries.storeId, storeId),
    filter === 'open' ? isNull(enquiries.handledAt) : filter === 'handled' ? isNotNull(enquiries.handledAt) : undefined,
  );
}

/** One page of the store's enquiries, newest first, each with whether it was replied to. */
export async function listEnquiries(db: Executor, storeId: number, filter: EnquiryFilter, limit: number, offset: number) {
  return db.select({
    enquiry: enquiries,
    replied: sql<boolean>`exists (select 1 from ${enquiryReplies} where ${enquiryReplies.enquiryId} = ${enquiries.id})`,
  }).from(enquiries).where(filterOf(storeId, filter))
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id)).limit(limit).offset(offset);
}

export async function countEnquiries(db: Executor, storeId: number, filter: EnquiryFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(enquiries).where(filterOf(storeId, filter));
  return row?.n ?? 0;
}

export async function findEnquiry(db: Executor, storeId: number, id: number, lock = false): Promise<EnquiryRow | null> {
  const q = db.select().from(enquiries).where(and(eq(enquiries.storeId, storeId), eq(enquiries.id, id))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function listReplies(db: Executor, enquiryIds: number[]): Promise<EnquiryReplyRow[]> {
  if (enquiryIds.length === 0) return [];
  return db.select().from(enquiryReplies).where(inArray(enquiryReplies.enquiryId, enquiryIds)).orderBy(asc(enquiryReplies.id));
}

export async function insertReply(db: Executor, values: { storeId: number; enquiryId: number; staffId: number; body: string }): Promise<EnquiryReplyRow> {
  const [row] = await db.insert(enquiryReplies).values(values).returning();
  return row!;
}

export async function setHandled(db: Executor, storeId: number, id: number, handledAt: Date | null): Promise<void> {
  await db.update(enquiries).set({ handledAt }).where(and(eq(enquiries.storeId, storeId), eq(enquiries.id, id)));
}
