import type { z } from 'zod';
import type { Capability } from '../constants.ts';
import type { ErrorCode } from '../errors.ts';

/**
 * One call of the API, described once (the endpoint table, docs/decisions/0016). The server registers
 * its route from it (validation, serialisation, who may call), the typed client calls it, and the
 * OpenAPI document is generated from it.
 *
 * The method, path and access of every call are in the zod-free route table (routes.ts), so the
 * browser's client carries no schema code; the schemas are added here, keyed by the same names.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone (`public`), a signed-in customer of the store (`customer`), staff of the
 * store (`staff`), the payment provider (`provider`: no store, a signature instead), the operator's
 * load balancer (`system`: no store), or nobody outside development and test (`dev`).
 */
export type Access = 'public' | 'customer' | 'staff' | 'provider' | 'system' | 'dev';

export interface Route {
  method: HttpMethod;
  /** Fastify style (`/item-details/:id`), relative to `/api` unless `root` is set. */
  path: string;
  access: Access;
  /** One line for the reference page. */
  summary: string;
  /** The path is not under /api (the payment host pages). */
  root?: boolean;
  /**
   * Whether the call runs for one shop, the store of the request's domain (its handler gets that
   * shop's request context; see shopCall). Unset: every /api call but the provider's, system and
   * dev calls. `true` puts a page outside /api in the host's store (robots.txt, the sitemap);
   * `false` takes an /api call out of every store (a question about any domain).
   */
  tenant?: boolean;
  /**
   * A staff call's capability (constants.ts ROLE_CAPABILITIES says which roles hold it): a member
   * whose role lacks it gets 403. A staff call without one is open to every member (their own
   * sign-in and two-factor calls).
   */
  capability?: Capability;
}

/** A request body sent as multipart/form-data (files); its text fields are described by `fields`. */
export interface MultipartBody<F extends z.ZodType = z.ZodType> {
  multipart: true;
  fields: F;
}

export interface Schemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | MultipartBody;
  /** The 200 answer: JSON by its schema, an HTML page, a redirect, a file, plain text or XML. */
  response: z.ZodType | 'html' | 'redirect' | 'file' | 'text' | 'xml';
  /** The media type of a `file` answer (`image/*` unless said). */
  fileType?: string;
  /**
   * The error codes (errors.ts) the call itself may answer, beyond those every call of its access
   * kind can give (`commonErrors`). Required, so a new call says what can go wrong with it; the
   * server refuses an undeclared code outside production, and clients narrow on these
   * (`isErrorOf`). Their statuses follow from the codes.
   */
  errors: readonly ErrorCode[];
}

export type Endpoint = Route & Schemas;

/** Whether a call runs for the store of its domain (Route.tenant), as a type: its handler has that shop's context. */
export type ShopCall<R extends Route> = R extends { tenant: boolean } ? R['tenant']
  : R extends { root: true } ? false
  : R['access'] extends 'provider' | 'system' | 'dev' ? false : true;

/** The same at run time: the tenant plugin sets a request context only on these. */
export function shopCall(r: Route): boolean {
  if (r.tenant !== undefined) return r.tenant;
  if (r.root) return false;
  return r.access !== 'provider' && r.access !== 'system' && r.access !== 'dev';
}

/** The route table's names, each with its route and schemas. */
export type EndpointTable<R extends Record<string, Route>> = { [K in keyof R]: R[K] & Schemas };

/**
 * Joins the route table with the schemas of each call: a call without schemas, or schemas for a
 * call that has no route, is a type error.
 */
export function withSchemas<R extends Record<string, Route>, const S extends { [K in keyof R]: Schemas }>(
  routes: R, schemas: S,
): { [K in keyof R]: R[K] & S[K] } {
  const table = {} as { [K in keyof R]: R[K] & S[K] };
  for (const name of Object.keys(routes) as (keyof R)[]) table[name] = { ...routes[name], ...schemas[name] };
  return table;
}

/**
 * Codes any call may answer, whatever it does: a malformed, oversized or invalid request, a host
 * that is no host name, too many calls, the database out of reach, a fault of ours.
 */
export const ANY_CALL_ERRORS = [
  'bad_request', 'invalid_host', 'validation_failed', 'payload_too_large', 'unsupported_media_type', 'rate_limited', 'database_unavailable', 'internal_error',
] as const satisfies readonly ErrorCode[];

/**
 * What every call of a route may answer besides its own codes: the store is looked up for a
 * shop's calls (unknown_store), a customer or staff call needs its sign-in (unauthenticated), one
 * with a capability a role and, where the store asks, two-factor (forbidden, two_factor_required),
 * and a token sent under /api/admin must be a live staff token (invalid_staff_token).
 */
export type CommonErrorCode<R extends Route> =
  | (typeof ANY_CALL_ERRORS)[number]
  | (ShopCall<R> extends true ? 'unknown_store' : never)
  | (R['access'] extends 'customer' | 'staff' ? 'unauthenticated' : never)
  | (R extends { access: 'staff'; capability: Capability } ? 'forbidden' | 'two_factor_required' : never)
  | (R['path'] extends `/admin/${string}` ? 'invalid_staff_token' : never);

/** The codes of CommonErrorCode, for the server's check and the OpenAPI document. */
export function commonErrors(route: Route): ErrorCode[] {
  return [
    ...ANY_CALL_ERRORS,
    ...(shopCall(route) ? ['unknown_store'] as const : []),
    ...(route.access === 'customer' || route.access === 'staff' ? ['unauthenticated'] as const : []),
    ...(route.access === 'staff' && route.capability ? ['forbidden', 'two_factor_required'] as const : []),
    ...(route.path.startsWith('/admin/') ? ['invalid_staff_token'] as const : []),
  ];
}

/** Every code a call may answer: its access kind's and its own. */
export type DeclaredErrorCode<E extends Endpoint> = CommonErrorCode<E> | E['errors'][number];

export function declaredErrors(endpoint: Endpoint): ErrorCode[] {
  return [...new Set([...commonErrors(endpoint), ...endpoint.errors])];
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller passes: path parameters, query and body as the schemas read them. */
export type CallInput<E extends Schemas> =
  (E['params'] extends z.ZodType ? { params: InputOf<E['params']> } : { params?: undefined })
  & (E['query'] extends z.ZodType ? { query?: InputOf<E['query']> } : { query?: undefined })
  & (E['body'] extends MultipartBody ? { form: FormData }
    : E['body'] extends z.ZodType ? (undefined extends InputOf<E['body']> ? { body?: InputOf<E['body']> } : { body: InputOf<E['body']> })
      : { body?: undefined });

/** What a call answers with status 200. */
export type CallOutput<E extends Schemas> = E['response'] extends z.ZodType ? z.output<E['response']> : string;

/** `/item-details/:id` with {id: 'x'} -> `/item-details/x`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`The path ${path} needs the parameter ${name}.`);
    return encodeURIComponent(String(value));
  });
}
