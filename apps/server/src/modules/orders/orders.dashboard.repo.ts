import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../lib/db.ts';

export interface DailySales { day: string; orders: number; paise: number }

/**
 * Paid orders and their value per day of the store's time zone over the last `days` days (today
 * included), in one statement over the (store_id, placed_on) index. Days without sales are absent.
 */
export async function dailySales(db: Executor, storeId: number, timeZone: string, days: number, now: Date): Promise<DailySales[]> {
  const rows = rowsOf<{ day: string; orders: string | number; paise: string | number }>(await db.execute(sql`
    select to_char((placed_on at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, count(*) as orders, coalesce(sum(total_paise), 0) as paise
    from orders
    where store_id = ${storeId} and status = 'paid'
      and placed_on >= ((${now.toISOString()}::timestamptz at time zone ${timeZone})::date - ${days - 1}::int)::timestamp at time zone ${timeZone}
    group by 1 order by 1`));
  return rows.map((r) => ({ day: r.day, orders: Number(r.orders), paise: Number(r.paise) }));
}

/** Paid orders with no dispatch record yet, and orders flagged for a refund (money that arrived too late) with their value: one statement. */
export async function orderQueues(db: Executor, storeId: number): Promise<{ awaitingDispatch: number; refundOrders: number; refundPaise: number }> {
  const [row] = rowsOf<{ awaiting: string | number; refund_orders: string | number; refund_paise: string | number }>(await db.execute(sql`
    select
      count(*) filter (where o.status = 'paid' and not exists (select 1 from order_dispatches d where d.order_id = o.id)) as awaiting,
      count(*) filter (where o.refund_flagged_at is not null) as refund_orders,
      coalesce(sum(o.total_paise) filter (where o.refund_flagged_at is not null), 0) as refund_paise
    from orders o
    where o.store_id = ${storeId} and (o.status = 'paid' or o.refund_flagged_at is not null)`));
  return { awaitingDispatch: Number(row?.awaiting ?? 0), refundOrders: Number(row?.refund_orders ?? 0), refundPaise: Number(row?.refund_paise ?? 0) };
}
