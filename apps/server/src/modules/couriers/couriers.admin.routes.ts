import type { FastifyInstance } from 'fastify';
import { adminCourierRoutes, endpoints } from '@gemstore/contracts';
import { staffContext } from '../../lib/context.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/** The couriers the dispatch and pick-up forms offer (capability `orders`), and the list staff keep (capability `settings`). */
export async function couriersAdminRoutes(app: FastifyInstance) {
  const { couriers } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, adminCourierRoutes), {
    adminCouriers: (request) => couriers.active(staffContext(request)),
    adminCourierSettings: (request) => couriers.all(staffContext(request)),
    adminCourierCreate: (request) => couriers.create(staffContext(request), request.body),
    adminCourierUpdate: (request) => couriers.update(staffContext(request), request.params.id, request.body),
    adminCourierOrder: (request) => couriers.reorder(staffContext(request), request.body),
  });
}
