/**
 * The browser's API client: every call goes to /api on this origin, names the store by the
 * hostname (ARCHITECTURE.md rule 1) and carries the customer's bearer token when one is stored.
 * Loaders do not use this; they call context.api in-process (see server-api.ts).
 */

/** localStorage key of the signed-in customer's bearer token (spec section 3: "token kept in browser storage"). */
export const AUTH_TOKEN_KEY = 'gemstore.token';

export function getAuthToken(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** A non-2xx answer. `errors` holds the server's field errors of a 422 (ARCHITECTURE.md rule 3). */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly errors: Record<string, string[]>;
  readonly code: string | undefined;

  constructor(status: number, data: unknown) {
    const body = (data && typeof data === 'object' ? data : {}) as { message?: unknown; errors?: unknown; code?: unknown };
    super(typeof body.message === 'string' && body.message ? body.message : `The request failed (${status}).`);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : {};
    this.code = typeof body.code === 'string' ? body.code : undefined;
  }
}

export interface ApiInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData body is sent as multipart as it is. */
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls `/api/<path>` and resolves with the JSON body; rejects with ApiError on a non-2xx answer. */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', domain: window.location.hostname };
  const token = getAuthToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) {
    body = init.body;
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const res = await fetch(`/api/${path.replace(/^\//, '')}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: init.signal,
  });
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text };
    }
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data as T;
}
