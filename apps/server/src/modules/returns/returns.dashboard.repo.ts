import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../lib/db.ts';

/**
 * Returns waiting for the shop: requested ones waiting for a decision, and received ones whose
 * refund is owed, with the value of their lines: one statement.
 */
export async function returnQueues(db: Executor, storeId: number): Promise<{ awaitingDecision: number; awaitingRefund: number; refundPaise: number }> {
  const [row] = rowsOf<{ requested: string | number; received: string | number; paise: string | number }>(await db.execute(sql`
    select
      count(*) filter (where r.status = 'requested') as requested,
      count(*) filter (where r.status = 'received') as received,
      coalesce(sum((select sum(l.price_paise) from return_lines rl join order_lines l on l.id = rl.order_line_id where rl.return_id = r.id))
        filter (where r.status = 'received'), 0) as paise
    from return_requests r
    where r.store_id = ${storeId} and r.status in ('requested', 'received')`));
  return { awaitingDecision: Number(row?.requested ?? 0), awaitingRefund: Number(row?.received ?? 0), refundPaise: Number(row?.paise ?? 0) };
}
