import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { CsvError, parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import {
  MAX_IMPORT_ERRORS, MAX_IMPORT_ROWS, REQUIRED_STONE_CSV_COLUMNS, STONE_CSV_COLUMNS,
  type ImportDryRunResponse, type ImportJob, type ImportRowError,
} from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { ImportsConfig } from '../config.ts';
import type { Jobs } from '../lib/jobs.ts';
import { type RequestContext, within } from '../lib/context.ts';
import { ValidationError } from '../lib/errors.ts';
import type { StoneImportRow } from '../modules/catalog/catalog.admin.service.ts';
import type { Progress } from '../modules/imports/imports.service.ts';
import type { Services } from '../services.ts';

/** The file is handed to the parser in pieces this long, so a large file never holds the event loop for long. */
const CHUNK = 64 * 1024;

const headerName = (h: string) => h.trim().toLowerCase().replace(/\s+/g, '_');

/** The file's records in order, each with its row (the header is row 1), in batches of `size`. */
async function* batchesOf(csv: string, size: number): AsyncGenerator<StoneImportRow[]> {
  const chunks = function* () { for (let at = 0; at < csv.length; at += CHUNK) yield csv.slice(at, at + CHUNK); };
  const parser = Readable.from(chunks()).pipe(parse({
    bom: true, columns: (header: string[]) => header.map(headerName), skip_empty_lines: true, relax_column_count: true,
    max_record_size: 1024 * 1024,
  }));
  let batch: StoneImportRow[] = [];
  let row = 1;
  for await (const record of parser) {
    batch.push({ row: ++row, record: record as StoneImportRow['record'] });
    if (batch.length === size) { yield batch; batch = []; }
  }
  if (batch.length) yield batch;
}

/** 422 for a file the import cannot read: not CSV, or without a column every stone needs. */
async function checkHeader(csv: string): Promise<void> {
  let header: string[] = [];
  try {
    [header = []] = parseSync(csv.slice(0, CHUNK), { bom: true, to_line: 1, relax_column_count: true }) as string[][];
  } catch (err) {
    throw ValidationError.field('file', csvProblem(err) ?? 'The file could not be read as CSV.');
  }
  const names = header.map(headerName);
  const missing = REQUIRED_STONE_CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) {
    throw ValidationError.field('file', `The first line must name the columns; missing: ${missing.join(', ')}. The columns are: ${STONE_CSV_COLUMNS.join(', ')}.`);
  }
}

/** A CSV syntax error as staff read it. */
function csvProblem(err: unknown): string | undefined {
  return err instanceof CsvError ? `The file is not valid CSV near line ${(err as CsvError & { lines?: number }).lines ?? '?'}: ${err.message}` : undefined;
}

const badRows = (errors: ImportRowError[]) => new Set(errors.map((e) => e.row)).size;

export interface RunOptions {
  log: FastifyBaseLogger;
  /** Stop after this many batches (the job stays running under this claim, as if the process died). */
  maxBatches?: number;
  /** Asked before each batch: true when the process is stopping (the job is handed back to the queue). */
  stopping?: () => boolean;
}

/**
 * Bulk import of stones from CSV: the catalogue checks and writes the stones (the stone form's
 * rules), the imports module keeps the job and its progress, the audit log records the job. A batch
 * of rows and the job's progress after it are one transaction, so a job resumed by any runner goes
 * on after the last batch written, never writing a row twice.
 */
/** The job that runs stone imports: sent with each queued file, and once per IMPORT_STALE_SECONDS for imports whose runner went quiet. */
export const IMPORTS_QUEUE = 'stone-imports';

