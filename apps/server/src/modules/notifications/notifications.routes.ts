import type { FastifyInstance } from 'fastify';
import { devRoutes, endpoints } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/**
 * GET /api/dev/outbox?to=… lists the stored messages with their codes, newest first, so the demo
 * and the tests work without SMS or email. It exists only outside production.
 */
export async function notificationsRoutes(app: FastifyInstance) {
  const { messaging, env } = app.config;
  if (env === 'production' && (messaging.emailSender === 'outbox' || messaging.smsSender === 'outbox')) {
    app.log.warn('EMAIL_SENDER or SMS_SENDER is `outbox` in production: one-time codes on that channel are stored (masked) but never delivered.');
  }
  if (env === 'production') return;
  const { notifications } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, devRoutes), {
    outbox: (request) => notifications.outbox(request.query.to),
  });
}
