import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, NotFoundError } from '../lib/errors.ts';
import type { RequestContext, Store } from '../lib/context.ts';
import { findStoreByDomain } from '../modules/stores/stores.repo.ts';

/** Lower-case hostname without port; undefined for an unusable value. */
export function normaliseDomain(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const host = value.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : undefined;
}

/** A Host header as RFC 9110 allows it here: a name or IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST_HEADER = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export function isValidHost(value: string | undefined): boolean {
  return value === undefined || value === '' || HOST_HEADER.test(value);
}

/** The store a request is for: the `domain` header, else the Host header (server-rendered pages). */
export function requestDomain(request: FastifyRequest): string | undefined {
  const header = request.headers.domain;
  return normaliseDomain(typeof header === 'string' && header ? header : request.headers.host);
}

/**
 * Resolves the tenant of every /api request (ARCHITECTURE.md rule 1). The store is cached per
 * process for a short time; replicas share nothing else.
 */
export const tenantPlugin = fp(async (app: FastifyInstance) => {
  const cache = new Map<string, { store: Store | null; expires: number }>();
  const ttlMs = app.config.storeCacheSeconds * 1000;

  async function lookup(domain: string): Promise<Store | null> {
    const hit = cache.get(domain);
    if (hit && hit.expires > Date.now()) return hit.store;
    const store = await findStoreByDomain(app.db, domain);
    if (ttlMs > 0) {
      if (cache.size > 10000) cache.clear();
      cache.set(domain, { store, expires: Date.now() + ttlMs });
    }
    return store;
  }

  app.decorate('resolveStore', lookup);
  app.decorateRequest('ctx', null as unknown as RequestContext);
  // Rendered pages and payment pages build URLs from the host: a malformed one is the client's error, not a crash.
  app.addHook('onRequest', async (request) => {
    if (!isValidHost(request.headers.host) || !isValidHost(request.host)) {
      throw new AppError(400, 'The Host header is not a valid host name.', 'invalid_host');
    }
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/check-domain/')) return;
    if (request.routeOptions.config?.skipTenant) return;
    const domain = requestDomain(request);
    const store = domain ? await lookup(domain) : null;
    if (!store) throw new NotFoundError(`No shop is set up for the domain '${domain ?? ''}'.`, 'unknown_store');
    request.ctx = { store };
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    resolveStore(domain: string): Promise<Store | null>;
  }
  interface FastifyContextConfig {
    /** Routes that work without a store (webhooks, dev tools) set this. */
    skipTenant?: boolean;
  }
}
