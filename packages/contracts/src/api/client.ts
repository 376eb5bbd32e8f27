import type { CallInput, CallOutput, DeclaredErrorCode, Endpoint, HttpMethod, Route } from './endpoint.ts';
import { fillPath } from './endpoint.ts';
import type { Endpoints } from './endpoints.ts';
import { type ErrorCode, isErrorCode } from '../errors.ts';

/**
 * The typed API client, shared by the browser and the server's page loaders: one function per call
 * of the endpoint table, typed by its schemas, with no schema code at run time (the route table
 * gives method and path). How a request travels is the transport's business.
 */

/**
 * A non-2xx answer. `errors` holds the field errors of a 422 (docs/architecture.md, "Errors"); `code`
 * is one of the API's error codes (errors.ts), so a caller narrows on it: `err.code === 'password_locked'`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly errors: Record<string, string[]>;
  readonly code: ErrorCode | undefined;

  constructor(status: number, data: unknown) {
    const body = (data && typeof data === 'object' ? data : {}) as { message?: unknown; errors?: unknown; code?: unknown };
    super(typeof body.message === 'string' && body.message ? body.message : `The request failed (${status}).`);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : {};
    this.code = isErrorCode(body.code) ? body.code : undefined;
  }
}

/** The codes a call of the endpoint table may answer (its own and its access kind's). */
export type ErrorCodeOf<K extends keyof Endpoints> = DeclaredErrorCode<Endpoints[K]>;

/**
 * Whether `err` is an answer of the call `name` with one of `codes`; a code the call does not
 * declare is a type error, so a comparison cannot outlive the code it waits for.
 * `isErrorOf('placeOrder', err, 'stone_unavailable')`.
 */
export function isErrorOf<K extends keyof Endpoints, C extends ErrorCodeOf<K>>(_name: K, err: unknown, ...codes: C[]): err is ApiError & { code: C } {
  return err instanceof ApiError && err.code !== undefined && (codes as ErrorCode[]).includes(err.code);
}

export interface TransportRequest {
  method: HttpMethod;
  /** The path with its query, from the site's root (`/api/item-details/x?page=2`). */
  url: string;
  /** A JSON body. */
  body?: unknown;
  /** A multipart body. */
  form?: FormData;
  signal?: AbortSignal;
  /** Let the request outlive the page (fetch's `keepalive`): a sign-out sent as the page reloads. */
  keepalive?: boolean;
  /** Headers for this request only, over the transport's own. */
  headers?: Record<string, string>;
}

/** Sends a request and answers its status and parsed JSON body (null when empty). */
export type Transport = (request: TransportRequest) => Promise<{ status: number; data: unknown }>;

export type CallOptions = Pick<TransportRequest, 'signal' | 'keepalive' | 'headers'>;

export interface FetchTransportOptions {
  /** Put before each call's path: empty (the default) for the page's own origin, else `https://shop.example`. */
  baseUrl?: string;
  /** Headers for each request, read as it is sent (a token stored or cleared since the last call counts). */
  headers?: () => Record<string, string>;
  /** The fetch to send with (the global one by default). */
  fetch?: typeof fetch;
}

/**
 * A transport over fetch: a JSON body is sent as JSON, a form as multipart. The answer's body is
 * read as JSON; a body that is not JSON (a proxy's error page) becomes `{message: text}`, so it
 * still reaches the ApiError.
 */
export function fetchTransport(options: FetchTransportOptions = {}): Transport {
  const send = options.fetch ?? fetch;
  return async ({ method, url, body, form, signal, keepalive, headers: own }) => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers?.(), ...own };
    let payload: BodyInit | undefined = form;
    if (!form && body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await send(`${options.baseUrl ?? ''}${url}`, { method, headers, body: payload, signal, keepalive });
    const text = await res.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = { message: text };
      }
    }
    return { status: res.status, data };
  };
}

type CallFunction<E extends Endpoint> = object extends CallInput<E>
  ? (input?: CallInput<E>, options?: CallOptions) => Promise<CallOutput<E>>
  : (input: CallInput<E>, options?: CallOptions) => Promise<CallOutput<E>>;

export type ApiClient<T extends Record<string, Endpoint>> = { [K in keyof T]: CallFunction<T[K]> };

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of a call, from the site's root. */
export function callUrl(route: Route, input: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {}): string {
  return `${route.root ? '' : '/api'}${fillPath(route.path, input.params)}${queryString(input.query)}`;
}

export function createApiClient<T extends Record<string, Endpoint>>(routes: { [K in keyof T]: Route }, transport: Transport): ApiClient<T> {
  const client = {} as Record<string, (input?: Record<string, unknown>, options?: CallOptions) => Promise<unknown>>;
  for (const [name, route] of Object.entries(routes) as [string, Route][]) {
    client[name] = async (input = {}, options = {}) => {
      const { status, data } = await transport({
        method: route.method,
        url: callUrl(route, input as { params?: Record<string, unknown>; query?: Record<string, unknown> }),
        body: input.body,
        form: input.form as FormData | undefined,
        signal: options.signal,
        keepalive: options.keepalive,
        headers: options.headers,
      });
      if (status < 200 || status >= 300) throw new ApiError(status, data);
      return data;
    };
  }
  return client as unknown as ApiClient<T>;
}
