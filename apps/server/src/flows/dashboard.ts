import { type AdminDashboardResponse, DASHBOARD_DAYS } from '@gemstore/contracts';
import type { StaffContext } from '../lib/context.ts';
import type { Services } from '../services.ts';

/** The day (YYYY-MM-DD) of a moment in a time zone. */
function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The days from `days - 1` days before `today` to `today`, oldest first. */
function lastDays(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/**
 * The back office's home page: each figure from one statement of the module that owns it (orders:
 * gross sales per day, then dispatch and refund queues; payments: refunds per day; returns: its queues, whose lines orders prices; catalog: stones per gem type),
 * the five run at once. Days are the store's: India time for stores from India, UTC elsewhere
 * (stores keep no time zone yet).
 */
export function dashboardFlows({ orders, returns, catalog, payments }: Services) {
  return {
    async numbers(ctx: StaffContext, now = new Date()): Promise<AdminDashboardResponse> {
      const timeZone = ctx.store.isFromIndia ? 'Asia/Kolkata' : 'UTC';
      const [daily, refunds, orderQueues, returnQueues, stones] = await Promise.all([
        orders.dailySales(ctx, timeZone, DASHBOARD_DAYS, now), payments.dailyRefunds(ctx, timeZone, DASHBOARD_DAYS, now),
        orders.queues(ctx), returns.queues(ctx), catalog.availableByProduct(ctx),
      ]);
      const returnRefundPaise = await orders.linesValue(ctx, returnQueues.receivedLineIds);
      const today = dayIn(timeZone, now);
      const byDay = new Map(daily.map((d) => [d.day, d]));
      const refundsByDay = new Map(refunds.map((d) => [d.day, d]));
      // Paise throughout, rupees only in the answer, so no sum is a sum of rounded floats.
      const days = lastDays(today, DASHBOARD_DAYS).map((day) => {
        const gross = byDay.get(day)?.paise ?? 0;
        const back = refundsByDay.get(day)?.paise ?? 0;
        return { day, orders: byDay.get(day)?.orders ?? 0, gross, refundCount: refundsByDay.get(day)?.refunds ?? 0, back };
      });
      const shown = (d: { orders: number; gross: number; refundCount: number; back: number }) =>
        ({ orders: d.orders, amount: d.gross / 100, refunds: d.back / 100, refund_count: d.refundCount, net: (d.gross - d.back) / 100 });
      const series = days.map((d) => ({ day: d.day, ...shown(d) }));
      const over = (n: number) => shown(days.slice(-n).reduce((s, d) => ({
        orders: s.orders + d.orders, gross: s.gross + d.gross, refundCount: s.refundCount + d.refundCount, back: s.back + d.back,
      }), { orders: 0, gross: 0, refundCount: 0, back: 0 }));
      return {
        today, time_zone: timeZone,
        sales: { today: over(1), days7: over(7), days30: over(30) },
        daily: series,
        awaiting_dispatch: orderQueues.awaitingDispatch,
        returns_awaiting_decision: returnQueues.awaitingDecision,
        refunds_owed: {
          orders: orderQueues.refundOrders, returns: returnQueues.awaitingRefund,
          amount: (orderQueues.refundPaise + returnRefundPaise) / 100,
        },
        stones: stones.map((s) => ({ product_id: s.id, name: s.name, available: s.available })),
      };
    },
  };
}
