import { createHmac } from 'node:crypto';
import {
  type AdminNewsletterQuery, type AdminNewsletterResponse, type MessageResponse, NEWSLETTER_CSV_COLUMNS, NEWSLETTER_PAGE_SIZE,
  type NewsletterConfirmBody, type NewsletterSubscribeBody, type NewsletterUnsubscribeBody,
} from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { Config } from '../../config.ts';
import { executor, type RequestContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { addressKey, hitLimit } from '../../lib/rate-limit.ts';
import { equalHex, hashToken, newOpaqueToken } from '../../lib/secrets.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { storeOrigin } from '../stores/stores.service.ts';
import * as repo from './newsletter.repo.ts';

/** How long a confirmation link works. */
const LINK_DAYS = 7;
/** Confirmation emails one address may be sent per rate-limit window, whoever asks (no mail-bombing through the form). */
const EMAILS_PER_ADDRESS = 3;

/**
 * The signature of an address's unsubscribe link: keyed by the server's pepper and bound to the
 * store, so the link needs nothing stored and works for as long as the address is on the list.
 */
function unsubscribeSignature(pepper: string, storeId: number, email: string): string {
  return createHmac('sha256', pepper).update(`newsletter-unsubscribe\n${storeId}\n${email}`).digest('hex');
}

type CsvRow = Record<(typeof NEWSLETTER_CSV_COLUMNS)[number], string>;

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
  /** The link that takes an address off the list, for every newsletter email to it. */
  function unsubscribeLink(ctx: RequestContext, email: string): string {
    const token = unsubscribeSignature(config.auth.otpPepper, ctx.store.id, email);
    return `${storeOrigin(config.site, ctx.store)}/newsletter/unsubscribe?email=${encodeURIComponent(email)}&token=${token}`;
  }

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

    /** Confirms a sign-up; a welcome email says how to leave (the unsubscribe link every newsletter email carries). */
    async confirm(ctx: RequestContext, input: NewsletterConfirmBody): Promise<MessageResponse> {
      const confirmed = await repo.confirmByToken(executor(db, ctx), ctx.store.id, hashToken(input.token), new Date());
      if (!confirmed) throw new NotFoundError('This link has expired or was already used. Sign up again to get a new one.', 'newsletter_link_invalid');
      await notifications.sendEmail(ctx, {
        to: confirmed.email, purpose: 'newsletter-welcome',
        subject: `${ctx.store.name}: you are subscribed to our newsletter`,
        text: `Hello,\n\nThank you: ${confirmed.email} now receives ${ctx.store.name}'s newsletter, new stones as they arrive.\n\n`
          + `To stop receiving it, open this link at any time:\n${unsubscribeLink(ctx, confirmed.email)}`,
      });
      return { message: `${confirmed.email} is now subscribed to the ${ctx.store.name} newsletter.` };
    },

    unsubscribeLink,

    /** The unsubscribe link's call: the address leaves the list (and stays off the export); a second click says the same. */
    async unsubscribe(ctx: RequestContext, input: NewsletterUnsubscribeBody): Promise<MessageResponse> {
      const email = input.email.toLowerCase();
      if (!equalHex(input.token, unsubscribeSignature(config.auth.otpPepper, ctx.store.id, email))) {
        throw new NotFoundError('This unsubscribe link is not valid. Open the link from the newest email, or reply to it and we will take you off the list.', 'newsletter_link_invalid');
      }
      await repo.unsubscribe(executor(db, ctx), ctx.store.id, email, new Date());
      return { message: `${email} will receive no more newsletters from ${ctx.store.name}.` };
    },

    /** The back office's list: a page of addresses by status, and the counts of each. */
    async list(ctx: RequestContext, query: AdminNewsletterQuery): Promise<AdminNewsletterResponse> {
      const q = executor(db, ctx);
      const [{ rows, total }, counts] = await Promise.all([
        repo.listSubscribers(q, ctx.store.id, { status: query.status, q: query.q, page: query.page, perPage: NEWSLETTER_PAGE_SIZE }),
        repo.countByStatus(q, ctx.store.id),
      ]);
      return {
        subscribers: rows.map((r) => ({
          email: r.email, status: r.status, created_at: r.createdAt.toISOString(),
          confirmed_at: r.confirmedAt?.toISOString() ?? null, unsubscribed_at: r.unsubscribedAt?.toISOString() ?? null,
        })),
        page: query.page, per_page: NEWSLETTER_PAGE_SIZE, total, counts,
      };
    },

    /** The confirmed subscribers for the CSV export (those who may be mailed), in batches. */
    async *export(ctx: RequestContext, q: string): AsyncIterable<CsvRow[]> {
      for await (const rows of repo.confirmedBatches(executor(db, ctx), ctx.store.id, q)) {
        yield rows.map((r) => ({
          email: r.email, subscribed_on: r.createdAt.toISOString().slice(0, 10), confirmed_on: r.confirmedAt?.toISOString().slice(0, 10) ?? '',
        }));
      }
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
