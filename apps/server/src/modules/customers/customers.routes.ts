import type { FastifyInstance } from 'fastify';
import { adminPeopleRoutes, customerRoutes, endpoints } from '@gemstore/contracts';
import { customerContext, staffContext } from '../../lib/context.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';
import { bearerToken } from '../../plugins/auth.ts';

/** The signed-in customer's profile and password (the auth module's steps), and the phone country codes. */
export async function customersRoutes(app: FastifyInstance) {
  const { auth, customers } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, customerRoutes), {
    countryCodes: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return customers.countryCodes();
    },
    updateProfile: (request) => auth.updateProfile(customerContext(request), request.body),
    userUpdate: (request) => auth.userUpdate(customerContext(request), request.body),
    // A new email or phone from the profile takes effect once the code sent to it comes back.
    verifyProfileIdentifier: (request) => auth.verifyProfileIdentifier(customerContext(request), request.body),
    profileResendOtp: (request) => auth.resendProfileCode(customerContext(request), { regId: request.body.regId, voice: false }),
    profileVoiceOtp: (request) => auth.resendProfileCode(customerContext(request), { regId: request.body.regId, voice: true }),
    customerUpdatePassword: (request) => auth.updatePassword(customerContext(request), { ...request.body, currentToken: bearerToken(request) }),
  });

  // The back office's customers (flows/customers.ts: their orders, addresses and returns; blocking ends their sign-ins).
  const people = app.flows.customers;
  const { adminCustomers, adminCustomer, adminCustomerBlock, adminCustomerUnblock, adminDashboard } = adminPeopleRoutes;
  registerEndpoints(app, endpointsOf(endpoints, { adminCustomers, adminCustomer, adminCustomerBlock, adminCustomerUnblock, adminDashboard }), {
    // The back office's home page (flows/dashboard.ts).
    adminDashboard: (request) => app.flows.dashboard.numbers(staffContext(request)),
    adminCustomers: (request) => people.list(staffContext(request), request.query),
    adminCustomer: (request) => people.page(staffContext(request), request.params.id),
    adminCustomerBlock: (request) => people.block(staffContext(request), request.params.id, request.body.reason),
    adminCustomerUnblock: (request) => people.unblock(staffContext(request), request.params.id),
  });
}
