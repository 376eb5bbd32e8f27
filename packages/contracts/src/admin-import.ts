import { z } from 'zod';
import { MAX_ID } from './constants.ts';
import { AdminStonesQuery } from './admin-catalog.ts';

// The CSV's columns (STONE_CSV_COLUMNS) are the stone's fields: stone-fields.ts.

/** The largest CSV file an import takes. */
export const MAX_IMPORT_BYTES = 30 * 1024 * 1024;
/** The most rows one file may hold. */
export const MAX_IMPORT_ROWS = 200_000;

/** The export takes the stone list's query, without its page. */
export const AdminStonesExportQuery = AdminStonesQuery.omit({ page: true });
export type AdminStonesExportQuery = z.infer<typeof AdminStonesExportQuery>;

/** One bad row: its line in the file (the header is line 1, the first stone line 2), the column and what is wrong. */
export const ImportRowError = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof ImportRowError>;

/** The form fields of an upload besides the file (`file`). */
export const ImportUploadFields = z.object({
  /** "true" (or 1, yes, on): check every row and answer the report; nothing is written. */
  dry_run: z.string().optional(),
});

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const ImportStatus = z.enum(IMPORT_STATUSES);
export type ImportStatus = z.infer<typeof ImportStatus>;

export const ImportJob = z.object({
  id: z.number(),
  status: ImportStatus,
  file_name: z.string(),
  /** The member who uploaded it (null once removed from the staff). */
  staff_id: z.number().nullable(),
  /** Stone rows in the file; null until the job has read it. */
  total: z.number().nullable(),
  /** Rows handled so far (written or skipped as bad). */
  processed: z.number(),
  created: z.number(),
  updated: z.number(),
  /** Bad rows skipped. */
  failed: z.number(),
  /** The bad rows (the first MAX_IMPORT_ERRORS of them). */
  errors: z.array(ImportRowError),
  /** Why the whole job stopped, when it failed. */
  message: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJob>;

export const ImportDryRunResponse = z.object({
  dry_run: z.literal(true),
  /** Stone rows in the file. */
  rows: z.number(),
  /** Rows that would be imported. */
  valid: z.number(),
  errors: z.array(ImportRowError),
});
export type ImportDryRunResponse = z.infer<typeof ImportDryRunResponse>;

export const ImportStartedResponse = z.object({ dry_run: z.literal(false), job: ImportJob });
export const ImportUploadResponse = z.union([ImportDryRunResponse, ImportStartedResponse]);
export type ImportUploadResponse = z.infer<typeof ImportUploadResponse>;

export const ImportJobParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
export const ImportJobResponse = z.object({ job: ImportJob });
/** The store's recent jobs, newest first (without their error lists: open a job for its report). */
export const ImportJobsResponse = z.object({ data: z.array(ImportJob.omit({ errors: true })) });
