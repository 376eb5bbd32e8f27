import type { Database } from '@gemstore/db';

/** A transaction handle, accepted wherever the database is (repository functions take `Executor`). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/**
 * The unique index an insert or update ran into (PostgreSQL's 23505), found through the driver's
 * and Drizzle's wrapping; undefined for any other failure.
 */
export function uniqueViolation(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as { code?: unknown; constraint_name?: unknown; constraint?: unknown };
    if (x.code === '23505') return String(x.constraint_name ?? x.constraint ?? '');
  }
  return undefined;
}

/** PostgreSQL ended this transaction to break a deadlock (40P01), found through the driver's and Drizzle's wrapping. */
export function deadlockDetected(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '40P01') return true;
  }
  return false;
}

/** Text inside a LIKE / ILIKE pattern taken literally: its `%`, `_` and `\` escaped (backslash is the default escape). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The rows of `db.execute`: postgres-js answers an array, PGlite an object holding `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? result as T[] : (result as { rows: T[] }).rows;
}
