import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, type DbHandle, importJobs, items, pageCategories, pages, staff, stores } from '@gemstore/db';
import { rowsOf } from '../src/lib/db.ts';
import { testDatabase, type TestDatabase } from './databases.ts';
import { createCatalog, createItem, createPage, createPageCategory, createPost, createPostCategory, createStore } from './factories.ts';

/**
 * Tables that belong to no single shop, each with why. Every other table in the schema is
 * shop-owned: it could be split across database nodes by `store_id` (docs/decisions/0043), so each
 * of its rows names its shop and no key lets two shops' rows meet.
 */
const PLATFORM_TABLES: Record<string, string> = {
  stores: 'the shops themselves: every shop-owned row points at one (a reference table on every node)',
  store_domains: 'the hostname → shop lookup that runs before any shop is known (a reference table)',
  rate_limit_buckets: 'limits that count across shops (a recipient, an address, all SMS together), keyed by the limit, not by a shop',
  webhook_events: "the payment provider's delivery ids, seen before the delivery's order (and so its shop) is known",
};

interface Column { table: string; nullable: boolean }
interface UniqueIndex { table: string; name: string; primary: boolean; columns: string[] }
interface ForeignKey {
  table: string; name: string; parent: string; columns: string[]; parentColumns: string[];
  /** pg_constraint.confdeltype: a cascade, n set null, d set default, a / r no action / restrict. */
  onDelete: string;
  /** The columns SET NULL / SET DEFAULT empties (all of the key's columns when the list is empty). */
  setColumns: string[];
}

let database: TestDatabase;
let handle: DbHandle;
let tables: string[];
let storeIds: Map<string, Column>;
let uniques: UniqueIndex[];
let foreignKeys: ForeignKey[];

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await handle.db.execute(query));
}

beforeAll(async () => {
  database = await testDatabase();
  handle = await database.open();
  tables = (await rows<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).map((r) => r.name);
  storeIds = new Map((await rows<{ table: string; nullable: string }>(sql`
    select table_name as "table", is_nullable as nullable from information_schema.columns
    where table_schema = 'public' and column_name = 'store_id'`)).map((r) => [r.table, { table: r.table, nullable: r.nullable === 'YES' }]));
  // Key columns only: INCLUDE columns of an index are not part of what it holds unique.
  uniques = await rows<UniqueIndex>(sql`
    select t.relname as "table", i.relname as name, x.indisprimary as primary,
      array(select a.attname::text from generate_series(0, x.indnkeyatts - 1) n
            join pg_attribute a on a.attrelid = x.indrelid and a.attnum = x.indkey[n] order by n) as columns
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where x.indisunique and t.relnamespace = 'public'::regnamespace order by 1, 2`);
  foreignKeys = await rows<ForeignKey>(sql`
    select t.relname as "table", c.conname as name, p.relname as parent,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as columns,
      array(select a.attname::text from unnest(c.confkey) with ordinality k(n, o)
            join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o) as "parentColumns",
      c.confdeltype::text as "onDelete",
      array(select a.attname::text from unnest(coalesce(c.confdelsetcols, '{}')) k(n)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n) as "setColumns"
    from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_class p on p.oid = c.confrelid
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace order by 1, 2`);
});
afterAll(async () => {
  await handle?.close();
  await database?.release();
});

const shopOwned = (table: string) => !(table in PLATFORM_TABLES);

