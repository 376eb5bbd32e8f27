import type { FastifyInstance } from 'fastify';
import { adminReturnRoutes, endpoints } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/** The back office's returns (/api/admin/returns): the queue, one return, and its next step. */
export async function returnsAdminRoutes(app: FastifyInstance) {
  const { adminReturns } = app.flows;
  registerEndpoints(app, endpointsOf(endpoints, adminReturnRoutes), {
    adminReturns: (request) => adminReturns.list(request.ctx, request.query),
    adminReturn: (request) => adminReturns.get(request.ctx, request.params.id),
    adminReturnStatus: (request) => adminReturns.setStatus(request.ctx, request.params.id, request.body),
  });
}
