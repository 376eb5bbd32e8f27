import { z } from 'zod';
import { ValidationErrorBody } from '../common.ts';
import { ERROR_STATUSES, type ErrorCode } from '../errors.ts';
import { declaredErrors, type Endpoint } from './endpoint.ts';

/**
 * The error answers of a call, status by status, from the codes it declares: the body is the
 * message with one of that status's codes (a 400 may add the field errors of the request as a
 * whole); a 422 is the field errors, or a coded answer where the call declares one. The server
 * registers them as its response schemas, the OpenAPI document shows them.
 */
export function errorAnswers(endpoint: Endpoint): Map<number, z.ZodType> {
  const answers = new Map<number, z.ZodType>();
  for (const [status, codes] of codesByStatus(endpoint)) {
    // One schema per status and codes, shared by the calls that answer the same: the server compiles each once.
    const key = `${status} ${codes.join(' ')}`;
    answers.set(status, shared.get(key) ?? shared.set(key, answerOf(status, codes)).get(key)!);
  }
  return answers;
}

const shared = new Map<string, z.ZodType>();

function codesByStatus(endpoint: Endpoint): [number, ErrorCode[]][] {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of declaredErrors(endpoint)) {
    const status = ERROR_STATUSES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return [...byStatus].sort(([a], [b]) => a - b);
}

function answerOf(status: number, codes: ErrorCode[]): z.ZodType {
  const coded = codes.filter((code) => code !== 'validation_failed');
  const body = coded.length === 0 ? undefined
    : z.object({ message: z.string(), code: z.enum(coded as [ErrorCode, ...ErrorCode[]]), ...(status === 400 ? { errors: ValidationErrorBody.shape.errors.optional() } : {}) });
  return status !== 422 ? body! : body ? z.union([ValidationErrorBody, body]) : ValidationErrorBody;
}
