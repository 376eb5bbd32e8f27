import type { ImportJob } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { executor, type RequestContext, type Scope } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import * as repo from './imports.repo.ts';

/** Jobs listed by GET /api/admin/imports. */
const RECENT_JOBS = 50;

export type ClaimedJob = NonNullable<Awaited<ReturnType<typeof repo.claimJob>>>;
export type { Progress } from './imports.repo.ts';

function toJob(row: repo.JobRow): ImportJob {
  return {
    id: row.id, status: row.status, file_name: row.fileName, staff_id: row.staffId, total: row.total, processed: row.processed,
    created: row.created, updated: row.updated, failed: row.failed, errors: row.errors, message: row.message,
    created_at: row.createdAt.toISOString(), started_at: row.startedAt?.toISOString() ?? null, finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Import jobs (the table import_jobs): the file staff uploaded and how far its import got. The
 * work itself (reading the file, writing stones) is flows/imports.ts; this module keeps the queue:
 * claims with SKIP LOCKED, progress after each batch, and the reports staff read.
 */
export function createImportsService({ db }: { db: Database }) {
  return {
    /** Queues a file for import by the context's member (in the caller's transaction, if any). */
    async create(ctx: RequestContext, fileName: string, file: string): Promise<ImportJob> {
      const staffId = ctx.actor.kind === 'staff' ? ctx.actor.staffId : null;
      return toJob(await repo.insertJob(executor(db, ctx), ctx.store.id, staffId, fileName, file));
    },

    async job(ctx: RequestContext, id: number): Promise<{ job: ImportJob }> {
      const row = await repo.findJob(executor(db, ctx), ctx.store.id, id);
      if (!row) throw new NotFoundError('This import does not exist.');
      return { job: toJob(row) };
    },

    async jobs(ctx: RequestContext): Promise<{ data: Omit<ImportJob, 'errors'>[] }> {
      const rows = await repo.listJobs(executor(db, ctx), ctx.store.id, RECENT_JOBS);
      return { data: rows.map((r) => { const { errors: _errors, ...job } = toJob(r); return job; }) };
    },

    /** The next job for a runner (any store's), claimed for `claim`, with its file; null when none waits. */
    claim: (claim: string, staleSeconds: number) => db.transaction((tx) => repo.claimJob(tx, claim, staleSeconds)),

    /** Inside a batch's transaction: whether `claim` still holds the job (locked until the transaction ends). */
    stillClaimed: (scope: Scope, id: number, claim: string) => repo.lockClaimed(executor(db, scope), id, claim),

    saveProgress: (scope: Scope, id: number, progress: repo.Progress) => repo.saveProgress(executor(db, scope), id, progress),

    /** Hands a job back to the queue (its runner is stopping): the next runner goes on from its progress. */
    release: (scope: Scope, id: number, claim: string) => repo.releaseJob(executor(db, scope), id, claim),

    finish: (scope: Scope, id: number, claim: string, status: 'done' | 'failed', message: string | null = null) =>
      repo.finishJob(executor(db, scope), id, claim, status, message),
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
