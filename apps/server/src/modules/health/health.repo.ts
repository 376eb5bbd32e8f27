import type { Executor } from '../../lib/db.ts';
import { sql } from 'drizzle-orm';

/** The cheapest statement the database must answer itself. */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
