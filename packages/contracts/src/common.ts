import { z } from 'zod';

/**
 * PostgreSQL text cannot hold U+0000, so a request string with it would fail in the database, not in
 * validation. No request may carry one: the server reads every body, query and path through
 * refusingNulCharacters.
 */
export const NUL_CHARACTER_MESSAGE = 'Remove the NUL character (U+0000): it cannot be stored.';

type Path = (string | number)[];
/** A place in the value: its key and its parent's place (paths are built only for what is found, so deep nesting stays cheap). */
interface Place { key: string | number; parent: Place | null }

function pathOf(place: Place | null): Path {
  const path: Path = [];
  for (let p = place; p; p = p.parent) path.push(p.key);
  return path.reverse();
}

/** Where a request value holds a NUL character: every such string, and every object key with one. Iterative, so no nesting depth overflows it. */
export function nulCharacterPaths(value: unknown): Path[] {
  const found: Path[] = [];
  const pending: { value: unknown; place: Place | null }[] = [{ value, place: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: v, place } = next;
    if (typeof v === 'string') {
      if (v.includes('\0')) found.push(pathOf(place));
    } else if (Array.isArray(v)) {
      v.forEach((item, key) => pending.push({ value: item, place: { key, parent: place } }));
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\0')) found.push(pathOf({ key, parent: place }));
        else pending.push({ value: item, place: { key, parent: place } });
      }
    }
  }
  return found.reverse();
}

/** `schema`, which reads the input only when no string in it holds a NUL character (a 422 on each such field otherwise). */
export function refusingNulCharacters<T extends z.ZodType>(schema: T) {
  return z.unknown().superRefine((value, ctx) => {
    for (const path of nulCharacterPaths(value)) ctx.addIssue({ code: 'custom', path, message: NUL_CHARACTER_MESSAGE });
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

/** 422 body: one message plus the failing fields (ARCHITECTURE.md rule 3). */
export const ValidationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

export const ErrorBody = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** GET /api/health (not in the spec; for load balancers): 200 when the database answers, else 503 with ErrorBody. */
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
