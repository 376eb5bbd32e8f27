import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxQuery, OutboxResponse } from '@gemstore/contracts';
import type { Config } from '../../config.ts';
import { listOutbox } from './notifications.service.ts';
import { createSenders, type Senders } from './senders.ts';

const sendersByConfig = new WeakMap<Config, Senders>();

/** One set of senders per app configuration (the SMTP transport is made once). */
export function sendersFor(config: Config): Senders {
  let senders = sendersByConfig.get(config);
  if (!senders) {
    senders = createSenders(config.messaging);
    sendersByConfig.set(config, senders);
  }
  return senders;
}

/**
 * GET /api/dev/outbox?to=… lists the stored messages with their codes, newest first, so the demo
 * and the tests work without SMS or email. It exists only outside production.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { messaging, env } = app.config;
  if (env === 'production' && (messaging.emailSender === 'outbox' || messaging.smsSender === 'outbox')) {
    app.log.warn('EMAIL_SENDER or SMS_SENDER is `outbox` in production: one-time codes on that channel are stored (masked) but never delivered.');
  }
  if (env === 'production') return;

  app.get('/dev/outbox', {
    config: { skipTenant: true },
    schema: { querystring: OutboxQuery, response: { 200: OutboxResponse } },
  }, async (request) => listOutbox(app.db, request.query.to));
};
