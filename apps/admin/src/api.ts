import { ApiError, createApiClient, fetchTransport, routes, type Endpoints } from '@gemstore/contracts/client';

/**
 * The back office's API client, typed by the endpoint table: calls go to /api on this origin,
 * name the store by the hostname, and carry the staff token when one is stored. The token is kept
 * for the browser tab's session only (sessionStorage): closing the tab signs out.
 */
const TOKEN_KEY = 'gemstore.staff-token';

export function getStaffToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setStaffToken(token: string | null): void {
  if (token) window.sessionStorage.setItem(TOKEN_KEY, token);
  else window.sessionStorage.removeItem(TOKEN_KEY);
}

function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { domain: window.location.hostname };
  const token = getStaffToken();
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

export const api = createApiClient<Endpoints>(routes, fetchTransport({ headers: requestHeaders }));

/** The first message of a failed call, for a form's alert or a field. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : 'Something went wrong. Please try again.';
}

/** The field errors of a 422, keyed by field. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? '']));
}

export function isSignedOut(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}

export { ApiError };
