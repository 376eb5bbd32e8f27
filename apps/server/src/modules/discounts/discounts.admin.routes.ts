import type { FastifyInstance } from 'fastify';
import { adminDiscountRoutes, endpoints } from '@gemstore/contracts';
import { staffContext } from '../../lib/context.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/** The back office's Discounts page. */
export async function discountsAdminRoutes(app: FastifyInstance) {
  const { discounts } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, adminDiscountRoutes), {
    adminDiscounts: (request) => discounts.list(staffContext(request)),
    adminDiscountCreate: (request) => discounts.create(staffContext(request), request.body),
    adminDiscountUpdate: (request) => discounts.update(staffContext(request), request.params.id, request.body),
    adminDiscountPause: (request) => discounts.pause(staffContext(request), request.params.id, request.body.paused),
  });
}
