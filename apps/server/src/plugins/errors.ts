import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, TooManyRequestsError, ValidationError } from '../lib/errors.ts';

/** One error shape per kind (ARCHITECTURE.md rule 3); 5xx never shows internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (issue.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') || 'input';
        (errors[path] ??= []).push(issue.message ?? 'Invalid value.');
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
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: 'Too many requests. Please wait and try again.', code: 'rate_limited' });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      return reply.status(status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 422 : status)
        .send({ message: error.message, code: error.code ?? 'bad_request', ...(status === 400 ? { errors: { input: [error.message] } } : {}) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}.`, code: 'route_not_found' });
  });
});
