import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import * as schema from './schema/index.ts';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * One Drizzle type for both drivers: the repositories are written once and run on
 * PGlite (embedded, the default) and on PostgreSQL (DATABASE_URL).
 */
export type Database = ReturnType<typeof drizzlePostgres<typeof schema>>;

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite's files; undefined keeps the database in memory (tests). */
  pgliteDir?: string;
  /** An open PGlite to use instead of creating one (tests reuse instances); close() leaves it open. */
  pglite?: PGlite;
  /** Run the migrations first (default true). */
  migrate?: boolean;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
  /** Called with every SQL statement Drizzle sends (tests and benchmarks count them). */
  onQuery?: (query: string) => void;
}

function queryLogger(onQuery: OpenDbOptions['onQuery']) {
  return onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
}

export async function openDatabase(options: OpenDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, {
      max: options.poolSize ?? 4, // the server's DB_POOL_SIZE default (docs/decisions/0010)
      onnotice: () => {},
      // bigint columns are declared mode 'number'; prices in paise fit safely in a double.
      types: { bigint: postgres.BigInt },
      // Prepared statements keep one generic plan instead of planning again on every call: the
      // planner judged the listing's generic plan dearer than a custom one (it cannot see the
      // LIMIT) and so re-planned each page, which cost more than running it. Every statement here
      // is shaped for its index, so the generic plan is the good one (docs/decisions/0007-stone-reads-and-responses.md).
      connection: { plan_cache_mode: 'force_generic_plan' },
    });
    const db = drizzlePostgres(client, { schema, casing: 'snake_case', logger: queryLogger(options.onQuery) });
    if (options.migrate !== false) await migratePostgres(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  if (options.pglite) {
    const db = await pgliteDatabase(options.pglite, options);
    return { db, kind: 'pglite', close: async () => {} };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  // relaxedDurability: PGlite otherwise awaits a file-system sync pass after every query, reads
  // included, which tripled the cost of a catalogue read; the sync still runs, just without holding
  // the answer (docs/decisions/0006-pglite-relaxed-durability.md).
  const client = await PGlite.create(options.pgliteDir, { relaxedDurability: true });
  const db = await pgliteDatabase(client, options);
  return { db, kind: 'pglite', close: () => client.close() };
}

async function pgliteDatabase(client: PGlite, options: OpenDbOptions): Promise<Database> {
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: queryLogger(options.onQuery) });
  if (options.migrate !== false) await migratePglite(db, { migrationsFolder });
  // The PGlite and postgres-js Drizzle databases expose the same query builder; one type serves both.
  return db as unknown as Database;
}
