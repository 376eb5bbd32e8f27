import type { AdminRefund, ReturnStatus } from '@gemstore/contracts';

/** Query keys of the returns and refunds pages: a step on a return refreshes its queue, the refunds view and its order. */
export const returnsKey = ['admin', 'returns'] as const;
export const returnKey = (id: number) => ['admin', 'returns', 'one', id] as const;
export const refundsKey = ['admin', 'refunds'] as const;

const RETURN_COLORS: Record<ReturnStatus, string> = { requested: 'yellow', approved: 'blue', picked_up: 'indigo', received: 'teal', refunded: 'green', rejected: 'gray' };

export function returnColor(status: string): string {
  return RETURN_COLORS[status as ReturnStatus] ?? 'gray';
}

export function refundColor(status: AdminRefund['status']): string {
  return { pending: 'yellow', processed: 'green', failed: 'red' }[status];
}

/**
 * A fresh idempotency key for one refund staff mean to make (a dialog opened, a row's button): the
 * same key sent twice answers the same refund, so a double click or a retried request never
 * refunds twice. Made from the browser's random source (crypto.randomUUID needs a secure context).
 */
export function newRefundKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `rf-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
