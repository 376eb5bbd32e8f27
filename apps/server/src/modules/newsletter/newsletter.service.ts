import type { MessageResponse, NewsletterConfirmBody, NewsletterSubscribeBody } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { Config } from '../../config.ts';
import { executor, type RequestContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { addressKey, hitLimit } from '../../lib/rate-limit.ts';
import { hashToken, newOpaqueToken } from '../../lib/secrets.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { storeOrigin } from '../stores/stores.service.ts';
import * as repo from './newsletter.repo.ts';

/** How long a confirmation link works. */
const LINK_DAYS = 7;
/** Confirmation emails one address may be sent per rate-limit window, whoever asks (no mail-bombing through the form). */
const EMAILS_PER_ADDRESS = 3;

export interface NewsletterDeps {
  db: Database;
  config: Config;
  notifications: NotificationsService;
}

/**
 * The newsletter sign-up, double opt-in: an address joins the store's list only when the link
 * emailed to it is opened. The answer to a sign-up is the same whether or not the address is on
 * the list already, so the form tells nobody who subscribes.
 */
export function createNewsletterService({ db, config, notifications }: NewsletterDeps) {
  return {
    async subscribe(ctx: RequestContext, input: NewsletterSubscribeBody): Promise<MessageResponse> {
      const q = executor(db, ctx);
      const email = input.email.toLowerCase();
      const answer = { message: `Thank you. Unless ${email} is already subscribed, we have sent it a link: open it to confirm.` };
      await hitLimit(q, {
        key: `newsletter:${ctx.store.id}:${addressKey(ctx.ip)}`,
        max: config.checkout.enquiryLimitPerIp,
        windowSeconds: config.auth.rateLimitWindowSeconds,
        message: 'You have signed up several addresses already. Please wait a while before trying again.',
      });
      const existing = await repo.findSubscriber(q, ctx.store.id, email);
      if (existing?.status === 'confirmed') return answer;
      await hitLimit(q, {
        key: `newsletter-address:${ctx.store.id}:${email}`,
        max: EMAILS_PER_ADDRESS,
        windowSeconds: config.auth.rateLimitWindowSeconds,
        message: 'We have sent this address several links already. Please look for them in its inbox.',
      });
      const { token, hash } = newOpaqueToken();
      await repo.savePending(q, { storeId: ctx.store.id, email, tokenHash: hash, tokenExpiresAt: new Date(Date.now() + LINK_DAYS * 86400_000) });
      const link = `${storeOrigin(config.site, ctx.store)}/newsletter/confirm?token=${encodeURIComponent(token)}`;
      await notifications.sendEmail(ctx, {
        to: email, purpose: 'newsletter-confirm', secret: token,
        subject: `${ctx.store.name}: confirm your newsletter subscription`,
        text: `Hello,\n\nSomeone (we hope you) asked to receive ${ctx.store.name}'s newsletter at this address. `
          + `Open this link within ${LINK_DAYS} days to confirm:\n\n${link}\n\n`
          + 'If you did not ask for it, ignore this email: you will receive nothing more.',
      });
      return answer;
    },

    async confirm(ctx: RequestContext, input: NewsletterConfirmBody): Promise<MessageResponse> {
      const confirmed = await repo.confirmByToken(executor(db, ctx), ctx.store.id, hashToken(input.token), new Date());
      if (!confirmed) throw new NotFoundError('This link has expired or was already used. Sign up again to get a new one.', 'newsletter_link_invalid');
      return { message: `${confirmed.email} is now subscribed to the ${ctx.store.name} newsletter.` };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
