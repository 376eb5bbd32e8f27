import { formatCount, formatPaise, formatRate } from '@gemstore/contracts/format';
import { usdAt } from '@gemstore/contracts/money';
import type { Config } from '../config.ts';
import type { RequestContext } from '../lib/context.ts';
import { escapeHtml } from '../lib/html.ts';
import type { CustomerMessage, QueuedMessage } from '../modules/notifications/notifications.service.ts';
import { type OrderEventRow, orderNumberOf, type OrderRow } from '../modules/orders/orders.service.ts';
import { storeOrigin } from '../modules/stores/stores.service.ts';
import type { Services } from '../services.ts';

/** What a message says: a subject, paragraphs of text, and the order page to open. */
interface Letter {
  subject: string;
  paragraphs: string[];
  /** The SMS's text and template facts, for the one step told by SMS to a customer without an email. */
  sms?: { text: string; variables: Record<string, string> };
  /** A parcel's tracking number and its courier's page (the email links the number to it). */
  track?: { number: string; url: string };
}

/** The parcel of a step whose courier has a tracking link (none for a courier typed as free text). */
function trackOf(d: Record<string, unknown>): Letter['track'] {
  const url = str(d.tracking_url);
  return url ? { number: str(d.tracking_number), url } : undefined;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/**
 * An amount of the order as its customer saw it: rupees, or for a shop that showed dollars, the
 * dollars at the order's rate first, with the rupees charged and the rate beside them.
 */
function chargedText(order: OrderRow, paise: number): string {
  if (order.usdRate === null) return formatPaise(paise);
  const usd = usdAt(order.usdRate);
  return `${formatPaise(paise, usd)} (charged as ${formatPaise(paise)}, at ${formatRate(usd)})`;
}

/** The letter of each step the customer is told about; null for the others (notes, lapsed payments ...). */
function letterOf(store: string, order: OrderRow, e: OrderEventRow): Letter | null {
  const n = orderNumberOf(order);
  const d = e.data;
  const ret = `return #${e.returnId ?? ''}`;
  switch (e.kind) {
    case 'placed':
      return {
        subject: `${store}: order ${n} placed`,
        paragraphs: [
          `Thank you for your order ${n} of ${formatCount(order.totalQty, 'stone')}, ${chargedText(order, order.totalPaise)} in all${
            order.discountPaise > 0 ? `, after ${chargedText(order, order.discountPaise)} off with the code ${order.discountCode}` : ''}, `
          + `${order.shippingPaise === 0 ? 'shipped free' : `shipping of ${chargedText(order, order.shippingPaise)} included`}.`,
          'Your stones are held for you while you pay. If the payment page closed, open the order and choose Retry Payment.',
        ],
      };
    case 'paid':
      return {
        subject: `${store}: payment received for order ${n}`,
        paragraphs: [`We received ${chargedText(order, Number(d.amount_paise ?? order.totalPaise))} for order ${n} (payment reference ${str(d.payment_id)}).`, 'We will tell you when your stones are on their way.'],
      };
    case 'dispatched': {
      const courier = str(d.courier_partner);
      const tracking = str(d.tracking_number);
      return {
        subject: `${store}: order ${n} is on its way`,
        paragraphs: [`Your order ${n} was dispatched with ${courier}, tracking number ${tracking}.`, 'If a stone is not what you expected, you can request a return from the order page once it arrives.'],
        sms: { text: `${store}: order ${n} dispatched with ${courier}, tracking number ${tracking}.`, variables: { order: n, courier, tracking } },
        track: trackOf(d),
      };
    }
    case 'return_approved':
      return {
        subject: `${store}: ${ret} approved`,
        paragraphs: [
          `We approved your ${ret} for order ${n}.`,
          'Send the stones back with their certificate and invoice, then enter the courier and tracking number on the order page.',
        ],
      };
    case 'return_rejected':
      return {
        subject: `${store}: ${ret} not accepted`,
        paragraphs: [`We could not accept your ${ret} for order ${n}.`, ...(e.note ? [`Reason: ${e.note}`] : []), 'Reply to this email if you have a question.'],
      };
    case 'return_picked_up':
      return {
        subject: `${store}: ${ret} picked up`,
        paragraphs: [`Your ${ret} for order ${n} was picked up by ${str(d.courier_partner)}, tracking number ${str(d.tracking_number)}.`, 'We will refund it once the stones reach us and are checked.'],
        track: trackOf(d),
      };
    case 'refund_started':
    case 'refund_processed':
      return {
        subject: `${store}: refund for order ${n}`,
        paragraphs: [
          `We have refunded ${formatPaise(Number(d.amount_paise ?? 0))} for order ${n}${e.returnId ? ` (${ret})` : ''} to the card, account or wallet you paid with.`,
          'Banks usually show it within 5 to 7 working days.',
        ],
      };
    default:
      return null;
  }
}

/**
 * One message per step, whatever the step's event: a refund started and then processed is one
 * refund, told once.
 */
function messageKey(order: OrderRow, e: OrderEventRow, channel: string): string {
  const step = e.kind === 'refund_started' || e.kind === 'refund_processed' ? `refund:${e.refundId}` : e.key;
  return `order:${order.id}:${step}:${channel}`;
}

function html(store: string, paragraphs: string[], link: string, track?: Letter['track']): string {
  const p = paragraphs.map((t) => `<p style="margin:0 0 12px">${escapeHtml(t)}</p>`).join('')
    + (track ? `<p style="margin:0 0 12px">Track the parcel: <a href="${escapeHtml(track.url)}" style="color:#1d4d3a">${escapeHtml(track.number)}</a></p>` : '');
  return '<!doctype html><html><body style="margin:0;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;color:#1f1b16">'
    + '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">'
    + '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">'
    + `<tr><td style="padding:24px 24px 8px;font-size:20px;font-weight:bold">${escapeHtml(store)}</td></tr>`
    + `<tr><td style="padding:8px 24px 16px;font-size:15px;line-height:1.5">${p}`
    + `<p style="margin:20px 0 0"><a href="${escapeHtml(link)}" style="background:#1d4d3a;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">View your order</a></p></td></tr>`
    + `<tr><td style="padding:16px 24px 24px;font-size:12px;color:#6b6257">You receive this email because you ordered from ${escapeHtml(store)}.</td></tr>`
    + '</table></td></tr></table></body></html>';
}

/**
 * The customer's messages about the steps of their orders (placed, paid, dispatched, return
 * approved, rejected and picked up, refunded), in the store's name. Each is written to the outbox
 * in the transaction of its step, keyed by order and step, so a step retried sends nothing twice,
 * and handed to the senders after the step commits. Email when the customer verified one; a
 * dispatch goes by SMS to a customer who has only a mobile number.
 */
export function orderMessages({ customers, notifications }: Services, config: Config) {
  return {
    /** Queues the messages of a step just recorded (call it in the step's transaction; deliver after it commits). */
    async queue(ctx: RequestContext, order: OrderRow, event: OrderEventRow | null): Promise<QueuedMessage[]> {
      if (!event) return [];
      const letter = letterOf(ctx.store.name, order, event);
      if (!letter) return [];
      const target = await customers.messageTarget(ctx, order.storeId, order.customerId);
      if (!target) return [];
      const link = `${storeOrigin(config.site, ctx.store)}/order/view/${order.id}`;
      const messages: CustomerMessage[] = [];
      if (target.email) {
        const greeting = target.name ? `Dear ${target.name},` : 'Hello,';
        messages.push({
          dedupeKey: messageKey(order, event, 'email'), to: target.email, channel: 'email', purpose: `order-${event.kind.replace(/_/g, '-')}`, at: event.at,
          subject: letter.subject,
          text: [
            greeting, '', ...letter.paragraphs.flatMap((p) => [p, '']), ...(letter.track ? [`Track the parcel ${letter.track.number}: ${letter.track.url}`, ''] : []),
            `View your order: ${link}`, '', ctx.store.name,
          ].join('\n'),
          html: html(ctx.store.name, [greeting, ...letter.paragraphs], link, letter.track),
        });
      } else if (target.phone && letter.sms) {
        messages.push({
          dedupeKey: messageKey(order, event, 'sms'), to: target.phone, dialCode: target.dialCode, channel: 'sms',
          purpose: `order-${event.kind.replace(/_/g, '-')}`, subject: letter.subject, text: letter.sms.text, variables: letter.sms.variables, at: event.at,
        });
      }
      const queued: QueuedMessage[] = [];
      for (const m of messages) {
        const q = await notifications.queue(ctx, m);
        if (q) queued.push(q);
      }
      return queued;
    },

    /** Sends what a committed step queued. */
    deliver: (ctx: RequestContext, queued: QueuedMessage[]) => notifications.deliverQueued(ctx, queued),
  };
}

export type OrderMessages = ReturnType<typeof orderMessages>;
