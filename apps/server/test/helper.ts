import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Database, DbHandle } from '@gemstore/db';
import { buildApp } from '../src/app.ts';
import type { RequestContext } from '../src/lib/context.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { testDatabase, unmigratedDatabase } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  kind: 'pglite' | 'postgres';
  /** The database handle the app was built with (a second app on the same database uses it too). */
  connections: DbHandle;
  /** SQL statements sent since the app was built (reset by assigning 0), and the text of the latest ones. */
  queries: { count: number; recent: string[] };
  /** The same for the read replica's connection (with the `replica` option). */
  replicaQueries: { count: number; recent: string[] };
  close(): Promise<void>;
}

/** Secrets of a production-mode test app: production refuses the built-in development ones. */
export const PRODUCTION_SECRETS = {
  OTP_PEPPER: 'test-production-otp-pepper-0123456789',
  PAY_LINK_SECRET: 'test-production-pay-link-secret-0123456789',
  SANDBOX_PAYMENT_SECRET: 'test-production-sandbox-secret-0123456789',
  PRIVATE_MEDIA_SECRET: 'test-production-private-media-secret-0123456789',
} as const;

/** Which database the suite runs on: PostgreSQL when DATABASE_URL is set, else in-memory PGlite. */
export const testDatabaseKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * The real app on a fresh database of its own (test/databases.ts: a copy of the run's migrated
 * database, on PGlite or, when DATABASE_URL is set, PostgreSQL). Caches are off so every call
 * reads the database, and background jobs run only when the test calls `app.jobs.runDue()`. The log is off unless `logStream` is given (then it is written there, at
 * LOG_LEVEL); the web app is not served unless `web` is set; `connectVia` rewrites the URL the app
 * connects to (a test's proxy in front of PostgreSQL).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: Writable; web?: boolean; connectVia?: (url: string) => string;
    /**
     * Give the app a read replica: a second connection to the same database (on PostgreSQL through
     * `replicaVia`, when given), whose statements `replicaQueries` counts.
     */
    replica?: boolean; replicaVia?: (url: string) => string;
    /** On an empty database the app's own connections migrate, as on a shop's first start (connectVia is not used). */
    unmigrated?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gemstore-test-'));
  const database = options.unmigrated ? await unmigratedDatabase() : await testDatabase();
  const config = loadConfig({
    NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', STORE_CACHE_SECONDS: '0', JOBS_POLL_SECONDS: '0', RECONCILE_SECONDS: '0',
    ...(database.url ? { DATABASE_URL: database.url } : {}), ...env,
  });
  const counter = (counts: { count: number; recent: string[] }) => (sql: string) => {
    counts.count++;
    counts.recent.push(sql);
    if (counts.recent.length > 50) counts.recent.shift();
  };
  const queries = { count: 0, recent: [] as string[] };
  const replicaQueries = { count: 0, recent: [] as string[] };
  const handle = await database.open(counter(queries), options.connectVia);
  const replica = options.replica ? await database.open(counter(replicaQueries), options.replicaVia) : undefined;
  const app = await buildApp({
    config, db: handle.db, connections: handle, replica, web: options.web ?? false,
    logger: options.logStream !== undefined, logStream: options.logStream,
  });
  await app.ready();
  return {
    app, db: handle.db, connections: handle, config, kind: handle.kind, queries, replicaQueries,
    async close() {
      await app.close();
      await replica?.close();
      await handle.close();
      await database.release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A request context of the system on one store: what the back office and background jobs use to
 * call services directly (dispatching an order, moving a return) until the admin API exists.
 */
export async function systemContext(t: TestApp, storeId: number): Promise<RequestContext> {
  const store = await t.app.services.stores.findById({}, storeId);
  if (!store) throw new Error(`No store ${storeId}`);
  return { store, actor: { kind: 'system' }, ip: '127.0.0.1', log: t.app.log };
}
