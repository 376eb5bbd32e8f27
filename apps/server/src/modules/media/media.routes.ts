import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, MAX_UPLOAD_IMAGE_BYTES, mediaRoutes as mediaTable } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';

/** The one file of an upload form (field `file`), in memory. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw ValidationError.field('file', 'Choose a picture to upload.');
    const data = await file.toBuffer();
    if (data.length === 0) throw ValidationError.field('file', 'The picture is empty.');
    return data;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown })?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw ValidationError.field('file', `A picture must be at most ${MAX_UPLOAD_IMAGE_BYTES / 1024 / 1024} MB.`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw ValidationError.field('file', 'Send the picture as multipart/form-data.');
    throw ValidationError.field('file', 'The upload could not be read.');
  }
}

export async function mediaRoutes(app: FastifyInstance) {
  const { media } = app.services;
  // This module's own scope: multipart is parsed for its routes only.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });
  registerEndpoints(app, endpointsOf(endpoints, mediaTable), {
    adminUploadImage: async (request) => ({ photo: await media.upload(request.ctx, await readUpload(request)) }),
  }, { adminUploadImage: { bodyLimit: MAX_UPLOAD_IMAGE_BYTES + 64 * 1024 } });
}
