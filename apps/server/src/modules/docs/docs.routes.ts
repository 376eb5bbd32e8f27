import type { FastifyInstance } from 'fastify';
import { endpoints, systemRoutes } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/** GET /api/openapi.json and GET /api/docs: for developers of the shop's other clients; no store needed. */
export async function docsRoutes(app: FastifyInstance) {
  const { docs } = app.services;
  const { openApi, apiReference } = endpointsOf(endpoints, systemRoutes);
  registerEndpoints(app, { openApi, apiReference }, {
    openApi: async () => docs.openApi(),
    apiReference: async (_request, reply) => reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'")
      .send(docs.referencePage()),
  });
}
