import { sql } from 'drizzle-orm';
import type { Database } from '@gemstore/db';

/** The cheapest statement the database must answer itself. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
