import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql, type SQL } from 'drizzle-orm';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as schema from './schema/index.ts';
import { renewablePool } from './postgres-pool.ts';

/**
 * Found through the package's own name rather than next to this file, so that it resolves the same
 * from the sources and from the server's bundle (apps/server/dist/main.js), where this code lives.
 */
export const migrationsFolder = join(dirname(createRequire(import.meta.url).resolve('@gemstore/db/package.json')), 'migrations');

/**
 * One Drizzle type for both drivers: the repositories are written once and run on
 * PGlite (embedded, the default) and on PostgreSQL (DATABASE_URL).
 */
export type Database = ReturnType<typeof drizzlePostgres<typeof schema>>;

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Resolves when the database answers, asked on a connection of its own (not one of the pool's,
   * which may be broken); rejects with the failure (availability.ts tells its kind).
   */
  ping(): Promise<void>;
  /** After an outage: replaces the pool's connections with new ones (postgres-pool.ts says why). */
  renewConnections(): void;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any process using this
   * database (sent when the notifying transaction commits). On PostgreSQL the listener has a
   * connection of its own, outside the pool, which postgres.js opens again after it is lost.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's pool: its connections for transactions, and the transactions using and awaiting them. */
  pool?: {
    connections: number;
    stats(): { transactionsActive: number; transactionsWaiting: number };
    onTransactionWait(listener: (seconds: number) => void): void;
  };
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
  /** Told, in a line, what the migrations did (the server prints it at start). */
  onProgress?: (message: string) => void;
}

const CONNECT_TIMEOUT_SECONDS = 2;
const RETRY_AFTER_FAILURE_MAX_SECONDS = 0.5;

function queryLogger(onQuery: OpenDbOptions['onQuery']) {
  return onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
}

/**
 * A PGlite with the extensions the migrations create (pg_trgm for search). Every PGlite the project
 * opens comes from here: PGlite loads an extension only when the instance is created with it.
 */
export function createPglite(dataDir?: string, options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create(dataDir, { ...options, extensions: { pg_trgm } });
}

/** postgres.js's `max_pipeline`, measured by apps/server/bench/pool.ts. */
export const MAX_QUERIES_IN_FLIGHT_PER_CONNECTION = 8;

/**
 * At most 8 queries in flight on one connection (postgres.js allows 100). With more, a busy pool
 * hands each new query to a connection already in use, and the driver's queue of busy connections
 * keeps a slot per query handed out for as long as the load lasts: each query then searches a list
 * that grows with every query served (50 concurrent callers: 21 us a query at first, 95 us after
 * 320,000). At 8 the connections go idle often enough for the list to empty and the cost stays
 * flat (docs/decisions/0034; `npm run bench:pool`). The driver reads `max_pipeline` among its
 * options (`parseOptions` in its src/index.js, beside `idle_timeout`), but its type declarations
 * leave it out, hence an object of its own spread into the options.
 */
const SHORT_PIPELINE = { max_pipeline: MAX_QUERIES_IN_FLIGHT_PER_CONNECTION };

export async function openDatabase(options: OpenDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = renewablePool(options.databaseUrl, {
      max: options.poolSize ?? 4, // the server's DB_POOL_SIZE default (docs/decisions/0010)
      onnotice: () => {},
      ...SHORT_PIPELINE,
      // bigint columns are declared mode 'number'; prices in paise fit safely in a double.
      types: { bigint: postgres.BigInt },
      // Prepared statements keep one generic plan instead of planning again on every call: the
      // planner judged the listing's generic plan dearer than a custom one (it cannot see the
      // LIMIT) and so re-planned each page, which cost more than running it. Every statement here
      // is shaped for its index, so the generic plan is the good one (docs/decisions/0007-stone-reads-and-responses.md).
      connection: { plan_cache_mode: 'force_generic_plan' },
      // A database out of reach must fail requests within seconds, and the pool must connect again
      // as soon as the database is back (docs/decisions/0015-outages-and-shutdown.md). postgres.js
      // waits up to 30 s for a connection by default, and between attempts it waits longer after
      // each failure, up to 20 s, counting every failure since the last success. A connection
      // normally takes milliseconds and a refused one costs the database nothing: 2 s to connect,
      // and at most half a second between attempts.
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, RETRY_AFTER_FAILURE_MAX_SECONDS),
    }, (client) => {
      // Drizzle sets its date and JSON handling on the client it is given; a renewed pool needs it too.
      drizzlePostgres(client);
    });
    const db = drizzlePostgres(pool.sql, { schema, casing: 'snake_case', logger: queryLogger(options.onQuery) });
    if (options.migrate !== false) await migrateReporting(db, options, () => migratePostgres(db, { migrationsFolder }));
    let listener: postgres.Sql | undefined;
    return {
      db, kind: 'postgres', ping: pool.ping, renewConnections: pool.renew,
      pool: { connections: options.poolSize ?? 4, stats: pool.stats, onTransactionWait: pool.onTransactionWait },
      async listen(channel, onMessage) {
        listener ??= postgres(options.databaseUrl!, { max: 1, onnotice: () => {}, connect_timeout: CONNECT_TIMEOUT_SECONDS, fetch_types: false });
        await listener.listen(channel, onMessage);
      },
      async close() {
        await Promise.all([pool.end(), listener?.end({ timeout: 1 })]);
      },
    };
  }
  if (options.pglite) return pgliteHandle(options.pglite, options, async () => {});
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  // relaxedDurability: PGlite otherwise awaits a file-system sync pass after every query, reads
  // included, which tripled the cost of a catalogue read; the sync still runs, just without holding
  // the answer (docs/decisions/0006-pglite-relaxed-durability.md).
  const client = await createPglite(options.pgliteDir, { relaxedDurability: true });
  return pgliteHandle(client, options, () => client.close());
}