describe('every shop-owned table can be split by store_id', () => {
  it('names only tables that exist as platform tables', () => {
    expect(Object.keys(PLATFORM_TABLES).filter((t) => !tables.includes(t))).toEqual([]);
    expect(tables.filter(shopOwned).length).toBeGreaterThan(30);
  });

  it('gives every shop-owned table a store_id that is never empty and names a store', () => {
    const problems = tables.filter(shopOwned).flatMap((table) => {
      const column = storeIds.get(table);
      if (!column) return [`${table}: no store_id`];
      const toStores = foreignKeys.some((f) => f.table === table && f.parent === 'stores' && f.columns.join() === 'store_id');
      return [
        ...(column.nullable ? [`${table}: store_id may be null`] : []),
        ...(toStores ? [] : [`${table}: store_id does not reference stores`]),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('puts store_id in every primary key and unique index of a shop-owned table', () => {
    const tablesWithoutKey = tables.filter(shopOwned).filter((table) => !uniques.some((u) => u.table === table && u.primary));
    expect(tablesWithoutKey).toEqual([]);
    const problems = uniques.filter((u) => shopOwned(u.table) && !u.columns.includes('store_id'))
      .map((u) => `${u.table}: ${u.primary ? 'primary key' : 'unique index'} ${u.name} (${u.columns.join(', ')}) lacks store_id`);
    expect(problems).toEqual([]);
  });

  it('joins shop-owned tables only on store_id as well, matched column to column', () => {
    const problems = foreignKeys.filter((f) => shopOwned(f.table) && shopOwned(f.parent)).flatMap((f) => {
      const at = f.columns.indexOf('store_id');
      return at >= 0 && f.parentColumns[at] === 'store_id'
        ? []
        : [`${f.table}: foreign key ${f.name} (${f.columns.join(', ')}) → ${f.parent} (${f.parentColumns.join(', ')}) does not match store_id`];
    });
    expect(problems).toEqual([]);
  });

  it('empties only the referring column when a parent row goes, never store_id', () => {
    const problems = foreignKeys.filter((f) => shopOwned(f.table) && shopOwned(f.parent) && (f.onDelete === 'n' || f.onDelete === 'd'))
      .filter((f) => f.setColumns.length === 0 || f.setColumns.includes('store_id'))
      .map((f) => `${f.table}: ${f.name} empties (${(f.setColumns.length ? f.setColumns : f.columns).join(', ')})`);
    expect(problems).toEqual([]);
  });

  it('never points a platform table at a shop-owned one (a table on every node cannot reference a split one)', () => {
    const problems = foreignKeys.filter((f) => !shopOwned(f.table) && shopOwned(f.parent)).map((f) => `${f.table}: ${f.name} → ${f.parent}`);
    expect(problems).toEqual([]);
  });
});

describe('the keys at work', () => {
  it("refuses a row that names another shop's row", async () => {
    const a = await createStore(handle.db);
    const b = await createStore(handle.db);
    const catalogA = await createCatalog(handle.db, a.id);
    const catalogB = await createCatalog(handle.db, b.id);
    // A stone of shop B under shop A's gem type: its own grades and the rest, but A's product.
    type Refusal = { code?: string; constraint?: string; constraint_name?: string };
    const crossed = await createItem(handle.db, b.id, { catalog: { ...catalogB, product: catalogA.product } })
      .then(() => null, (err: { cause?: Refusal }) => err.cause ?? null);
    expect(crossed?.code).toBe('23503'); // foreign_key_violation
    expect(crossed?.constraint ?? crossed?.constraint_name).toBe('items_product_fk');
    expect(await handle.db.$count(items, eq(items.storeId, b.id))).toBe(0);
  });

  it('removes a shop with every row it owns and leaves the other shops whole', async () => {
    const gone = await createStore(handle.db);
    const kept = await createStore(handle.db);
    for (const store of [gone, kept]) {
      const catalog = await createCatalog(handle.db, store.id);
      await createItem(handle.db, store.id, { catalog });
      await createPage(handle.db, store.id, { pageCategoryId: (await createPageCategory(handle.db, store.id)).id });
      await createPost(handle.db, store.id, { categoryIds: [(await createPostCategory(handle.db, store.id)).id] });
      const [member] = await handle.db.insert(staff).values({ storeId: store.id, name: 'Owner', email: `owner${store.id}@example.com`, role: 'owner', status: 'active' }).returning();
      await handle.db.insert(auditLog).values({ storeId: store.id, staffId: member!.id, action: 'page.create', objectType: 'page', objectId: '1' });
      await handle.db.insert(importJobs).values({ storeId: store.id, staffId: member!.id, fileName: 'stones.csv', file: '' });
    }
    await handle.db.delete(stores).where(eq(stores.id, gone.id));
    const left = await rows<{ table: string; gone: number; kept: number }>(sql.join(tables.filter(shopOwned).map((table) => sql`
      select ${table} as "table", count(*) filter (where store_id = ${gone.id})::int as gone, count(*) filter (where store_id = ${kept.id})::int as kept
      from ${sql.identifier(table)}`), sql` union all `));
    expect(left.filter((r) => r.gone > 0)).toEqual([]);
    const keptTables = left.filter((r) => r.kept > 0).map((r) => r.table).sort();
    for (const t of ['items', 'pages', 'page_categories', 'post_category_links', 'staff', 'audit_log', 'import_jobs']) expect(keptTables).toContain(t);
  });

  it("keeps a page whose category goes, in its shop: the reference empties page_category_id alone", async () => {
    const store = await createStore(handle.db);
    const category = await createPageCategory(handle.db, store.id);
    const page = await createPage(handle.db, store.id, { pageCategoryId: category.id });
    await handle.db.delete(pageCategories).where(eq(pageCategories.id, category.id));
    const [after] = await handle.db.select({ storeId: pages.storeId, pageCategoryId: pages.pageCategoryId }).from(pages).where(eq(pages.id, page.id));
    expect(after).toEqual({ storeId: store.id, pageCategoryId: null });
  });
});
