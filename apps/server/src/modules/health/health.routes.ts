import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '@gemstore/contracts';
import { checkHealth } from './health.service.ts';

/**
 * GET /api/health, for load balancers and orchestrators: no store, no caching; 200 when the database
 * answers, 503 database_unavailable when it does not (it asks the database even while requests are
 * being failed fast, so it tells the truth about the moment).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    config: { skipTenant: true, answersWhileDatabaseDown: true },
    schema: { response: { 200: HealthResponse } },
  }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return checkHealth(app.db);
  });
};
