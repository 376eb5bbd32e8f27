import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { items, productCategories, productColors, productOrigins, products, rattis } from '@gemstore/db';
import { type Executor, likeLiteral } from '../../lib/db.ts';
import type { SuitedKind } from '@gemstore/contracts';
import { attributeTables, type AttributeKind, type StoneStatus } from './catalog.repo.ts';
import { keptColumns, stoneFieldColumns } from './catalog.fields.ts';

/** The back office's reads and writes of the catalogue tables: every one scoped to the store. */

/** The ids of the store's stones with this SKU, ignoring case (a SKU is unique in the store as typed). */
export async function findStoneIdsBySku(db: Executor, storeId: number, sku: string): Promise<number[]> {
  const rows = await db.select({ id: items.id }).from(items).where(and(eq(items.storeId, storeId), sql`lower(${items.gin}) = lower(${sku})`)).limit(20);
  return rows.map((r) => r.id);
}

// ---------- Categories ----------

export type CategoryValues = { parentId: number | null; name: string; url: string; image: string; sortOrder: number };

export async function listCategories(db: Executor, storeId: number) {
  const productCount = db.select({ categoryId: products.categoryId, n: count().as('n') }).from(products)
    .where(eq(products.storeId, storeId)).groupBy(products.categoryId).as('pc');
  return db.select({
    id: productCategories.id, parentId: productCategories.parentId, name: productCategories.name, url: productCategories.url,
    image: productCategories.image, sortOrder: productCategories.sortOrder, products: sql<number>`coalesce(${productCount.n}, 0)::int`,
  }).from(productCategories).leftJoin(productCount, eq(productCount.categoryId, productCategories.id))
    .where(eq(productCategories.storeId, storeId)).orderBy(asc(productCategories.sortOrder), asc(productCategories.id));
}

export async function categoryExists(db: Executor, storeId: number, id: number): Promise<boolean> {
  const [row] = await db.select({ id: productCategories.id }).from(productCategories)
    .where(and(eq(productCategories.storeId, storeId), eq(productCategories.id, id)));
  return row !== undefined;
}

export async function insertCategory(db: Executor, storeId: number, v: CategoryValues): Promise<number> {
  const [row] = await db.insert(productCategories).values({ storeId, ...v }).returning({ id: productCategories.id });
  return row!.id;
}

export async function updateCategory(db: Executor, storeId: number, id: number, v: CategoryValues): Promise<boolean> {
  const rows = await db.update(productCategories).set(v)
    .where(and(eq(productCategories.storeId, storeId), eq(productCategories.id, id))).returning({ id: productCategories.id });
  return rows.length > 0;
}

/** What still hangs from a category: its child categories and products. */
export async function categoryContents(db: Executor, storeId: number, id: number) {
  const [children] = await db.select({ n: count() }).from(productCategories)
    .where(and(eq(productCategories.storeId, storeId), eq(productCategories.parentId, id)));
  const [ownProducts] = await db.select({ n: count() }).from(products).where(and(eq(products.storeId, storeId), eq(products.categoryId, id)));
  return { children: children!.n, products: ownProducts!.n };
}

export async function deleteCategory(db: Executor, storeId: number, id: number): Promise<boolean> {
  const rows = await db.delete(productCategories)
    .where(and(eq(productCategories.storeId, storeId), eq(productCategories.id, id))).returning({ id: productCategories.id });
  return rows.length > 0;
}

// ---------- Products ----------

export type ProductValues = { categoryId: number; name: string; alias: string; url: string; description: string; image: string; sortOrder: number };

export async function listProducts(db: Executor, storeId: number) {
  const stoneCount = db.select({ productId: items.productId, n: count().as('n') }).from(items)
    .where(eq(items.storeId, storeId)).groupBy(items.productId).as('sc');
  return db.select({
    id: products.id, categoryId: products.categoryId, name: products.name, alias: products.alias, url: products.url,
    description: products.description, image: products.image, sortOrder: products.sortOrder,
    stones: sql<number>`coalesce(${stoneCount.n}, 0)::int`,
  }).from(products).leftJoin(stoneCount, eq(stoneCount.productId, products.id))
    .where(eq(products.storeId, storeId)).orderBy(asc(products.sortOrder), asc(products.id));
}

