import type { RequestContext } from '../lib/context.ts';
import type { OrderLineRow } from '../modules/orders/orders.service.ts';
import type { LineDetail } from '../modules/returns/returns.service.ts';
import type { Services } from '../services.ts';

/**
 * The lines of these orders with their stones as the catalogue shows them, by line id (a line whose
 * stone left the catalogue is left out of `details`): the customer's orders and the back office's
 * both read them so.
 */
export async function lineDetailsOf({ orders, catalog }: Pick<Services, 'orders' | 'catalog'>, ctx: RequestContext, orderIds: number[]):
  Promise<{ lines: OrderLineRow[]; details: Map<number, LineDetail> }> {
  const lines = await orders.lines(ctx, orderIds);
  const items = await catalog.stonesByIds(ctx, [...new Set(lines.map((l) => l.itemId))]);
  const itemById = new Map(items.map((i) => [i.id, i]));
  const details = new Map<number, LineDetail>(lines.flatMap((l) => {
    const item = itemById.get(l.itemId);
    return item ? [[l.id, { id: l.id, item: { ...item, iname: l.itemName } }] as const] : [];
  }));
  return { lines, details };
}

/** The payment that paid an order: the first recorded for at least its total once it is paid (later ones are owed back). */
export function payingPayment<P extends { amountPaise: number }>(order: { status: string; totalPaise: number }, payments: P[]): P | undefined {
  return order.status === 'paid' ? payments.find((p) => p.amountPaise >= order.totalPaise) : undefined;
}