async function pgliteHandle(client: PGlite, options: OpenDbOptions, close: () => Promise<void>): Promise<DbHandle> {
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: queryLogger(options.onQuery) });
  if (options.migrate !== false) await migrateReporting(db as unknown as Database, options, () => migratePglite(db, { migrationsFolder }));
  // The PGlite and postgres-js Drizzle databases expose the same query builder; one type serves both.
  return {
    db: db as unknown as Database, kind: 'pglite',
    ping: async () => { await client.query('select 1'); },
    renewConnections: () => {},
    async listen(channel, onMessage) {
      await client.listen(channel, onMessage);
    },
    close,
  };
}

/** Migrations Drizzle has recorded as applied (its journal table; none before the first run). */
async function appliedMigrations(db: Database): Promise<number> {
  const first = async (query: SQL) => {
    const rows = await db.execute<Record<string, unknown>>(query);
    // postgres.js answers an array of rows, PGlite an object with `rows`.
    return (Array.isArray(rows) ? rows : (rows as unknown as { rows: Record<string, unknown>[] }).rows)[0];
  };
  const table = await first(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return 0;
  return Number((await first(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))?.n ?? 0);
}

async function migrateReporting(db: Database, options: OpenDbOptions, migrate: () => Promise<void>): Promise<void> {
  if (!options.onProgress) return migrate();
  const total = readMigrationFiles({ migrationsFolder }).length;
  const before = await appliedMigrations(db);
  const started = performance.now();
  await migrate();
  const applied = (await appliedMigrations(db)) - before;
  options.onProgress(applied === 0
    ? `migrations: up to date (${total})`
    : `migrations: ${applied} of ${total} applied in ${Math.round(performance.now() - started)} ms`);
}

/** Rows of one SQL text, as `pg` answers them (what a library written for `pg` expects). */
export type SqlRunner = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Runs SQL text with `$1`-style parameters on the database's own client, outside Drizzle, for a
 * library that brings its own statements (the job queue). Text without parameters may hold several
 * statements (PostgreSQL's simple protocol; PGlite's exec), answered by the last one's rows.
 */
export function runSql(db: Database): SqlRunner {
  const client: unknown = db.$client;
  if (client instanceof PGlite) {
    return async (text, values = []) => {
      if (values.length) return client.query<Record<string, unknown>>(text, values);
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    };
  }
  const pool = client as postgres.Sql;
  return async (text, values = []) => {
    if (values.length) return { rows: [...await pool.unsafe(text, values as postgres.ParameterOrJSON<never>[])] as Record<string, unknown>[] };
    // Text without parameters may be a whole transaction (BEGIN; …; COMMIT): postgres.js allows that only on a connection
    // reserved for it, never pipelined behind other statements.
    const reserved = await pool.reserve();
    try {
      // Several statements answer a list of results, one statement its rows.
      const results = await reserved.unsafe(text) as unknown as unknown[];
      const last = results.at(-1);
      return { rows: [...(Array.isArray(last) ? last : results)] as Record<string, unknown>[] };
    } finally {
      reserved.release();
    }
  };
}