export async function insertProduct(db: Executor, storeId: number, v: ProductValues): Promise<number> {
  const [row] = await db.insert(products).values({ storeId, ...v }).returning({ id: products.id });
  return row!.id;
}

export async function updateProduct(db: Executor, storeId: number, id: number, v: ProductValues): Promise<boolean> {
  const rows = await db.update(products).set(v).where(and(eq(products.storeId, storeId), eq(products.id, id))).returning({ id: products.id });
  return rows.length > 0;
}

export async function deleteProduct(db: Executor, storeId: number, id: number): Promise<boolean> {
  const rows = await db.delete(products).where(and(eq(products.storeId, storeId), eq(products.id, id))).returning({ id: products.id });
  return rows.length > 0;
}

// ---------- The colours and origins that suit a gem type ----------

/** The lists a gem type limits (contracts SUITED_KINDS), by table. */
const suitedTables: Record<SuitedKind, typeof productColors | typeof productOrigins> = { color: productColors, origin: productOrigins };

/** Every gem type's suited values of the store: kind -> product id -> value ids (a gem type without any is absent). */
export async function listSuitedValues(db: Executor, storeId: number): Promise<Record<SuitedKind, Map<number, number[]>>> {
  const [colorRows, originRows] = await Promise.all((['color', 'origin'] as const).map((kind) => {
    const t = suitedTables[kind];
    return db.select({ productId: t.productId, valueId: t.valueId }).from(t).where(eq(t.storeId, storeId)).orderBy(asc(t.productId), asc(t.valueId));
  }));
  const group = (rows: { productId: number; valueId: number }[]) => {
    const map = new Map<number, number[]>();
    for (const r of rows) map.set(r.productId, [...(map.get(r.productId) ?? []), r.valueId]);
    return map;
  };
  return { color: group(colorRows!), origin: group(originRows!) };
}

/** Sets the values of one kind that suit a gem type (none: every value of the store suits it). */
export async function replaceSuitedValues(db: Executor, storeId: number, productId: number, kind: SuitedKind, valueIds: number[]): Promise<void> {
  const t = suitedTables[kind];
  await db.delete(t).where(and(eq(t.storeId, storeId), eq(t.productId, productId)));
  if (valueIds.length) await db.insert(t).values(valueIds.map((valueId) => ({ storeId, productId, valueId })));
}

// ---------- Attribute values ----------

const stoneColumnOf = {
  grade: items.gradeId, color: items.colorId, clarity: items.clarityId, shape: items.shapeId, origin: items.originId,
} as const;

export type AttributeValues = { value: string; alias: string; sortOrder: number };

export async function listAttributeValuesWithCounts(db: Executor, storeId: number, kind: AttributeKind) {
  const t = attributeTables[kind];
  const column = stoneColumnOf[kind];
  const used = db.select({ valueId: sql<number>`${column}`.as('value_id'), n: count().as('n') }).from(items)
    .where(eq(items.storeId, storeId)).groupBy(column).as('used');
  return db.select({ id: t.id, value: t.value, alias: t.alias, sortOrder: t.sortOrder, stones: sql<number>`coalesce(${used.n}, 0)::int` })
    .from(t).leftJoin(used, eq(used.valueId, t.id)).where(eq(t.storeId, storeId)).orderBy(asc(t.sortOrder), asc(t.id));
}

export async function insertAttributeValue(db: Executor, storeId: number, kind: AttributeKind, v: AttributeValues): Promise<number> {
  const t = attributeTables[kind];
  const [row] = await db.insert(t).values({ storeId, ...v }).returning({ id: t.id });
  return row!.id;
}

