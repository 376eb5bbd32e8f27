import { data as dataResponse } from 'react-router';
import type { SiteLayout } from '@gemstore/contracts';
import { ApiError, createApiClient, routes, type ApiClient, type Endpoints } from '@gemstore/contracts/client';

/** Matches WebLoadContext in apps/server/src/plugins/web.ts: the /api routes called in-process for the request's store. */
export interface LoadContextApi {
  api(path: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; data: unknown }>;
}

declare module 'react-router' {
  interface AppLoadContext extends LoadContextApi {
    /** The page's CSP nonce (entry.server.tsx puts it on every inline script). */
    nonce: string;
    /**
     * The store's layout (profile, gem and page menus, footer pages), from the server's per-store
     * copy that a change of the store clears; null when no store is set up for the request's host.
     */
    site(): Promise<SiteLayout | null>;
  }
}

/** The request's store's layout, or the 404 of an unknown host. */
export async function loadSite(context: { site(): Promise<SiteLayout | null> }): Promise<SiteLayout> {
  const site = await context.site();
  if (!site) throw dataResponse({ message: 'There is no shop at this address.' }, { status: 404 });
  return site;
}

/** One client per request: its context names the store. */
const clients = new WeakMap<LoadContextApi, ApiClient<Endpoints>>();

/**
 * The typed API client of a loader. Its calls go in-process through `context.api`, which takes the
 * path below /api and adds the request's store; there is no network hop and no base URL to know.
 */
export function serverApi(context: LoadContextApi): ApiClient<Endpoints> {
  let client = clients.get(context);
  if (!client) {
    client = createApiClient<Endpoints>(routes, ({ method, url, body, form }) => {
      if (!url.startsWith('/api/') || form) throw new Error(`A loader cannot call ${method} ${url}: only JSON calls below /api go in-process.`);
      return context.api(url.slice('/api/'.length), { method, body });
    });
    clients.set(context, client);
  }
  return client;
}

/**
 * Critical loader data: the answer's body, or a thrown Response the route's error boundary renders
 * (404 for a missing object, the API's own status otherwise).
 */
export async function loadRequired<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const message = (error.data as { message?: string } | null)?.message ?? 'The request failed.';
    throw dataResponse({ message }, { status: error.status === 404 ? 404 : error.status >= 500 ? 502 : error.status });
  }
}

/** Secondary loader data: never breaks the page; null when the call fails. */
export async function loadOptional<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
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
