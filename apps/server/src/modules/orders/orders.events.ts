import type { OrderTimelineEntry } from '@gemstore/contracts';
import { formatPaise, formatRupees } from '@gemstore/contracts/format';
import type { OrderEventRow } from './orders.repo.ts';

/**
 * The steps of an order's life that the timeline records (order_events.kind), how each reads, and
 * which of them its customer sees. Staff notes stay in the back office.
 */
export const ORDER_EVENT_LABELS = {
  placed: 'Order placed',
  paid: 'Payment received',
  payment_flagged: 'Payment received, to be refunded',
  expired: 'Payment time ran out',
  cancelled: 'Order cancelled',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  note: 'Note',
  return_requested: 'Return requested',
  return_approved: 'Return approved',
  return_rejected: 'Return rejected',
  return_tracking: 'Return courier details sent',
  return_picked_up: 'Return picked up',
  return_received: 'Return received',
  return_refunded: 'Return refunded',
  refund_started: 'Refund started',
  refund_processed: 'Refund processed',
  refund_failed: 'Refund failed',
} as const;

export type OrderEventKind = keyof typeof ORDER_EVENT_LABELS;

/** Kinds the customer's own order page lists. */
const CUSTOMER_KINDS = new Set<OrderEventKind>([
  'placed', 'paid', 'payment_flagged', 'expired', 'cancelled', 'dispatched', 'delivered',
  'return_requested', 'return_approved', 'return_rejected', 'return_tracking', 'return_picked_up', 'return_received', 'return_refunded',
  'refund_started', 'refund_processed', 'refund_failed',
]);


const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The step's facts in one line, for staff and customer alike; money as each reads it elsewhere ("₹" in the back office, "Rs." for customers). */
export function eventDetail(e: Pick<OrderEventRow, 'kind' | 'data' | 'returnId' | 'note'>, forCustomer = false): string {
  const d = e.data;
  const money = (paise: unknown) => (typeof paise !== 'number' ? '' : forCustomer ? formatPaise(paise) : formatRupees(paise / 100));
  const ret = e.returnId ? `Return #${e.returnId}` : '';
  switch (e.kind as OrderEventKind) {
    case 'paid':
    case 'payment_flagged':
      return [money(d.amount_paise), forCustomer ? '' : text(d.payment_id)].filter(Boolean).join(' · ');
    case 'dispatched':
    case 'return_tracking':
    case 'return_picked_up':
      return [ret, d.courier_partner ? `${text(d.courier_partner)}, tracking number ${text(d.tracking_number)}` : ''].filter(Boolean).join(': ');
    case 'return_rejected':
      return forCustomer ? [ret, e.note].filter(Boolean).join(': ') : ret;
    case 'refund_started':
    case 'refund_processed':
    case 'refund_failed':
      return [money(d.amount_paise), ret, forCustomer ? '' : text(d.provider_refund_id)].filter(Boolean).join(' · ');
    default:
      return ret;
  }
}

export function eventLabel(kind: string): string {
  return ORDER_EVENT_LABELS[kind as OrderEventKind] ?? kind;
}

/** The customer's timeline of an order: their own steps and the shop's, without staff notes or who on the staff took them. */
export function customerTimeline(events: OrderEventRow[]): OrderTimelineEntry[] {
  return events.filter((e) => CUSTOMER_KINDS.has(e.kind as OrderEventKind)).map((e) => ({
    at: e.at.toISOString(), kind: e.kind, label: eventLabel(e.kind), detail: eventDetail(e, true),
  }));
}
