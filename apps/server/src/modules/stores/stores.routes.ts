import type { FastifyInstance } from 'fastify';
import { endpoints, storeRoutes } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { normaliseDomain } from '../../lib/domains.ts';

export async function storesRoutes(app: FastifyInstance) {
  const { stores } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, storeRoutes), {
    storeProfile: (request) => stores.profile(request.ctx),
    checkDomain: async (request) => {
      const domain = normaliseDomain(request.params.domain);
      const store = domain ? await stores.findByDomain(domain) : null;
      if (!store) throw new NotFoundError(`No shop is set up for the domain '${request.params.domain}'.`, 'unknown_store');
      return { exists: true as const, store: { id: store.id, name: store.name } };
    },
  });
}