export function importFlows(db: Database, { catalogAdmin, catalog, imports, audit, stores }: Services, config: ImportsConfig, jobs: Jobs) {
  const flows = {
    /** Checks every row as the import would; writes nothing. */
    async dryRun(ctx: RequestContext, csv: string): Promise<ImportDryRunResponse> {
      await checkHeader(csv);
      const seen = new Map<string, number>();
      const report: ImportDryRunResponse = { dry_run: true, rows: 0, valid: 0, errors: [] };
      try {
        for await (const batch of batchesOf(csv, config.batchRows)) {
          report.rows += batch.length;
          if (report.rows > MAX_IMPORT_ROWS) throw ValidationError.field('file', `A file may hold at most ${MAX_IMPORT_ROWS} stones: split it.`);
          const result = await catalogAdmin.importStones(ctx, batch, { write: false, seen });
          report.valid += result.valid;
          report.errors.push(...result.errors.slice(0, MAX_IMPORT_ERRORS - report.errors.length));
          await yieldToOthers();
        }
      } catch (err) {
        const problem = csvProblem(err);
        if (problem) throw ValidationError.field('file', problem);
        throw err;
      }
      return report;
    },

    /** Queues the file as a job of the store (recorded in the audit log), with a job that runs it, and answers it at once. */
    async start(ctx: RequestContext, fileName: string, csv: string): Promise<ImportJob> {
      await checkHeader(csv);
      const job = await db.transaction(async (tx) => {
        const t = within(ctx, tx);
        const created = await imports.create(t, fileName, csv);
        await audit.record(t, { action: 'stone.import', objectType: 'import', objectId: created.id, changes: { file_name: { old: null, new: fileName } } });
        await jobs.send(IMPORTS_QUEUE, { importId: created.id }, { tx });
        return created;
      });
      jobs.wake(IMPORTS_QUEUE);
      return job;
    },

    /**
     * The import job: runs imports (any store's, queued or left by a runner that went quiet) until
     * none waits. A run cut short by this process stopping hands its import back and sends another
     * job, so another process goes on with it at once.
     */
    async runQueued({ log, stopping }: Pick<RunOptions, 'log' | 'stopping'>): Promise<Record<string, number>> {
      const outcomes: Record<string, number> = {};
      for (;;) {
        const outcome = await flows.runNext({ log, stopping });
        if (outcome === 'none') return outcomes;
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        log.info({ outcome }, 'import job');
        if (outcome === 'stopped') {
          await jobs.send(IMPORTS_QUEUE, { resumed: true });
          return outcomes;
        }
      }
    },

    /**
     * Claims the next job of any store (one queued, or one whose runner went quiet) and runs it to
     * the end, batch by batch, yielding to other work between batches. Answers what became of it.
     */
    async runNext({ log, maxBatches, stopping = () => false }: RunOptions): Promise<'none' | 'done' | 'failed' | 'stopped' | 'lost'> {
      const claim = randomUUID();
      const job = await imports.claim(claim, config.staleSeconds);
      if (!job) return 'none';
      const store = await stores.findById({}, job.storeId);
      const fail = async (message: string) => { await imports.finish({}, job.id, claim, 'failed', message); return 'failed' as const; };
      if (!store || job.file === null) return fail('The file of this import is gone.');
      const ctx: RequestContext = { store, actor: { kind: 'system' }, ip: '', log: log.child({ importJob: job.id }) };
      const csv = job.file;
      let progress: Progress = {
        total: job.total ?? 0, processed: job.processed, created: job.created, updated: job.updated, failed: job.failed, errors: job.errors,
      };
      try {
        if (job.total === null) {
          let total = 0;
          for await (const batch of batchesOf(csv, config.batchRows)) { total += batch.length; await yieldToOthers(); }
          if (total > MAX_IMPORT_ROWS) return await fail(`A file may hold at most ${MAX_IMPORT_ROWS} stones: split it.`);
          progress = { ...progress, total };
        }
        const seen = new Map<string, number>();
        let batches = 0;
        for await (const batch of batchesOf(csv, config.batchRows)) {
          // Rows a runner wrote before: only their SKUs matter now (a later row repeating one is bad).
          const fresh = batch.filter((r) => r.row - 1 > progress.processed);
          for (const r of batch) if (r.row - 1 <= progress.processed && r.record.sku?.trim()) seen.set(r.record.sku.trim(), r.row);
          if (fresh.length === 0) continue;
          if (stopping()) {
            await imports.release({}, job.id, claim);
            return 'stopped';
          }
          if (maxBatches !== undefined && batches >= maxBatches) return 'stopped';
          const next = await db.transaction(async (tx) => {
            if (!(await imports.stillClaimed({ tx }, job.id, claim))) return null;
            const result = await catalogAdmin.importStones(within(ctx, tx), fresh, { write: true, seen });
            const after: Progress = {
              total: progress.total, processed: progress.processed + fresh.length,
              created: progress.created + result.created, updated: progress.updated + result.updated,
              failed: progress.failed + badRows(result.errors),
              errors: [...progress.errors, ...result.errors].slice(0, MAX_IMPORT_ERRORS),
            };
            await imports.saveProgress({ tx }, job.id, after);
            return after;
          });
          // Another runner took the job over (this one was too slow to beat): it goes on from the last batch saved.
          if (!next) return 'lost';
          progress = next;
          catalog.forget(store.id);
          batches++;
          // Let the storefront's requests in before the next batch.
          await yieldToOthers();
        }
        return await db.transaction(async (tx) => {
          if (!(await imports.finish({ tx }, job.id, claim, 'done'))) return 'lost' as const;
          await audit.record(within(ctx, tx), {
            action: 'stone.import.done', objectType: 'import', objectId: job.id, staffId: job.staffId,
            changes: Object.fromEntries((['total', 'created', 'updated', 'failed'] as const).map((k) => [k, { old: null, new: progress[k] }])),
          });
          return 'done' as const;
        });
      } catch (err) {
        const problem = csvProblem(err);
        if (!problem) ctx.log.error({ err }, 'import job failed');
        return fail(problem ?? `The import stopped on an unexpected error after ${progress.processed} rows; those rows were imported.`);
      }
    },
  };
  return flows;
}
