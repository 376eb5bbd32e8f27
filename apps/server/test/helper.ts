import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { FastifyInstance } from 'fastify';
import { type Database, openDatabase } from '@gemstore/db';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  kind: 'pglite' | 'postgres';
  /** SQL statements sent since the app was built (reset it by assigning 0). */
  queries: { count: number };
  close(): Promise<void>;
}

/** Which database the suite runs on: PostgreSQL when DATABASE_URL is set, else in-memory PGlite. */
export const testDatabaseKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * The real app on a database of its own: an in-memory PGlite, or a freshly created PostgreSQL
 * database (dropped on close) when DATABASE_URL is set. Caches are off so every call reads the database.
 * `connectVia` rewrites the URL the app connects to (a test's proxy in front of PostgreSQL).
 */
export async function buildTestApp(env: Record<string, string> = {}, { connectVia }: { connectVia?: (url: string) => string } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gemstore-test-'));
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `gemstore_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', STORE_CACHE_SECONDS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env,
  });
  const queries = { count: 0 };
  const handle = await openDatabase({
    databaseUrl: databaseUrl && connectVia ? connectVia(databaseUrl) : databaseUrl, poolSize: 5, onQuery: () => { queries.count++; },
  });
  const app = await buildApp({ config, db: handle.db, connections: handle, web: false, logger: false });
  await app.ready();
  return {
    app, db: handle.db, config, kind: handle.kind, queries,
    async close() {
      await app.close();
      await handle.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
