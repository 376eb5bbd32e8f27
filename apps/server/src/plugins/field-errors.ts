import type { FastifyRequest } from 'fastify';
import { friendlyMessage } from './errors.ts';
import { ValidationError } from '../lib/errors.ts';

/**
 * For bodies that wrap the form in one object ({address: {...}}): a route sets
 * `attachValidation: true` and calls this first, so field errors come back keyed by the form's own
 * names ("name", "pincode") rather than by their path in the body ("address.name").
 */
export function assertValidBody(request: FastifyRequest, wrapper: string): void {
  const error = request.validationError as (Error & { validation?: { instancePath: string; keyword: string; message?: string; params?: unknown }[] }) | undefined;
  if (!error) return;
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path.startsWith(`${wrapper}.`) ? path.slice(wrapper.length + 1) : path || wrapper;
    (errors[field] ??= []).push(friendlyMessage(field, issue.keyword, issue.message, issue.params as never));
  }
  throw new ValidationError(Object.keys(errors).length ? errors : { [wrapper]: [error.message] });
}
