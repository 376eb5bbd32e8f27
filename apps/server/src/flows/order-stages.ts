import type { OrderRefund } from '@gemstore/contracts';
import type { RequestContext } from '../lib/context.ts';
import {
  lineStageLabel, lineStageOf, type OrderFacts, type OrderRow, stageLabel, stageOf,
} from '../modules/orders/orders.service.ts';
import type { Services } from '../services.ts';
import type { RefundWithLines } from './refunds.ts';

/** Where an order stands, with the facts it was worked out from and its money back. */
export interface OrderStanding {
  facts: OrderFacts;
  stage: ReturnType<typeof stageOf>;
  stageLabel: string;
  /** Where one of its stones stands once a return or refund touched it. */
  line(lineId: number): { stage: ReturnType<typeof lineStageOf>; stage_label: string | null };
  /** Its refunds, failed ones included (as read). */
  refunds: RefundWithLines[];
  /** Refunds made or on their way, oldest first, as the customer reads them. */
  shownRefunds: OrderRefund[];
  /** Paise paid back by processed refunds, and when the latest was made. */
  refundedPaise: number;
  refundedAt: Date | null;
}

const REFUND_LABELS = { pending: 'On its way', processed: 'Refunded' } as const;

/** The standing of an order from facts already read (the order's lines, dispatch, returns with their lines, refunds). */
export function standingOf(
  order: Pick<OrderRow, 'status'>,
  facts: { lineIds: number[]; dispatch: OrderFacts['dispatch']; returns: OrderFacts['returns']; refunds: RefundWithLines[] },
): OrderStanding {
  const processed = facts.refunds.filter((r) => r.status === 'processed');
  const refundedLineIds = new Set(processed.flatMap((r) => r.lines.map((l) => l.orderLineId)));
  const f: OrderFacts = { status: order.status, dispatch: facts.dispatch, lineIds: facts.lineIds, returns: facts.returns, refundedLineIds };
  const stage = stageOf(f);
  const latest = processed.reduce<Date | null>((at, r) => (at && at > r.updatedAt ? at : r.updatedAt), null);
  return {
    facts: f, stage, stageLabel: stageLabel(stage),
    line: (lineId) => {
      const s = lineStageOf(f, lineId);
      return { stage: s, stage_label: lineStageLabel(s) };
    },
    refunds: facts.refunds,
    shownRefunds: facts.refunds.filter((r) => r.status !== 'failed').map((r) => ({
      amount: r.amountPaise / 100, status: r.status === 'processed' ? 'processed' : 'pending',
      status_label: REFUND_LABELS[r.status === 'processed' ? 'processed' : 'pending'],
      at: (r.status === 'processed' ? r.updatedAt : r.createdAt).toISOString(), of: r.kind === 'payment' ? 'payment' : 'stones',
    })),
    refundedPaise: processed.reduce((s, r) => s + r.amountPaise, 0),
    refundedAt: latest,
  };
}

/**
 * Where each of these orders stands (stageOf), reading their lines, dispatch, returns and refunds
 * in a fixed number of queries whatever their count; by order id.
 */
export async function standingsOf(
  { orders, returns, payments }: Pick<Services, 'orders' | 'returns' | 'payments'>, ctx: RequestContext, rows: OrderRow[],
): Promise<Map<number, OrderStanding>> {
  const ids = rows.map((o) => o.id);
  const [lines, dispatches, returnRows, refunds] = await Promise.all([
    orders.lines(ctx, ids), orders.dispatches(ctx, ids), returns.rowsOfOrders(ctx, ids), payments.refundsOf(ctx, ids),
  ]);
  const { lines: returnLines } = await returns.partsOf(ctx, returnRows.map((r) => r.id));
  return new Map(rows.map((o) => [o.id, standingOf(o, {
    lineIds: lines.filter((l) => l.orderId === o.id).map((l) => l.id),
    dispatch: dispatches.find((d) => d.orderId === o.id) ?? null,
    returns: returnRows.filter((r) => r.orderId === o.id).map((r) => ({
      status: r.status, lineIds: returnLines.filter((l) => l.returnId === r.id).map((l) => l.orderLineId),
    })),
    refunds: refunds.filter((r) => r.orderId === o.id),
  })]));
}
