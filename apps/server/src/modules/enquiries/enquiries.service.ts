import {
  type AdminEnquiriesQuery, type AdminEnquiriesResponse, type AdminEnquiry, type AdminEnquiryResponse, type EnquiryBody, type EnquiryResponse,
  PEOPLE_PAGE_SIZE,
} from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { Config } from '../../config.ts';
import { executor, type RequestContext, type StaffContext, within } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { greetedOnce } from '../../lib/greeting.ts';
import { addressKey, hitLimit } from '../../lib/rate-limit.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import * as repo from './enquiries.repo.ts';

export interface EnquiriesDeps {
  db: Database;
  config: Config;
  notifications: NotificationsService;
  audit: AuditService;
}

/** The names of the store's members with these ids (the staff module owns them). */
export type MemberNames = (ctx: RequestContext, ids: number[]) => Promise<Map<number, { name: string }>>;

function statusOf(row: repo.EnquiryRow, replied: boolean): AdminEnquiry['status'] {
  return row.handledAt ? 'handled' : replied ? 'replied' : 'new';
}

/** The footer's enquiry form, and the back office's inbox of what it stored. */
export function createEnquiriesService({ db, config, notifications, audit }: EnquiriesDeps) {
  async function shown(ctx: RequestContext, row: repo.EnquiryRow, names: MemberNames): Promise<AdminEnquiryResponse> {
    const replies = await repo.listReplies(executor(db, ctx), [row.id]);
    const members = replies.length ? await names(ctx, [...new Set(replies.map((r) => r.staffId))]) : new Map<number, { name: string }>();
    return {
      enquiry: {
        id: row.id, name: row.name, email: row.email, phone: row.phone, message: row.message,
        status: statusOf(row, replies.length > 0), created_at: row.createdAt.toISOString(), handled_at: row.handledAt?.toISOString() ?? null,
        replies: replies.map((r) => {
          const member = members.get(r.staffId);
          return { id: r.id, body: r.body, created_at: r.createdAt.toISOString(), staff: member ? { id: r.staffId, name: member.name } : null };
        }),
      },
    };
  }

  async function found(ctx: RequestContext, id: number): Promise<repo.EnquiryRow> {
    const row = await repo.findEnquiry(executor(db, ctx), ctx.store.id, id);
    if (!row) throw new NotFoundError('This enquiry does not exist.');
    return row;
  }

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

    /** The inbox: one page of enquiries, newest first, and how many are still open. */
    async list(ctx: StaffContext, query: AdminEnquiriesQuery): Promise<AdminEnquiriesResponse> {
      const q = executor(db, ctx);
      const [rows, total, open] = await Promise.all([
        repo.listEnquiries(q, ctx.store.id, query.status, PEOPLE_PAGE_SIZE, (query.page - 1) * PEOPLE_PAGE_SIZE),
        repo.countEnquiries(q, ctx.store.id, query.status),
        query.status === 'open' ? null : repo.countEnquiries(q, ctx.store.id, 'open'),
      ]);
      return {
        enquiries: rows.map(({ enquiry: e, replied }) => ({
          id: e.id, name: e.name, email: e.email, phone: e.phone, excerpt: e.message.slice(0, 160),
          status: statusOf(e, replied), created_at: e.createdAt.toISOString(),
        })),
        page: query.page, per_page: PEOPLE_PAGE_SIZE, total, open: open ?? total,
      };
    },

    get: async (ctx: StaffContext, id: number, names: MemberNames) => shown(ctx, await found(ctx, id), names),

    /**
     * Emails the reply to the enquirer in the store's name (outbox first, SMTP when set: 503 when it
     * cannot be sent, and then nothing else is written), then keeps it with the enquiry, audited.
     */
    async reply(ctx: StaffContext, id: number, message: string, names: MemberNames): Promise<AdminEnquiryResponse> {
      const row = await found(ctx, id);
      const quoted = row.message.split('\n').map((l) => `> ${l}`).join('\n');
      await notifications.sendEmail(ctx, {
        to: row.email, purpose: 'enquiry_reply', subject: `Re: your enquiry to ${ctx.store.name}`,
        text: `${greetedOnce(row.name, message)}\n\n${ctx.store.name}\n${ctx.store.email}\n\nYou wrote on ${row.createdAt.toISOString().slice(0, 10)}:\n${quoted}`,
      });
      await db.transaction(async (tx) => {
        const reply = await repo.insertReply(tx, { storeId: ctx.store.id, enquiryId: row.id, staffId: ctx.actor.staffId, body: message });
        await audit.record(within(ctx, tx), { action: 'enquiry.reply', objectType: 'enquiry', objectId: row.id, changes: { reply_id: { old: null, new: reply.id } } });
      });
      return shown(ctx, row, names);
    },

    /** Marks an enquiry handled (or open again); the same state twice changes and records nothing. */
    async setHandled(ctx: StaffContext, id: number, handled: boolean, names: MemberNames): Promise<AdminEnquiryResponse> {
      await db.transaction(async (tx) => {
        const row = await repo.findEnquiry(tx, ctx.store.id, id, true);
        if (!row) throw new NotFoundError('This enquiry does not exist.');
        if ((row.handledAt !== null) === handled) return;
        await repo.setHandled(tx, ctx.store.id, id, handled ? new Date() : null);
        await audit.record(within(ctx, tx), { action: handled ? 'enquiry.handled' : 'enquiry.reopened', objectType: 'enquiry', objectId: id, changes: { handled: { old: !handled, new: handled } } });
      });
      return shown(ctx, await found(ctx, id), names);
    },
  };
}

export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
