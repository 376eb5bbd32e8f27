import type { FastifyInstance } from 'fastify';
import { devRoutes, endpoints } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';
import { normaliseDomain } from '../../lib/domains.ts';
import { NotFoundError } from '../../lib/errors.ts';

/**
 * GET /api/dev/outbox?to=… lists the stored messages with their codes, newest first, so the demo
 * and the tests work without SMS or email. It exists only outside production. With a `domain`
 * header (the /dev/outbox page sends its own) it lists that store's messages only; without one,
 * every store's (tools and tests that follow a recipient).
 */
export async function notificationsRoutes(app: FastifyInstance) {
  const { messaging, env } = app.config;
  if (env === 'production' && (messaging.emailSender === 'outbox' || messaging.smsSender === 'outbox')) {
    app.log.warn('EMAIL_SENDER or SMS_SENDER is `outbox` in production: one-time codes on that channel are stored (masked) but never delivered.');
  }
  if (env === 'production') return;
  const { notifications, stores } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, devRoutes), {
    outbox: async (request) => {
      const header = request.headers.domain;
      if (typeof header !== 'string' || header === '') return notifications.outbox(request.query.to);
      const domain = normaliseDomain(header);
      const store = domain ? await stores.findByDomain(domain) : null;
      if (!store) throw new NotFoundError(`No shop is set up for the domain '${domain ?? ''}'.`, 'unknown_store');
      return notifications.outbox(request.query.to, store.id);
    },
  });
}
