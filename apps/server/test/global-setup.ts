import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '@gemstore/db';
import { installJobsSchema } from '../src/lib/jobs.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: a data directory tarball of the migrated, empty database. */
    pgliteSnapshot: string;
    /** PostgreSQL runs: the migrated, empty database each test database is copied from. */
    templateDatabase: string;
  }
}

/** Database URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrates once per run (and creates the job queue's schema, as the server does at start); every test database is then a copy of the result (test/databases.ts):
 * on PostgreSQL a template database, on PGlite a data-directory snapshot.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `gemstore_template_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), poolSize: 1 });
    await installJobsSchema(handle.db);
    await handle.close();
    project.provide('templateDatabase', name);
    project.provide('pgliteSnapshot', '');
    return async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const pg = await createPglite();
  await installJobsSchema((await openDatabase({ pglite: pg })).db);
  const dir = mkdtempSync(join(tmpdir(), 'gemstore-snapshot-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
  await pg.close();
  project.provide('pgliteSnapshot', file);
  project.provide('templateDatabase', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
