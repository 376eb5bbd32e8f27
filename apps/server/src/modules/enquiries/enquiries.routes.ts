import type { FastifyInstance } from 'fastify';
import { adminPeopleRoutes, endpoints, enquiryRoutes } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';
import { staffContext } from '../../lib/context.ts';

export async function enquiriesRoutes(app: FastifyInstance) {
  const { enquiries, staff } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, enquiryRoutes), {
    enquiry: (request) => enquiries.submit(request.ctx, request.body),
  });
  const names = staff.membersById;
  const { adminEnquiries, adminEnquiry, adminEnquiryReply, adminEnquiryHandled } = adminPeopleRoutes;
  registerEndpoints(app, endpointsOf(endpoints, { adminEnquiries, adminEnquiry, adminEnquiryReply, adminEnquiryHandled }), {
    adminEnquiries: (request) => enquiries.list(staffContext(request), request.query),
    adminEnquiry: (request) => enquiries.get(staffContext(request), request.params.id, names),
    adminEnquiryReply: (request) => enquiries.reply(staffContext(request), request.params.id, request.body.message, names),
    adminEnquiryHandled: (request) => enquiries.setHandled(staffContext(request), request.params.id, request.body.handled, names),
  });
}
