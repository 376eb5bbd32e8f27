import type { FastifyInstance } from 'fastify';
import { endpoints, enquiryRoutes } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

export async function enquiriesRoutes(app: FastifyInstance) {
  const { enquiries } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, enquiryRoutes), {
    enquiry: (request) => enquiries.submit(request.ctx, request.body),
  });
}
