import type { FastifyInstance } from 'fastify';
import { courierRoutes, endpoints } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/** The couriers a customer may send a return with. */
export async function couriersRoutes(app: FastifyInstance) {
  const { couriers } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, courierRoutes), {
    couriers: (request) => couriers.forReturns(request.ctx),
  });
}
