import type { OrderStage } from '@gemstore/contracts';

/** Query keys of the order pages: a step on an order refreshes the list and the order. */
export const ordersKey = ['admin', 'orders'] as const;
export const orderKey = (id: number) => ['admin', 'orders', 'one', id] as const;

const STAGE_COLORS: Record<OrderStage, string> = {
  awaiting_payment: 'yellow', payment_lapsed: 'gray', cancelled: 'gray', paid: 'blue', dispatched: 'indigo', delivered: 'green',
  return_requested: 'orange', returned: 'grape', partly_refunded: 'pink', refunded: 'red',
};

export function stageColor(stage: OrderStage): string {
  return STAGE_COLORS[stage];
}

/** A moment as staff read it, in the shop's time zone: "5 Mar 2026, 2:05 pm". */
export { formatWhen } from '../format.ts';

/** The start of a day picked in a date field (yyyy-mm-dd), in the browser's time zone, as an instant; `nextDay` for the end of a range. */
export function dayStart(day: string, nextDay = false): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + (nextDay ? 1 : 0)).toISOString();
}
