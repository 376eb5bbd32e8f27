import { createApiClient, fetchTransport, routes, type Endpoints } from '@gemstore/contracts/client';

/**
 * The browser's API client, typed by the endpoint table: every call goes to /api on this origin,
 * names the store by the hostname (the `domain` header) and carries the customer's bearer token
 * when one is stored. Loaders do not use this; they call the API in-process (see server-api.ts).
 */

/** localStorage key of the signed-in customer's bearer token (the token is kept in browser storage). */
export const AUTH_TOKEN_KEY = 'gemstore.token';

export function getAuthToken(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { domain: window.location.hostname };
  const token = getAuthToken();
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

export const api = createApiClient<Endpoints>(routes, fetchTransport({ headers: requestHeaders }));
