import type { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { inject } from 'vitest';
import { createPglite, type DbHandle, openDatabase } from '@gemstore/db';
import { installJobsSchema, JOBS_SCHEMA } from '../src/lib/jobs.ts';
import { withDatabase } from './global-setup.ts';

export interface TestDatabase {
  /** Set for PostgreSQL: the URL of this test's own database. */
  url?: string;
  /** `connectVia` rewrites the URL the app connects to (PostgreSQL only: a test's proxy in front of it). */
  open(onQuery?: (query: string) => void, connectVia?: (url: string) => string): Promise<DbHandle>;
  /** Drops or recycles the database (call after every handle is closed). */
  release(): Promise<void>;
}

/**
 * PGlite instances of this worker. Each is loaded once from the run's migrated snapshot and emptied
 * before every use, so a test file starts on a fresh database without paying for PGlite's start.
 */
const idlePglites: PGlite[] = [];
let snapshot: Blob | undefined;

async function emptied(pg: PGlite): Promise<PGlite> {
  const { rows } = await pg.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  if (rows.length) await pg.exec(`truncate ${rows.map((r) => r.name).join(', ')} restart identity cascade`);
  // The job queue's jobs too (its queues stay: every app declares the same ones).
  await pg.exec(`truncate ${JOBS_SCHEMA}.job, ${JOBS_SCHEMA}.archive`);
  return pg;
}

/** A migrated PGlite: loaded from the run's snapshot, or migrated here in a project without the server suite's global setup (the browser tests). */
async function freshPglite(): Promise<PGlite> {
  const file = inject('pgliteSnapshot');
  if (file) {
    snapshot ??= new Blob([readFileSync(file)]);
    return createPglite(undefined, { loadDataDir: snapshot });
  }
  const pg = await createPglite();
  const handle = await openDatabase({ pglite: pg });
  await installJobsSchema(handle.db);
  return pg;
}

async function pgliteDatabase(): Promise<TestDatabase> {
  let pg = idlePglites.pop() ?? await freshPglite();
  try {
    await emptied(pg);
  } catch {
    // An instance a failed test left unusable is replaced, so one failure cannot spread to other files.
    await pg.close().catch(() => {});
    pg = await emptied(await freshPglite());
  }
  return {
    open: (onQuery) => openDatabase({ pglite: pg, migrate: false, onQuery }),
    async release() { idlePglites.push(pg); },
  };
}

async function postgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `gemstore_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name} template ${inject('templateDatabase')}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  return {
    url,
    open: (onQuery, connectVia) => openDatabase({ databaseUrl: connectVia ? connectVia(url) : url, poolSize: 5, migrate: false, onQuery }),
    async release() {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * An empty database of the run's kind that its first open migrates, as a shop's first start does:
 * the connections that read it were opened before the migrations made its tables and types.
 */
export async function unmigratedDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const pg = await createPglite();
    return { open: (onQuery) => openDatabase({ pglite: pg, onQuery }), release: () => pg.close() };
  }
  const name = `gemstore_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  return {
    url,
    open: (onQuery) => openDatabase({ databaseUrl: url, poolSize: 5, onQuery }),
    async release() {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** A fresh, migrated database of the run's kind: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function testDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  return adminUrl ? postgresDatabase(adminUrl) : pgliteDatabase();
}
