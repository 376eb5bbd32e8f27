import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, NotFoundError } from '../lib/errors.ts';
import { GUEST } from '../lib/context.ts';
import { isValidHost, requestDomain } from '../lib/domains.ts';

/**
 * Resolves the tenant of every /api request (docs/architecture.md, "Shops") and starts its request
 * context: the store, a guest (plugins/auth.ts may make it a customer), the address and the logger.
 */
export const tenantPlugin = fp(async (app: FastifyInstance) => {
  const { stores } = app.services;
  app.decorateRequest('ctx', null);
  // Rendered pages and payment pages build URLs from the host: a malformed one is the client's error, not a crash.
  app.addHook('onRequest', async (request) => {
    if (!isValidHost(request.headers.host) || !isValidHost(request.host)) {
      throw new AppError('The Host header is not a valid host name.', 'invalid_host');
    }
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.routeOptions.config?.tenant) return;
    if (request.routeOptions.config?.skipTenant) return;
    const domain = requestDomain(request);
    const store = domain ? await stores.findByDomain(domain) : null;
    if (!store) throw new NotFoundError(`No shop is set up for the domain '${domain ?? ''}'.`, 'unknown_store');
    request.ctx = { store, actor: GUEST, ip: request.ip, log: request.log };
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that work without a store (webhooks, dev tools) set this. */
    skipTenant?: boolean;
    /** Routes outside /api that belong to the store of the request's host (robots.txt, the sitemap) set this. */
    tenant?: boolean;
  }
}
