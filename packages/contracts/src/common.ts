import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/**
 * Text PostgreSQL cannot store: U+0000 (text cannot hold it) and lone UTF-16 surrogates (UTF-8 has
 * no form for them, and JSON columns refuse their escapes). A request string with either would fail
 * in the database, not in validation, so no request may carry one: the server reads every body,
 * query and path through refusingUnstorableText, and checks what it reads by hand (multipart forms,
 * CSV rows, webhook bodies) with unstorableTextIssues.
 */
export const NUL_CHARACTER_MESSAGE = 'Remove the NUL character (U+0000): it cannot be stored.';
export const LONE_SURROGATE_MESSAGE = 'Remove the broken character (half of a UTF-16 pair): it cannot be stored.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored, or null when it can. */
export function unstorableTextProblem(text: string): string | null {
  if (text.includes('\0')) return NUL_CHARACTER_MESSAGE;
  return LONE_SURROGATE.test(text) ? LONE_SURROGATE_MESSAGE : null;
}

type Path = (string | number)[];
/** A place in the value: its key and its parent's place (paths are built only for what is found, so deep nesting stays cheap). */
interface Place { key: string | number; parent: Place | null }

function pathOf(place: Place | null): Path {
  const path: Path = [];
  for (let p = place; p; p = p.parent) path.push(p.key);
  return path.reverse();
}

export interface UnstorableTextIssue { path: Path; message: string }

/** Where a request value holds text that cannot be stored: every such string, and every object key with it. Iterative, so no nesting depth overflows it. */
export function unstorableTextIssues(value: unknown): UnstorableTextIssue[] {
  const found: UnstorableTextIssue[] = [];
  const pending: { value: unknown; place: Place | null }[] = [{ value, place: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: v, place } = next;
    if (typeof v === 'string') {
      const message = unstorableTextProblem(v);
      if (message) found.push({ path: pathOf(place), message });
    } else if (Array.isArray(v)) {
      v.forEach((item, key) => pending.push({ value: item, place: { key, parent: place } }));
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        const message = unstorableTextProblem(key);
        if (message) found.push({ path: pathOf({ key, parent: place }), message });
        else pending.push({ value: item, place: { key, parent: place } });
      }
    }
  }
  return found.reverse();
}

/** `schema`, which reads the input only when all its text can be stored (a 422 on each field that cannot otherwise). */
export function refusingUnstorableText<T extends z.ZodType>(schema: T) {
  return z.unknown().superRefine((value, ctx) => {
    for (const { path, message } of unstorableTextIssues(value)) ctx.addIssue({ code: 'custom', path, message });
  }).pipe(schema);
}

/** An object reference in a path: a numeric id or a friendly url. */
export const IdOrUrl = z.string().trim().min(1).max(200).regex(/^[A-Za-z0-9][A-Za-z0-9._~-]*$/, 'Must be an id or a friendly url.');

const PAGE_NOT_WHOLE = 'The page must be a whole number.';
/** A 1-based page number, from a query string or a JSON body ("abc" and 1.5 read as not whole). */
export const PageNumber = z.coerce.number({ error: PAGE_NOT_WHOLE }).int(PAGE_NOT_WHOLE)
  .min(1, 'The page starts at 1.').max(100000, 'The page must be at most 100000.');

export const PageQuery = z.object({
  page: PageNumber.default(1),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** 422 body: one message plus the failing fields (docs/architecture.md, "Errors"). */
export const ValidationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

export const ErrorBody = z.object({ message: z.string(), code: z.enum(ERROR_CODES).optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** GET /api/health (for load balancers): 200 when the database answers, else 503 with ErrorBody. */
export const HealthResponse = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponse>;

/**
 * GET /api/health/ready (load balancers): 200 while this process takes new requests and the
 * database answers; 503 `draining` once it has been told to stop, 503 `database_unavailable` while
 * the database does not answer. `replica` says where public reads go: `none` (no read replica),
 * `ready` (there), or `starting`, `lagging`, `down`, `fenced` (to the primary meanwhile).
 */
export const HealthReadyResponse = z.object({
  status: z.literal('ok'),
  replica: z.object({
    state: z.enum(['none', 'starting', 'ready', 'lagging', 'down', 'fenced']),
    lagSeconds: z.number().nullable(),
  }),
});
export type HealthReadyResponse = z.infer<typeof HealthReadyResponse>;
