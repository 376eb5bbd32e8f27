import { z } from 'zod';
import { MAX_ID } from './constants.ts';
import { AdminStonesQuery } from './admin-catalog.ts';

/**
 * Stones in and out as CSV: the export writes these columns, the import reads the same ones, so a
 * file exported, edited in a spreadsheet and uploaded again updates the stones it names (by SKU).
 * Products and attribute values are written by name (a product also by its friendly url), as a
 * person edits them; photos are the uploaded names separated by spaces.
 */
export const STONE_CSV_COLUMNS = [
  'sku', 'product', 'name', 'url', 'weight_mg', 'width_mm', 'length_mm', 'depth_mm',
  'grade', 'color', 'clarity', 'shape', 'origin',
  'certificate_lab', 'certificate_number', 'certificate_verification_url', 'certificate_image',
  'price', 'description', 'image', 'photos', 'status',
] as const;
export type StoneCsvColumn = (typeof STONE_CSV_COLUMNS)[number];
/** Columns a file must have; the others may be left out (empty, as in the stone form). */
export const REQUIRED_STONE_CSV_COLUMNS = [
  'sku', 'product', 'weight_mg', 'width_mm', 'length_mm', 'depth_mm', 'grade', 'color', 'clarity', 'shape', 'origin', 'price',
] as const satisfies readonly StoneCsvColumn[];

/** The largest CSV file an import takes. */
export const MAX_IMPORT_BYTES = 30 * 1024 * 1024;
/** The most rows one file may hold. */
export const MAX_IMPORT_ROWS = 200_000;
/** Bad rows reported one by one (a dry run and a job); past this only their count is given. */
export const MAX_IMPORT_ERRORS = 1000;

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
