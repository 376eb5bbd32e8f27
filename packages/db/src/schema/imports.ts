import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { shopKey } from './keys.ts';
import { stores } from './stores.ts';
import { staff } from './staff.ts';

export const importStatus = pgEnum('import_status', ['queued', 'running', 'done', 'failed']);

/** A bad row of an import: its line in the file, the column and what is wrong. */
export type ImportRowErrorEntry = { row: number; column: string; message: string };

/**
 * A bulk import of stones from CSV (modules/imports): the uploaded file and how far the job got.
 * Any replica's runner claims a queued job (or one whose runner's heartbeat went stale) with
 * FOR UPDATE SKIP LOCKED; each batch of stones is written in the same transaction as the progress
 * after it, so a restart resumes after the last batch written. `claim` changes with each claim: a
 * runner whose job was taken over finds its claim gone and stops. The file is dropped once done.
 */
export const importJobs = pgTable('import_jobs', {
  id: serial('id'),
  storeId: integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' }),
  staffId: integer('staff_id'),
  status: importStatus('status').notNull().default('queued'),
  fileName: text('file_name').notNull(),
  /** The CSV as uploaded (UTF-8); null once the job is over. */
  file: text('file'),
  /** Stone rows in the file; null until a runner has read it. */
  total: integer('total'),
  /** Rows handled (written or skipped as bad), in file order: a resumed job starts after them. */
  processed: integer('processed').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  errors: jsonb('errors').$type<ImportRowErrorEntry[]>().notNull().default(sql`'[]'::jsonb`),
  /** Why the job stopped, when it failed as a whole. */
  message: text('message'),
  claim: text('claim'),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  shopKey(t),
  // Only staff_id is emptied (the migration writes SET NULL's column list, which Drizzle cannot).
  foreignKey({ name: 'import_jobs_staff_fk', columns: [t.storeId, t.staffId], foreignColumns: [staff.storeId, staff.id] }).onDelete('set null'),
  index('import_jobs_store').on(t.storeId, t.id.desc()),
  // The runners' queue: jobs not yet over.
  index('import_jobs_open').on(t.id).where(sql`${t.status} in ('queued', 'running')`),
]);
