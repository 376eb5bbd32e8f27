import type { AdminOrderEvent } from '@gemstore/contracts';
import type { RequestContext } from '../lib/context.ts';
import { eventDetail, eventLabel, type NewOrderEvent, type OrderEventRow } from '../modules/orders/orders.service.ts';
import type { Services } from '../services.ts';

const PROVIDER_NAMES: Record<string, string> = { razorpay: 'Razorpay', sandbox: 'Sandbox payments' };

/** Who took a step, as staff read it. */
function byWhom(e: OrderEventRow, customerName: string, members: Map<number, { name: string }>): string {
  switch (e.actor) {
    case 'customer': return customerName || 'The customer';
    case 'staff': return (e.staffId !== null ? members.get(e.staffId)?.name : undefined) ?? 'Staff';
    case 'provider': return PROVIDER_NAMES[String(e.data.provider ?? '')] ?? 'The payment provider';
    default: return 'The shop (automatic)';
  }
}

/** Who is acting in a back-office step: the member, or the shop's own job (tests and scripts act as the system). */
export function actorOf(ctx: RequestContext): Pick<NewOrderEvent, 'actor' | 'staffId'> {
  return ctx.actor.kind === 'staff' ? { actor: 'staff', staffId: ctx.actor.staffId } : { actor: 'system', staffId: null };
}

/** Events as the back office's timeline shows them, with the names of the members who took them (from the staff module). */
export async function timelineOf({ staff }: Pick<Services, 'staff'>, ctx: RequestContext, events: OrderEventRow[], customerName: string): Promise<AdminOrderEvent[]> {
  const members = await staff.membersById(ctx, [...new Set(events.flatMap((e) => (e.staffId === null ? [] : [e.staffId])))]);
  return events.map((e) => ({
    id: e.id, at: e.at.toISOString(), kind: e.kind, label: eventLabel(e.kind), detail: eventDetail(e), note: e.note,
    actor: e.actor, by: byWhom(e, customerName, members), return_id: e.returnId, refund_id: e.refundId,
  }));
}
