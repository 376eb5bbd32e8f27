import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  endpoints, MAX_RETURN_IMAGES, MAX_RETURN_IMAGE_BYTES, ReturnCreateFields, refusingUnstorableText, returnRoutes,
} from '@gemstore/contracts';
import { customerContext } from '../../lib/context.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { moveLegacyReturnPhotos } from './photos.ts';
import type { UploadedImage } from './returns.service.ts';

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

/** The form is read here, not by the route's validator, so it refuses text that cannot be stored itself, as every validated call does. */
const ReturnFormFields = refusingUnstorableText(ReturnCreateFields);

/** Reads the whole form: fields by name (detailIds[i] gathered into a list) and the pictures in memory (at most 5 x 5 MB). */
async function readReturnForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const detailIds: string[] = [];
  const images: UploadedImage[] = [];
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

export async function returnsRoutes(app: FastifyInstance) {
  const { returns } = app.services;
  const { orders } = app.flows;
  const photos = app.config.privateMedia;
  const moved = await moveLegacyReturnPhotos(app.config.mediaDir, photos);
  if (moved) app.log.info({ moved }, 'return photos moved out of the public media folder');
  // This module's own scope (app.ts registers each module apart): multipart is parsed for its routes only.
  await app.register(multipart, {
    limits: { fileSize: MAX_RETURN_IMAGE_BYTES, files: MAX_RETURN_IMAGES, fields: 120, parts: 130, fieldSize: 8 * 1024, headerPairs: 200 },
    throwFileSizeLimit: true,
  });
  registerEndpoints(app, endpointsOf(endpoints, returnRoutes), {
    returnRequestCreate: async (request) => {
      const ctx = customerContext(request);
      const { fields, images } = await readReturnForm(request as unknown as FastifyRequest);
      return orders.requestReturn(ctx, fields, images);
    },
    returnTracking: (request) => orders.submitReturnTracking(customerContext(request), request.body),
    // The signed link in an order's returns[].images[].path: no bearer token (an <img> sends none), the link is the pass.
    returnPhoto: async (request, reply) => {
      const photo = await returns.openPhoto(request.ctx, request.params.imageId, request.query);
      return reply
        .type(photo.contentType)
        .header('content-length', photo.size)
        // Never in a shared cache, and in the browser's own for no longer than the link works.
        .header('cache-control', `private, max-age=${photo.secondsLeft}`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .header('referrer-policy', 'no-referrer')
        .send(photo.body);
    },
  });
}
