import { z } from 'zod';

/** Listing and blog page sizes (spec section 9: 20 stones per page). */
export const ITEMS_PER_PAGE = 20;
export const POSTS_PER_PAGE = 10;
/** Spec: default ratti slider range. */
export const DEFAULT_RATTI_RANGE: [number, number] = [0, 105];

/** An object reference in a path: a numeric id or a friendly url. */
export const IdOrUrl = z.string().trim().min(1).max(200).regex(/^[A-Za-z0-9][A-Za-z0-9._~-]*$/, 'Must be an id or a friendly url.');

/** Largest id a PostgreSQL integer column holds: a larger one would fail in the database, not in validation. */
export const MAX_ID = 2_147_483_647;

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
