import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminImportRoutes, endpoints, MAX_IMPORT_BYTES } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The upload form: the CSV (field `file`) as text and whether it is a dry run (the fields may come in either order). */
async function readCsvUpload(request: FastifyRequest): Promise<{ fileName: string; csv: string; dryRun: boolean }> {
  let file: { fileName: string; data: Buffer } | undefined;
  let dryRun = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) { await part.toBuffer(); continue; }
        file = { fileName: part.filename || 'stones.csv', data: await part.toBuffer() };
      } else if (part.fieldname === 'dry_run') {
        dryRun = /^(1|true|yes|on)$/i.test(String(part.value).trim());
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown })?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw ValidationError.field('file', `A file must be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it.`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw ValidationError.field('file', 'Send the file as multipart/form-data.');
    throw ValidationError.field('file', 'The upload could not be read.');
  }
  if (!file) throw ValidationError.field('file', 'Choose a CSV file to upload.');
  if (file.data.length === 0) throw ValidationError.field('file', 'The file is empty.');
  let csv: string;
  try {
    csv = utf8.decode(file.data);
  } catch {
    throw ValidationError.field('file', 'The file must be UTF-8 text: save it as "CSV UTF-8".');
  }
  return { fileName: file.fileName.slice(0, 200), csv, dryRun };
}

/** Bulk import of stones (/api/admin/imports): the dry run, the job, its progress. */
export async function importsRoutes(app: FastifyInstance) {
  const { imports } = app.services;
  const flow = app.flows.imports;
  // This module's own scope: multipart is parsed for its routes only.
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6 } });
  registerEndpoints(app, endpointsOf(endpoints, adminImportRoutes), {
    adminImportUpload: async (request) => {
      const upload = await readCsvUpload(request);
      if (upload.dryRun) return flow.dryRun(request.ctx, upload.csv);
      return { dry_run: false as const, job: await flow.start(request.ctx, upload.fileName, upload.csv) };
    },
    adminImportJobs: (request) => imports.jobs(request.ctx),
    adminImportJob: (request) => imports.job(request.ctx, request.params.id),
  }, { adminImportUpload: { bodyLimit: MAX_IMPORT_BYTES + 64 * 1024 } });
}
