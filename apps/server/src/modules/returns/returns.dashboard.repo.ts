import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../lib/db.ts';

/**
 * Returns waiting for the shop: requested ones waiting for a decision, and received ones whose
 * refund is owed, with the order lines those take back (the orders module prices them).
 */
export async function returnQueues(db: Executor, storeId: number): Promise<{ awaitingDecision: number; awaitingRefund: number; receivedLineIds: number[] }> {
  const [row] = rowsOf<{ requested: string | number; received: string | number; line_ids: number[] | null }>(await db.execute(sql`
    select
      count(*) filter (where r.status = 'requested') as requested,
      count(*) filter (where r.status = 'received') as received,
      (select array_agg(rl.order_line_id) from return_lines rl
        join return_requests rr on rr.id = rl.return_id and rr.store_id = rl.store_id
        where rr.store_id = ${storeId} and rr.status = 'received') as line_ids
    from return_requests r
    where r.store_id = ${storeId} and r.status in ('requested', 'received')`));
  return { awaitingDecision: Number(row?.requested ?? 0), awaitingRefund: Number(row?.received ?? 0), receivedLineIds: (row?.line_ids ?? []).map(Number) };
}
