import type { FastifyInstance } from 'fastify';
import { endpoints, systemRoutes } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/**
 * GET /api/health, for load balancers and orchestrators: no store, no caching; 200 when the database
 * answers, 503 database_unavailable when it does not (it asks the database even while requests are
 * being failed fast, so it tells the truth about the moment).
 */
export async function healthRoutes(app: FastifyInstance) {
  const { health } = app.services;
  const { health: endpoint } = endpointsOf(endpoints, systemRoutes);
  registerEndpoints(app, { health: endpoint }, {
    health: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return health.check();
    },
  }, { health: { config: { answersWhileDatabaseDown: true } } });
}
