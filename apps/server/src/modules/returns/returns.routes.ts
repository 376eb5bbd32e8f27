import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_ID, MAX_RETURN_IMAGES, MAX_RETURN_IMAGE_BYTES, ReturnCreateFields, ReturnCreateResponse, ReturnTrackingBody, ReturnTrackingResponse,
  refusingNulCharacters,
} from '@gemstore/contracts';
import { customerContext } from '../../lib/customer-context.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { customerOnly } from '../../plugins/auth.ts';
import { moveLegacyReturnPhotos } from './photos.ts';
import * as service from './returns.service.ts';

/** Multipart limit errors of @fastify/multipart, as field errors the form can show. */
function multipartError(err: unknown): ValidationError | null {
  const code = (err as { code?: unknown })?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE': return ValidationError.field('images', `Each image must be at most ${MAX_RETURN_IMAGE_BYTES / 1024 / 1024} MB.`);
    case 'FST_FILES_LIMIT': return ValidationError.field('images', `Attach at most ${MAX_RETURN_IMAGES} images.`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT': return ValidationError.field('input', 'The form has too many fields.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE': return ValidationError.field('input', 'Send the return request as multipart/form-data.');
    default: return null;
  }
}

/** The form is read here, not by the route's validator, so it refuses NUL characters itself as every validated call does. */
const ReturnFormFields = refusingNulCharacters(ReturnCreateFields);

/** Reads the whole form: fields by name (detailIds[i] gathered into a list) and the pictures in memory (at most 5 x 5 MB). */
async function readReturnForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const detailIds: string[] = [];
  const images: service.UploadedImage[] = [];
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!/^images(\[\d*\])?$/.test(name)) throw ValidationError.field(name.slice(0, 40), 'Only images may be attached.');
        if (data.length > 0) images.push({ position: images.length + 1, data });
      } else if (/^detailIds(\[\d*\])?$/.test(name)) {
        detailIds.push(String(part.value));
      } else if (name === 'orderId' || name === 'reason' || name === 'comment') {
        fields[name] = String(part.value);
      }
    }
  } catch (err) {
    const known = multipartError(err);
    if (known) throw known;
    if (err instanceof AppError || typeof (err as { statusCode?: unknown })?.statusCode === 'number') throw err;
    // Only the client's body is read here: the parser's bare errors ("Unexpected end of multipart data") mean a broken form.
    throw ValidationError.field('input', 'The form could not be read. Send the return request as multipart/form-data.');
  }
  const parsed = ReturnFormFields.safeParse({ ...fields, detailIds });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'input')] ??= []).push(issue.message);
    throw new ValidationError(errors);
  }
  return { fields: parsed.data, images };
}

export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const photos = app.config.privateMedia;
  const moved = await moveLegacyReturnPhotos(app.config.mediaDir, photos);
  if (moved) app.log.info({ moved }, 'return photos moved out of the public media folder');
  await app.register(multipart, {
    limits: { fileSize: MAX_RETURN_IMAGE_BYTES, files: MAX_RETURN_IMAGES, fields: 120, parts: 130, fieldSize: 8 * 1024, headerPairs: 200 },
    throwFileSizeLimit: true,
  });

  app.post('/return-request-create', { onRequest: customerOnly, schema: { response: { 200: ReturnCreateResponse } } }, async (request) => {
    const ctx = customerContext(request);
    const { fields, images } = await readReturnForm(request);
    return service.createReturn(db, ctx, photos, fields, images);
  });

  app.post('/return-request-tracking-details-submit', { onRequest: customerOnly, schema: { body: ReturnTrackingBody, response: { 200: ReturnTrackingResponse } } },
    async (request) => service.submitTracking(db, customerContext(request), photos, request.body));

  // The signed link in an order's returns[].images[].path: no bearer token (an <img> sends none), the link is the pass.
  app.get('/return-request-photo/:imageId', {
    schema: {
      params: z.object({ imageId: z.coerce.number().int().min(1).max(MAX_ID) }),
      querystring: z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() }),
    },
  }, async (request, reply) => {
    const photo = await service.openReturnPhoto(db, request.ctx, photos, request.params.imageId, request.query);
    return reply
      .type(photo.contentType)
      .header('content-length', photo.size)
      // Never in a shared cache, and in the browser's own for no longer than the link works.
      .header('cache-control', `private, max-age=${photo.secondsLeft}`)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .header('referrer-policy', 'no-referrer')
      .send(photo.file.createReadStream());
  });
};
