import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPglite, migrationsFolder } from '@gemstore/db';
import { withDatabase } from './global-setup.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

/** Runs SQL on a database of the run's kind (PostgreSQL when DATABASE_URL is set, else PGlite), made empty for this test. */
interface RawDatabase {
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

async function emptyDatabase(): Promise<RawDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const pg = await createPglite();
    return {
      exec: async (sql) => { await pg.exec(sql); },
      rows: async <T>(sql: string) => (await pg.query<T>(sql)).rows,
      close: () => pg.close(),
    };
  }
  const name = `gemstore_migration_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const sql = postgres(withDatabase(adminUrl, name), { max: 1, onnotice: () => {} });
  return {
    exec: async (text) => { await sql.unsafe(text); },
    rows: async <T>(text: string) => (await sql.unsafe(text)) as unknown as T[],
    async close() {
      await sql.end();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const migration = (tag: string) => readFileSync(join(migrationsFolder, `${tag}.sql`), 'utf8');
const ordersMigration = journal.entries.findIndex((e) => e.tag.endsWith('_order_numbers'));

describe('the migration that numbers orders per shop', () => {
  let db: RawDatabase;

  beforeAll(async () => {
    db = await emptyDatabase();
    for (const { tag } of journal.entries.slice(0, ordersMigration)) {
      for (const statement of migration(tag).split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement);
    }
  });
  afterAll(() => db?.close());

  it('numbers the orders a database already holds from 1 per shop, by the time they were placed, and starts each series after them', async () => {
    expect(ordersMigration).toBeGreaterThan(0);
    await db.exec(`
      insert into stores (id, name, email, configuration) values (1, 'A', 'a@x.test', '{}'), (2, 'B', 'b@x.test', '{}'), (3, 'C', 'c@x.test', '{}');
      insert into customers (id, store_id, name, password_hash) values (1, 1, 'Asha', 'x'), (2, 2, 'Ben', 'x');
      insert into orders (id, store_id, customer_id, total_qty, total_paise, shipping_address, billing_address, payment_method_id, reserved_until, placed_on) values
        (10, 1, 1, 1, 100, '{}', '{}', 1001, now(), '2026-03-05T10:00:00Z'),
        (11, 2, 2, 1, 100, '{}', '{}', 1001, now(), '2026-03-01T10:00:00Z'),
        (12, 1, 1, 1, 100, '{}', '{}', 1001, now(), '2026-03-01T10:00:00Z'),
        (13, 1, 1, 1, 100, '{}', '{}', 1001, now(), '2026-03-05T10:00:00Z'),
        (14, 2, 2, 1, 100, '{}', '{}', 1001, now(), '2026-03-09T10:00:00Z');`);
    const tag = journal.entries[ordersMigration]!.tag;
    for (const statement of migration(tag).split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement);

    const numbered = await db.rows<{ id: number; store_id: number; number: number; number_prefix: string }>(
      'select id, store_id, number, number_prefix from orders order by id');
    // Shop 1: order 12 was placed first, then 10 and 13 at the same moment (by id); shop 2 on its own.
    expect(numbered.map((o) => [o.id, o.store_id, o.number, o.number_prefix])).toEqual([
      [10, 1, 2, ''], [11, 2, 1, ''], [12, 1, 1, ''], [13, 1, 3, ''], [14, 2, 2, ''],
    ]);
    const series = await db.rows<{ store_id: number; last_number: number; prefix: string }>('select store_id, last_number, prefix from order_number_series order by store_id');
    expect(series.map((s) => [s.store_id, s.last_number, s.prefix])).toEqual([[1, 3, ''], [2, 2, '']]);
    // A number is given once in a shop.
    await expect(db.exec(`insert into orders (store_id, number, customer_id, total_qty, total_paise, shipping_address, billing_address, payment_method_id, reserved_until)
      values (1, 3, 1, 1, 100, '{}', '{}', 1001, now())`)).rejects.toThrow(/orders_store_number/);
  });
});
