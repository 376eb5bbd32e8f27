import type { FastifyInstance } from 'fastify';
import { adminNewsletterRoutes, endpoints, NEWSLETTER_CSV_COLUMNS, newsletterRoutes as newsletterTable } from '@gemstore/contracts';
import { sendCsv } from '../../lib/csv.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/** The newsletter sign-up, its confirmation and unsubscribe links, and the list for staff. */
export async function newsletterRoutes(app: FastifyInstance) {
  const { newsletter } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, newsletterTable), {
    newsletterSubscribe: (request) => newsletter.subscribe(request.ctx, request.body),
    newsletterConfirm: (request) => newsletter.confirm(request.ctx, request.body),
    newsletterUnsubscribe: (request) => newsletter.unsubscribe(request.ctx, request.body),
  });
  registerEndpoints(app, endpointsOf(endpoints, adminNewsletterRoutes), {
    adminNewsletter: (request) => newsletter.list(request.ctx, request.query),
    adminNewsletterExport: async (request, reply) => sendCsv(reply, request.log, newsletter.export(request.ctx, request.query.q), NEWSLETTER_CSV_COLUMNS, 'newsletter-subscribers'),
  });
}
