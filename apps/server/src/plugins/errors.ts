import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from '@gemstore/contracts';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseFailureOf } from '@gemstore/db';
import { AppError, DatabaseUnavailableError, TooManyRequestsError, ValidationError } from '../lib/errors.ts';
import { MediaUnavailableError } from '../lib/media-store.ts';

type IssueParams = { expected?: string; minimum?: number | bigint; maximum?: number | bigint; origin?: string; values?: unknown[] };

/** "filter.selectedCarat" -> "selected carat"; array positions name their list ("filter.grades.0" -> "grades"). */
function fieldName(path: string): string {
  const last = path.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? 'input';
  if (last === 'input') return 'request';
  return last.replace(/([a-z])([A-Z])/g, '$1 $2').replaceAll('_', ' ').toLowerCase();
}

const kinds: Record<string, string> = { number: 'a number', int: 'a whole number', string: 'text', boolean: 'true or false', array: 'a list', object: 'an object', tuple: 'a list' };

/**
 * Messages a schema sets itself pass through; zod's built-in wording ("Invalid input: expected
 * number, received NaN") is rewritten into a sentence a customer can act on.
 */
export function friendlyMessage(path: string, code: string, message: string | undefined, params: IssueParams = {}): string {
  const builtIn = !message || /^(Invalid|Too (small|big)|Expected|Unrecognized)/.test(message);
  if (!builtIn) return message;
  const name = fieldName(path);
  const subject = name === 'request' ? 'The request' : `The ${name}`;
  switch (code) {
    case 'invalid_type':
      if (/received (undefined|null)$/.test(message ?? '')) return name === 'request' ? 'The request body is required.' : `${subject} is required.`;
      return `${subject} must be ${kinds[params.expected ?? ''] ?? 'valid'}.`;
    case 'too_small':
      return params.origin === 'string' ? (Number(params.minimum) <= 1 ? `${subject} is required.` : `${subject} must be at least ${params.minimum} characters.`)
        : params.origin === 'array' ? `${subject} must hold at least ${params.minimum} values.` : `${subject} must be at least ${params.minimum}.`;
    case 'too_big':
      return params.origin === 'string' ? `${subject} must be at most ${params.maximum} characters.`
        : params.origin === 'array' ? `${subject} must hold at most ${params.maximum} values.` : `${subject} must be at most ${params.maximum}.`;
    case 'invalid_value':
      return params.values?.length ? `${subject} must be one of: ${params.values.join(', ')}.` : `${subject} is not valid.`;
    case 'invalid_format':
      return `${subject} is not in a valid format.`;
    default:
      return `${subject} is not valid.`;
  }
}

/** One error shape per kind (docs/architecture.md, "Errors"); 5xx never shows internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'input';
        (errors[path] ??= []).push(friendlyMessage(path, issue.keyword, issue.message, issue.params as IssueParams));
      }
      return reply.status(422).send({ message: Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors });
    }
    if (error instanceof ValidationError) {
      return reply.status(422).send({ message: error.message, errors: error.errors });
    }
    if (error instanceof TooManyRequestsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(429).send({ message: error.message, code: error.code });
    }
    const databaseFailure = databaseFailureOf(error);
    if (error instanceof DatabaseUnavailableError || databaseFailure) {
      // The code only: a driver error's message can carry the statement's parameters.
      if (databaseFailure) request.log.warn({ code: databaseFailure.code, kind: databaseFailure.kind }, 'database failure');
      const unavailable = error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError();
      reply.header('retry-after', String(unavailable.retryAfterSeconds));
      return reply.status(503).send({ message: unavailable.message, code: unavailable.code });
    }
    if (error instanceof MediaUnavailableError) {
      const reason = error.reason as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } } | undefined;
      request.log.warn({ reason: reason?.name, message: reason?.message, status: reason?.$metadata?.httpStatusCode }, 'media store unavailable');
      reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(503).send({ message: error.message, code: error.code });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: 'Too many requests. Please wait and try again.', code: 'rate_limited' });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      const bodyMessage = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'The request body is not valid JSON.'
        : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The request body is required.' : undefined;
      if (bodyMessage) return reply.status(422).send({ message: bodyMessage, errors: { input: [bodyMessage] } });
      const code: ErrorCode = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : status === 404 ? 'not_found' : 'bad_request';
      return reply.status(status === 413 || status === 415 || status === 404 ? status : 400)
        .send({ message: error.message, code, ...(code === 'bad_request' ? { errors: { input: [error.message] } } : {}) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}.`, code: 'route_not_found' });
  });
});
