import { sql } from 'drizzle-orm';
import type { Executor } from './db.ts';

/**
 * The channel every process hears a store's profile, settings, menus, pages or posts change on
 * (payload: the store id). Each process then drops its copies of that store's data (app.ts listens),
 * as catalogue changes do on `catalog_changed` (decision 0022).
 */
export const STORE_CHANGED = 'store_changed';

/** Tells every process on this database, when the transaction commits, that the store's content or settings changed. */
export async function announceStoreChange(db: Executor, storeId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${STORE_CHANGED}, ${String(storeId)})`);
}