export async function updateAttributeValue(db: Executor, storeId: number, kind: AttributeKind, id: number, v: AttributeValues): Promise<boolean> {
  const t = attributeTables[kind];
  const rows = await db.update(t).set(v).where(and(eq(t.storeId, storeId), eq(t.id, id))).returning({ id: t.id });
  return rows.length > 0;
}

export async function stonesUsingValue(db: Executor, storeId: number, kind: AttributeKind, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(items).where(and(eq(items.storeId, storeId), eq(stoneColumnOf[kind], id)));
  return row!.n;
}

export async function deleteAttributeValue(db: Executor, storeId: number, kind: AttributeKind, id: number): Promise<boolean> {
  const t = attributeTables[kind];
  const rows = await db.delete(t).where(and(eq(t.storeId, storeId), eq(t.id, id))).returning({ id: t.id });
  return rows.length > 0;
}

/** Which of these ids are values of this store's list of `kind`. */
export async function ownAttributeValueIds(db: Executor, storeId: number, kind: AttributeKind, ids: number[]): Promise<Set<number>> {
  const t = attributeTables[kind];
  const rows = await db.select({ id: t.id }).from(t).where(and(eq(t.storeId, storeId), inArray(t.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function listRattiBuckets(db: Executor, storeId: number) {
  return db.select({ id: rattis.id, rati_standard: rattis.ratiStandard }).from(rattis).where(eq(rattis.storeId, storeId)).orderBy(asc(rattis.ratiStandard));
}

// ---------- Stones ----------

/** A stone as staff read and write it: every field of its description (catalog.fields.ts) and the ratti bucket its weight files it under. */
const adminStoneColumns = { id: items.id, ...stoneFieldColumns, rattiId: items.rattiId };
export type AdminStoneRow = Pick<typeof items.$inferSelect, keyof typeof adminStoneColumns>;

export type StoneValues = Omit<AdminStoneRow, 'id'>;

export interface AdminStoneFilter {
  productId?: number;
  status?: StoneStatus;
  /** The start of a SKU or certificate number (case-insensitive). */
  q?: string;
  gradeIds: number[]; colorIds: number[]; clarityIds: number[]; shapeIds: number[]; originIds: number[];
  weightMinMg?: number; weightMaxMg?: number;
  sort: 'newest' | 'oldest' | 'price_asc' | 'price_desc' | 'weight_asc' | 'weight_desc' | 'sku';
}

type SortKey = readonly [PgColumn, 'asc' | 'desc'];
/** Each sort as its columns, the last one unique (id or SKU): the list's ORDER BY and the export's keyset both follow it. */
const adminSortKeys: Record<AdminStoneFilter['sort'], readonly SortKey[]> = {
  newest: [[items.id, 'desc']], oldest: [[items.id, 'asc']],
  price_asc: [[items.pricePaise, 'asc'], [items.id, 'desc']], price_desc: [[items.pricePaise, 'desc'], [items.id, 'desc']],
  weight_asc: [[items.weightMg, 'asc'], [items.id, 'desc']], weight_desc: [[items.weightMg, 'desc'], [items.id, 'desc']],
  sku: [[items.gin, 'asc']],
};
const orderBy = (keys: readonly SortKey[]) => keys.map(([column, dir]) => (dir === 'asc' ? asc(column) : desc(column)));

/** The rows after `last` (its values of the sort's columns) in the sort's order. */
function after(keys: readonly SortKey[], last: unknown[]): SQL {
  return or(...keys.map(([column, dir], i) => and(
    ...keys.slice(0, i).map(([c], j) => eq(c, last[j])),
    dir === 'asc' ? gt(column, last[i]) : lt(column, last[i]),
  )))!;
}

/** `like` pattern for "starts with", with the wildcards in the text taken literally. */
function startsWith(text: string): string {
  return `${likeLiteral(text)}%`;
}

function adminStoneWhere(storeId: number, f: AdminStoneFilter): SQL {
  const lists: [number[], PgColumn][] = [
    [f.gradeIds, items.gradeId], [f.colorIds, items.colorId], [f.clarityIds, items.clarityId], [f.shapeIds, items.shapeId], [f.originIds, items.originId],
  ];
  return and(
    eq(items.storeId, storeId),
    f.productId !== undefined ? eq(items.productId, f.productId) : undefined,
    f.status !== undefined ? eq(items.status, f.status) : undefined,
    f.q ? or(ilike(items.gin, startsWith(f.q)), ilike(items.certificateNumber, startsWith(f.q))) : undefined,
    ...lists.map(([ids, column]) => (ids.length ? inArray(column, ids) : undefined)),
    f.weightMinMg !== undefined ? gte(items.weightMg, f.weightMinMg) : undefined,
    f.weightMaxMg !== undefined ? lte(items.weightMg, f.weightMaxMg) : undefined,
  )!;
}

/** One page of the store's stones in any status, and how many match in all. */
export async function listAdminStones(db: Executor, storeId: number, f: AdminStoneFilter, offset: number, limit: number) {
  const where = adminStoneWhere(storeId, f);
  const [rows, [total]] = await Promise.all([
    db.select(adminStoneColumns).from(items).where(where).orderBy(...orderBy(adminSortKeys[f.sort])).limit(limit).offset(offset),
    db.select({ n: count() }).from(items).where(where),
  ]);
  return { rows, total: total!.n };
}

/**
 * The next `limit` matching stones after the row `last` (keyset: no offset to skip, so every batch
 * of an export costs the same), in the filter's sort.
 */
export async function adminStonesAfter(db: Executor, storeId: number, f: AdminStoneFilter, last: AdminStoneRow | null, limit: number) {
  const keys = adminSortKeys[f.sort];
  const column = Object.fromEntries(Object.entries(adminStoneColumns).map(([k, c]) => [c.name, k]));
  const lastValues = last ? keys.map(([c]) => last[column[c.name] as keyof AdminStoneRow]) : null;
  return db.select(adminStoneColumns).from(items)
    .where(and(adminStoneWhere(storeId, f), lastValues ? after(keys, lastValues) : undefined))
    .orderBy(...orderBy(keys)).limit(limit);
}

export async function findAdminStone(db: Executor, storeId: number, id: number): Promise<AdminStoneRow | null> {
  const [row] = await db.select(adminStoneColumns).from(items).where(and(eq(items.storeId, storeId), eq(items.id, id)));
  return row ?? null;
}

export async function insertStone(db: Executor, storeId: number, v: StoneValues): Promise<number> {
  const [row] = await db.insert(items).values({ storeId, ...v }).returning({ id: items.id });
  return row!.id;
}

/** Changes a stone; `status` only while the stone is in a status staff may set (never one an order holds). */
export async function updateStone(db: Executor, storeId: number, id: number, v: StoneValues): Promise<boolean> {
  const rows = await db.update(items).set(v).where(and(eq(items.storeId, storeId), eq(items.id, id))).returning({ id: items.id });
  return rows.length > 0;
}

/** Locks the stone's row for a change (an order reserving it at the same moment waits, or wins first). */
export async function lockAdminStone(db: Executor, storeId: number, id: number): Promise<AdminStoneRow | null> {
  const [row] = await db.select(adminStoneColumns).from(items).where(and(eq(items.storeId, storeId), eq(items.id, id))).for('update');
  return row ?? null;
}

/** The status and price of these stones of the store, locked for a change. */
export async function lockStoneStates(db: Executor, storeId: number, ids: number[]) {
  return db.select({ id: items.id, status: items.status, pricePaise: items.pricePaise }).from(items)
    .where(and(eq(items.storeId, storeId), inArray(items.id, ids))).for('update');
}

const changedState = { id: items.id, status: items.status, pricePaise: items.pricePaise };

/** Sets the status of those of these stones now in one of `from`: the stones changed, as they are now. */
export async function setStonesStatus(db: Executor, storeId: number, ids: number[], status: StoneStatus, from: StoneStatus[]) {
  return db.update(items).set({ status })
    .where(and(eq(items.storeId, storeId), inArray(items.id, ids), inArray(items.status, from))).returning(changedState);
}

/** Scales the price of those of these stones staff may change, rounded to the whole rupee (or dollar), at least 1. */
export async function scaleStonePrices(db: Executor, storeId: number, ids: number[], factor: number, from: StoneStatus[]) {
  return db.update(items).set({ pricePaise: sql`greatest(100, round(${items.pricePaise} * ${factor}::float8 / 100) * 100)::bigint` })
    .where(and(eq(items.storeId, storeId), inArray(items.id, ids), inArray(items.status, from))).returning(changedState);
}

/**
 * The channel other processes hear a store's catalogue change on. Payload: the store id, or
 * `{id}:status` when only stones' status moved (an order, a payment, a return), which leaves the
 * catalogue's lists and stones as they are (a listing takes status from its page of ids).
 */
export const CATALOG_CHANGED = 'catalog_changed';

/** Tells every process on this database, when the transaction commits, that the store's catalogue (or only its stones' status) changed. */
export async function announceChange(db: Executor, storeId: number, only?: 'status'): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOG_CHANGED}, ${only ? `${storeId}:${only}` : String(storeId)})`);
}

// ---------- Imports ----------

/** The products a stone may name: id, name and friendly url (no counts). */
export async function listProductNames(db: Executor, storeId: number) {
  return db.select({ id: products.id, name: products.name, url: products.url }).from(products)
    .where(eq(products.storeId, storeId)).orderBy(asc(products.id));
}

/** The stones of the store with these SKUs (locked for the batch's writes when `lock`). */
export async function stonesByGin(db: Executor, storeId: number, gins: string[], lock: boolean) {
  if (gins.length === 0) return [];
  const query = db.select({ id: items.id, gin: items.gin, colorId: items.colorId, originId: items.originId, ...keptColumns }).from(items)
    .where(and(eq(items.storeId, storeId), inArray(items.gin, gins)));
  return lock ? query.orderBy(asc(items.id)).for('update') : query;
}

/** The SKUs of the stones of the store using these friendly urls. */
export async function stonesByUrl(db: Executor, storeId: number, urls: string[]) {
  if (urls.length === 0) return [];
  return db.select({ gin: items.gin, url: items.url }).from(items).where(and(eq(items.storeId, storeId), inArray(items.url, urls)));
}

const stoneValueKeys = Object.keys(adminStoneColumns).filter((k) => k !== 'id') as (keyof StoneValues)[];
const upsertColumns = stoneValueKeys.map((k) => [k, items[k]] as const);
const upsertColumnList = sql.raw(['store_id', ...upsertColumns.map(([, c]) => c.name)].map((n) => `"${n}"`).join(', '));
const upsertRecordType = sql.raw(['"store_id" integer', ...upsertColumns.map(([, c]) => `"${c.name}" ${c.getSQLType()}`)].join(', '));
const upsertSet = sql.raw([
  ...upsertColumns.filter(([k]) => k !== 'gin' && k !== 'status').map(([, c]) => `"${c.name}" = excluded."${c.name}"`),
  // A stone an order holds (reserved, sold) keeps its status whatever the row says.
  `"status" = case when "items"."status" in ('reserved', 'sold') then "items"."status" else excluded."status" end`,
].join(', '));

/**
 * Inserts these stones, or updates the one of the same SKU, in one statement whose rows travel as
 * one JSON parameter (a thousand rows of two dozen bound values each cost more to build than to write).
 */
export async function upsertStones(db: Executor, storeId: number, rows: StoneValues[]): Promise<void> {
  if (rows.length === 0) return;
  const records = JSON.stringify(rows.map((v) => Object.fromEntries([['store_id', storeId], ...upsertColumns.map(([k, c]) => [c.name, v[k]])])));
  await db.execute(sql`insert into ${items} (${upsertColumnList})
    select ${upsertColumnList} from jsonb_to_recordset(${records}::jsonb) as r(${upsertRecordType})
    on conflict ("store_id", "gin") do update set ${upsertSet}`);
}
