import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import { importJobs, type ImportRowErrorEntry } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

/** The import jobs table: every read of a job's report is scoped to its store. */

const jobColumns = {
  id: importJobs.id, storeId: importJobs.storeId, staffId: importJobs.staffId, status: importJobs.status, fileName: importJobs.fileName,
  total: importJobs.total, processed: importJobs.processed, created: importJobs.created, updated: importJobs.updated, failed: importJobs.failed,
  errors: importJobs.errors, message: importJobs.message, createdAt: importJobs.createdAt, startedAt: importJobs.startedAt, finishedAt: importJobs.finishedAt,
};
export type JobRow = { [K in keyof typeof jobColumns]: (typeof importJobs.$inferSelect)[K] };

export async function insertJob(db: Executor, storeId: number, staffId: number | null, fileName: string, file: string): Promise<JobRow> {
  const [row] = await db.insert(importJobs).values({ storeId, staffId, fileName, file }).returning(jobColumns);
  return row!;
}

export async function findJob(db: Executor, storeId: number, id: number): Promise<JobRow | null> {
  const [row] = await db.select(jobColumns).from(importJobs).where(and(eq(importJobs.storeId, storeId), eq(importJobs.id, id)));
  return row ?? null;
}

export async function listJobs(db: Executor, storeId: number, limit: number): Promise<JobRow[]> {
  return db.select(jobColumns).from(importJobs).where(eq(importJobs.storeId, storeId)).orderBy(desc(importJobs.id)).limit(limit);
}

/**
 * Takes the oldest job that is queued, or running under a runner whose heartbeat is older than
 * `staleSeconds`, for `claim` (SKIP LOCKED: replicas claiming at once take different jobs). Answers
 * it with its file, or null.
 */
export async function claimJob(db: Executor, claim: string, staleSeconds: number) {
  const [next] = await db.select({ id: importJobs.id }).from(importJobs)
    .where(or(
      eq(importJobs.status, 'queued'),
      and(eq(importJobs.status, 'running'), lt(importJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`)),
    ))
    .orderBy(asc(importJobs.id)).limit(1).for('update', { skipLocked: true });
  if (!next) return null;
  const [row] = await db.update(importJobs)
    .set({ status: 'running', claim, heartbeatAt: sql`now()`, startedAt: sql`coalesce(${importJobs.startedAt}, now())` })
    .where(eq(importJobs.id, next.id)).returning({ ...jobColumns, file: importJobs.file });
  return row ?? null;
}

/** Locks the job while `claim` still holds it (a batch's transaction): false when another runner took it over. */
export async function lockClaimed(db: Executor, id: number, claim: string): Promise<boolean> {
  const [row] = await db.select({ id: importJobs.id }).from(importJobs)
    .where(and(eq(importJobs.id, id), eq(importJobs.claim, claim), eq(importJobs.status, 'running'))).for('update');
  return row !== undefined;
}

export interface Progress { total: number; processed: number; created: number; updated: number; failed: number; errors: ImportRowErrorEntry[] }

export async function saveProgress(db: Executor, id: number, p: Progress): Promise<void> {
  await db.update(importJobs).set({ ...p, heartbeatAt: sql`now()` }).where(eq(importJobs.id, id));
}

export async function releaseJob(db: Executor, id: number, claim: string): Promise<void> {
  await db.update(importJobs).set({ status: 'queued', claim: null }).where(and(eq(importJobs.id, id), eq(importJobs.claim, claim)));
}

/** Ends the job (done or failed) if `claim` still holds it; the file is dropped. */
export async function finishJob(db: Executor, id: number, claim: string, status: 'done' | 'failed', message: string | null): Promise<JobRow | null> {
  const [row] = await db.update(importJobs).set({ status, message, file: null, claim: null, finishedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(and(eq(importJobs.id, id), eq(importJobs.claim, claim))).returning(jobColumns);
  return row ?? null;
}
