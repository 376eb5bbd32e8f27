import type { FastifyInstance } from 'fastify';
import { endpoints, systemRoutes } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/**
 * For load balancers and orchestrators, without a store and never cached (each asks the database
 * even while requests are being failed fast, so it tells the truth about the moment):
 * GET /api/health, 200 when the database answers, 503 database_unavailable when it does not;
 * GET /api/health/live, 200 while the process runs; GET /api/health/ready, 200 while it takes new
 * requests, 503 `draining` once told to stop (docs/decisions/0042-read-replica-and-balancer.md).
 */
export async function healthRoutes(app: FastifyInstance) {
  const { health } = app.services;
  const { health: check, healthLive, healthReady } = endpointsOf(endpoints, systemRoutes);
  const always = { config: { answersWhileDatabaseDown: true } };
  registerEndpoints(app, { health: check, healthLive, healthReady }, {
    health: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return health.check();
    },
    healthLive: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return health.live();
    },
    healthReady: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return health.ready();
    },
  }, { health: always, healthLive: always, healthReady: always });
}
