import type { AdminRefund, OrderStage, ReturnStatus, StoneStatus } from '@gemstore/contracts';

/** The colour of each status's badge, the same on every page that shows it. */

const STAGE_COLORS: Record<OrderStage, string> = {
  awaiting_payment: 'yellow', payment_lapsed: 'gray', cancelled: 'gray', paid: 'blue', dispatched: 'indigo', delivered: 'green',
  return_requested: 'orange', returned: 'grape', partly_refunded: 'pink', refunded: 'red',
};

export function stageColor(stage: OrderStage): string {
  return STAGE_COLORS[stage];
}

const RETURN_COLORS: Record<ReturnStatus, string> = { requested: 'yellow', approved: 'blue', picked_up: 'indigo', received: 'teal', refunded: 'green', rejected: 'gray' };

export function returnColor(status: string): string {
  return RETURN_COLORS[status as ReturnStatus] ?? 'gray';
}

export function refundColor(status: AdminRefund['status']): string {
  return { pending: 'yellow', processed: 'green', failed: 'red' }[status];
}

export function stoneStatusColor(status: StoneStatus): string {
  return { draft: 'gray', available: 'green', hidden: 'yellow', reserved: 'blue', sold: 'dark' }[status];
}
