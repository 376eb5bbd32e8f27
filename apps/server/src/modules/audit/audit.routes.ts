import type { FastifyInstance } from 'fastify';
import { auditRoutes as auditTable, endpoints } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/** The audit log of staff writes, for owners (GET /api/admin/audit). */
export async function auditRoutes(app: FastifyInstance) {
  const { audit, staff } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, auditTable), {
    adminAudit: (request) => audit.list(request.ctx, request.query, staff.membersById),
  });
}
