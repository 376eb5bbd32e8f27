import type { FastifyInstance } from 'fastify';
import { endpoints, newsletterRoutes as newsletterTable } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/** The newsletter sign-up and its confirmation link. */
export async function newsletterRoutes(app: FastifyInstance) {
  const { newsletter } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, newsletterTable), {
    newsletterSubscribe: (request) => newsletter.subscribe(request.ctx, request.body),
    newsletterConfirm: (request) => newsletter.confirm(request.ctx, request.body),
  });
}
