import type { EnquiryBody, EnquiryResponse } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { Config } from '../../config.ts';
import { executor, type RequestContext } from '../../lib/context.ts';
import { addressKey, hitLimit } from '../../lib/rate-limit.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import * as repo from './enquiries.repo.ts';

export interface EnquiriesDeps {
  db: Database;
  config: Config;
  notifications: NotificationsService;
}

/** The footer's enquiry form. */
export function createEnquiriesService({ db, config, notifications }: EnquiriesDeps) {
  return {
    /**
     * Rate-limited per address and store, stored for the store, then emailed to the store's address
     * (notifications: the outbox, and SMTP when EMAIL_SENDER=smtp). A failed delivery does not lose
     * the enquiry: it is stored first.
     */
    async submit(ctx: RequestContext, input: EnquiryBody): Promise<EnquiryResponse> {
      const q = executor(db, ctx);
      await hitLimit(q, {
        key: `enquiry:${ctx.store.id}:${addressKey(ctx.ip)}`,
        max: config.checkout.enquiryLimitPerIp,
        windowSeconds: config.auth.rateLimitWindowSeconds,
        message: 'You have sent several enquiries already. Please wait a while before sending another.',
      });
      const enquiry = await repo.insertEnquiry(q, { storeId: ctx.store.id, ...input });
      const text = [
        `A visitor sent an enquiry through ${ctx.store.name}:`, '',
        `Name: ${input.name}`, `Email: ${input.email}`, `Phone: ${input.phone}`, '', input.message, '',
        `Enquiry #${enquiry.id}, ${enquiry.createdAt.toISOString()}`,
      ].join('\n');
      await notifications.emailStore(ctx, { purpose: 'enquiry', subject: `Enquiry from ${input.name}`, text });
      return { success: true, message: 'Thank you. We will get back to you soon.' };
    },
  };
}

export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
