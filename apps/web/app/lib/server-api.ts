import { data as dataResponse } from 'react-router';

/** Matches WebLoadContext in apps/server/src/plugins/web.ts: the /api routes called in-process for the request's store. */
export interface LoadContextApi {
  api(path: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; data: unknown }>;
}

declare module 'react-router' {
  interface AppLoadContext extends LoadContextApi {
    /** The page's CSP nonce (entry.server.tsx puts it on every inline script). */
    nonce: string;
  }
}

/**
 * Critical loader data: the answer's body, or a thrown Response the route's error boundary renders
 * (404 for a missing object, the API's own status otherwise).
 */
export async function loadRequired<T>(context: LoadContextApi, path: string, init?: { method?: string; body?: unknown }): Promise<T> {
  const res = await context.api(path, init);
  if (res.status >= 200 && res.status < 300) return res.data as T;
  const message = (res.data as { message?: string } | null)?.message ?? 'The request failed.';
  throw dataResponse({ message }, { status: res.status === 404 ? 404 : res.status >= 500 ? 502 : res.status });
}

/** Secondary loader data: never breaks the page (HABITS.md 6); null when the call fails. */
export async function loadOptional<T>(context: LoadContextApi, path: string, init?: { method?: string; body?: unknown }): Promise<T | null> {
  try {
    const res = await context.api(path, init);
    return res.status >= 200 && res.status < 300 ? (res.data as T) : null;
  } catch {
    return null;
  }
}

/** A path parameter that can be an id or a friendly url (IdOrUrl in packages/contracts); others are 404s, not 422s. */
export function requireRef(value: string | undefined): string {
  if (!value || value.length > 200 || !/^[A-Za-z0-9][A-Za-z0-9._~-]*$/.test(value)) {
    throw dataResponse({ message: 'This page does not exist.' }, { status: 404 });
  }
  return value;
}

/** A 404 for the route's error boundary. */
export function notFound(message = 'This page does not exist.'): never {
  throw dataResponse({ message }, { status: 404 });
}
