import type { EnquiryBody, EnquiryResponse } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { Config } from '../../config.ts';
import type { RequestContext } from '../../lib/context.ts';
import { addressKey, hitLimit } from '../../lib/rate-limit.ts';
import { insertOutboxMessage, markMessageDelivered, markMessageFailed } from '../notifications/notifications.repo.ts';
import { sendersFor } from '../notifications/notifications.routes.ts';
import * as repo from './enquiries.repo.ts';

export interface EnquiryDeps {
  config: Config;
  ip: string;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * The footer's enquiry form: rate-limited per IP and store, stored for the store, then emailed to
 * the store's address through the notifications outbox (and SMTP when EMAIL_SENDER=smtp). A failed
 * delivery does not lose the enquiry: it is stored first and the outbox row keeps the error.
 */
export async function submitEnquiry(db: Database, ctx: RequestContext, deps: EnquiryDeps, input: EnquiryBody): Promise<EnquiryResponse> {
  await hitLimit(db, {
    key: `enquiry:${ctx.store.id}:${addressKey(deps.ip)}`,
    max: deps.config.checkout.enquiryLimitPerIp,
    windowSeconds: deps.config.auth.rateLimitWindowSeconds,
    message: 'You have sent several enquiries already. Please wait a while before sending another.',
  });
  const enquiry = await repo.insertEnquiry(db, { storeId: ctx.store.id, ...input });

  const subject = `Enquiry from ${input.name}`;
  const text = [
    `A visitor sent an enquiry through ${ctx.store.name}:`, '',
    `Name: ${input.name}`, `Email: ${input.email}`, `Phone: ${input.phone}`, '', input.message, '',
    `Enquiry #${enquiry.id}, ${enquiry.createdAt.toISOString()}`,
  ].join('\n');
  const messageId = await insertOutboxMessage(db, { storeId: ctx.store.id, to: ctx.store.email, channel: 'email', purpose: 'enquiry', subject, text });
  const sender = sendersFor(deps.config).email;
  if (sender) {
    try {
      await sender.send({ channel: 'email', to: ctx.store.email, fromName: ctx.store.name, subject, text, code: '' });
      await markMessageDelivered(db, messageId, new Date());
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await markMessageFailed(db, messageId, reason);
      deps.log?.warn({ messageId, reason }, 'enquiry email not delivered (the enquiry is stored)');
    }
  }
  return { success: true, message: 'Thank you. We will get back to you soon.' };
}
