import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  type Database, catalogVersions, clarities, colors, grades, items, origins, productCategories, products, rattis, shapes,
} from '@gemstore/db';

/** A literal, not a bound parameter, so generic prepared plans can still use the partial listing index. */
const isAvailable = sql`${items.status} = 'available'`;

/** A path reference is an id when it is all digits, otherwise a friendly url. */
export function refCondition(idColumn: typeof products.id, urlColumn: typeof products.url, ref: string | number): SQL {
  const asText = String(ref);
  return /^\d{1,9}$/.test(asText) ? or(eq(idColumn, Number(asText)), eq(urlColumn, asText))! : eq(urlColumn, asText);
}

export const productColumns = {
  id: products.id, name: products.name, alias: products.alias, url: products.url,
  description: products.description, image: products.image,
  categoryId: productCategories.id, categoryName: productCategories.name, categoryUrl: productCategories.url,
};
export type ProductRow = { id: number; name: string; alias: string; url: string; description: string; image: string; categoryId: number; categoryName: string; categoryUrl: string };

export async function listProducts(db: Database, storeId: number, categoryIds?: number[]): Promise<ProductRow[]> {
  return db.select(productColumns).from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(eq(products.storeId, storeId), categoryIds ? inArray(products.categoryId, categoryIds) : undefined))
    .orderBy(asc(products.sortOrder), asc(products.id));
}

export async function findProduct(db: Database, storeId: number, ref: string | number): Promise<ProductRow | null> {
  const rows = await db.select(productColumns).from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(eq(products.storeId, storeId), refCondition(products.id, products.url, ref))).limit(1);
  return rows[0] ?? null;
}

export async function findCategory(db: Database, storeId: number, ref: string | null) {
  const where = ref === null
    ? sql`${productCategories.parentId} is null`
    : refCondition(productCategories.id as never, productCategories.url as never, ref);
  const rows = await db.select().from(productCategories)
    .where(and(eq(productCategories.storeId, storeId), where))
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.id)).limit(1);
  return rows[0] ?? null;
}

export async function listChildCategories(db: Database, storeId: number, parentId: number) {
  return db.select().from(productCategories)
    .where(and(eq(productCategories.storeId, storeId), eq(productCategories.parentId, parentId)))
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.id));
}

const attributeTables = { grade: grades, color: colors, clarity: clarities, shape: shapes, origin: origins } as const;
export type AttributeKind = keyof typeof attributeTables;

export async function listAttributeValues(db: Database, storeId: number) {
  const [g, c, cl, s, o] = await Promise.all(
    Object.values(attributeTables).map((t) =>
      db.select({ id: t.id, value: t.value, alias: t.alias }).from(t).where(eq(t.storeId, storeId)).orderBy(asc(t.sortOrder), asc(t.id))),
  );
  return { grade: g!, color: c!, clarity: cl!, shape: s!, origin: o! };
}

/** Available stones of one product counted per attribute value, in one statement (GROUPING SETS). */
export async function countStonesByAttribute(db: Database, storeId: number, productId: number) {
  const rows = await db.select({
    gradeId: items.gradeId, colorId: items.colorId, clarityId: items.clarityId,
    shapeId: items.shapeId, originId: items.originId,
    count: sql<number>`count(*)::int`,
    grouping: sql<number>`grouping(${items.gradeId}, ${items.colorId}, ${items.clarityId}, ${items.shapeId}, ${items.originId})::int`,
  }).from(items)
    .where(and(eq(items.storeId, storeId), eq(items.productId, productId), isAvailable))
    .groupBy(sql`grouping sets ((${items.gradeId}), (${items.colorId}), (${items.clarityId}), (${items.shapeId}), (${items.originId}), ())`);
  const counts = { grade: new Map<number, number>(), color: new Map<number, number>(), clarity: new Map<number, number>(), shape: new Map<number, number>(), origin: new Map<number, number>() };
  let total = 0;
  for (const r of rows) {
    if (r.grouping === 31) total = r.count;
    else if (r.gradeId !== null) counts.grade.set(r.gradeId, r.count);
    else if (r.colorId !== null) counts.color.set(r.colorId, r.count);
    else if (r.clarityId !== null) counts.clarity.set(r.clarityId, r.count);
    else if (r.shapeId !== null) counts.shape.set(r.shapeId, r.count);
    else if (r.originId !== null) counts.origin.set(r.originId, r.count);
  }
  return { counts, total };
}

export async function listRattis(db: Database, storeId: number) {
  return db.select({ id: rattis.id, rati_standard: rattis.ratiStandard }).from(rattis)
    .where(eq(rattis.storeId, storeId)).orderBy(asc(rattis.ratiStandard));
}

/**
 * Stones travel as their cards (items.card: the contract's Item as JSON text, which the database
 * writes whenever the stone or a name it shows changes, migration 0003_stone_cards.sql), so the
 * server neither decodes rows nor re-encodes stones (docs/decisions/0009-stone-cards.md). Lists are
 * joined here, not with string_agg: an ordered aggregate cost PostgreSQL more than the page's rows.
 */
const asJsonArray = (cards: string[]) => `[${cards.join(',')}]`;

/** `column = any($n::int[])` with a named placeholder: one statement text whatever the number of ids. */
function anyOf(column: SQLWrapper, placeholder: string): SQL {
  return sql`${column} = any(${sql.placeholder(placeholder)}::int[])`;
}

/** A prepared statement whose rows come back as arrays of column values, in the order selected. */
interface PreparedArrays { execute(values: Record<string, unknown>): Promise<unknown[][]> }

/**
 * Rows as the driver gives them: drizzle's mapping of each row into an object tests every field's
 * class on every row, which cost more CPU than reading the rows. Drizzle hands a prepared query's
 * driver rows (arrays) to its `customResultMapper` when one is set (its relational queries set one),
 * so an identity mapper keeps them as they are.
 */
function asArrays(query: object): PreparedArrays {
  if (!('customResultMapper' in query)) throw new Error('drizzle prepared queries no longer carry a customResultMapper');
  Object.assign(query, { customResultMapper: (rows: unknown[][]) => rows });
  return query as unknown as PreparedArrays;
}

/**
 * Stone queries are built once per database and query shape, then executed with values: building
 * the SQL text for every request cost more CPU than PostgreSQL spent answering it.
 */
const preparedByDb = new WeakMap<Database, Map<string, PreparedArrays>>();
function preparedQuery(db: Database, key: string, build: (name: string) => object): PreparedArrays {
  let byKey = preparedByDb.get(db);
  if (!byKey) preparedByDb.set(db, (byKey = new Map()));
  let query = byKey.get(key);
  if (!query) byKey.set(key, (query = asArrays(build(`stones_${byKey.size}`))));
  return query;
}

/** The first column of each row: the statements below select one JSON text per stone. */
async function cardsOf(db: Database, key: string, build: (name: string) => object, values: Record<string, unknown>): Promise<string[]> {
  return (await preparedQuery(db, key, build).execute(values)).map((row) => row[0] as string);
}

const isNumericRef = (ref: string) => /^\d{1,9}$/.test(ref);

/**
 * One stone by friendly url or id, of this store only: its card with its description added (lists
 * leave that long text out), as JSON text of the contract's ItemDetail; null when there is none.
 */
export async function findStoneDetailJson(db: Database, storeId: number, ref: string): Promise<string | null> {
  const byId = isNumericRef(ref);
  const [detail] = await cardsOf(db, byId ? 'detail-by-id-or-url' : 'detail-by-url', (name) => db.select({
    json: sql<string>`left(${items.card}, -1) || ',"description":' || to_json(${items.description})::text || '}'`,
  }).from(items).where(and(
    eq(items.storeId, sql.placeholder('storeId')),
    byId ? or(eq(items.id, sql.placeholder('id')), eq(items.url, sql.placeholder('url'))) : eq(items.url, sql.placeholder('url')),
  )).orderBy(desc(items.id)).limit(1).prepare(name), { storeId, url: ref, ...(byId ? { id: Number(ref) } : {}) });
  return detail ?? null;
}

/** The cards of this store's stones with these ids, newest first, as a JSON array text. */
export async function findStonesJsonByIds(db: Database, storeId: number, ids: number[]): Promise<string> {
  if (ids.length === 0) return '[]';
  return asJsonArray(await cardsOf(db, 'by-ids', (name) => db.select({ json: items.card }).from(items)
    .where(and(eq(items.storeId, sql.placeholder('storeId')), anyOf(items.id, 'ids'))).orderBy(desc(items.id)).prepare(name), { storeId, ids }));
}

/** A listing filter with every reference already resolved to ids (catalog.service.ts). */
export interface StoneFilter {
  productId: number;
  gradeIds?: number[]; colorIds?: number[]; clarityIds?: number[]; shapeIds?: number[]; originIds?: number[];
  /** The ratti buckets allowed (explicit choice and/or the ratti range); undefined: any. */
  rattiIds?: number[];
  weightMinMg?: number;
  weightMaxMg?: number;
  sort: 'newest' | 'price_asc' | 'price_desc' | 'weight_asc' | 'weight_desc';
}

/**
 * Each listing order: the value it sorts by before the id (none for newest) and that value's
 * direction; ties always go newest first. The SQL order, the "after the anchor" condition and the
 * in-hand comparison below are all derived from this one table.
 */
const listingOrders = {
  newest: { column: undefined, ascending: false },
  price_asc: { column: items.pricePaise, ascending: true },
  price_desc: { column: items.pricePaise, ascending: false },
  weight_asc: { column: items.weightMg, ascending: true },
  weight_desc: { column: items.weightMg, ascending: false },
} as const;
type ListingOrder = keyof typeof listingOrders;

function orderBy(sort: ListingOrder): SQL[] {
  const { column, ascending } = listingOrders[sort];
  return column ? [ascending ? asc(column) : desc(column), desc(items.id)] : [desc(items.id)];
}

const listFilters = [
  ['gradeIds', items.gradeId], ['colorIds', items.colorId], ['clarityIds', items.clarityId],
  ['shapeIds', items.shapeId], ['originIds', items.originId], ['rattiIds', items.rattiId],
] as const;

/** A stone's place in a listing order: its id and, for the price and weight orders, that value. */
export interface SortKey { id: number; value?: number }

/** Read the stones after this one, if the catalogue is still at this version (catalog.anchors.ts). */
export interface ListingAnchor { stone: SortKey; version: number }

/** A stone of a listing read: its card and its place in the order. */
export interface ListedStone extends SortKey { json: string }

/** A listing read: its stones in order, and the catalogue version the statement saw. */
export interface ListingRead { stones: ListedStone[]; version: number }

/** The same orders for rows in hand (the listing statement's rows come back unordered). */
const inOrder = Object.fromEntries(Object.entries(listingOrders).map(([sort, { column, ascending }]) => {
  const sign = ascending ? 1 : -1;
  const compare = column ? (a: SortKey, b: SortKey) => sign * (a.value! - b.value!) || b.id - a.id : (a: SortKey, b: SortKey) => b.id - a.id;
  return [sort, compare];
})) as Record<ListingOrder, (a: SortKey, b: SortKey) => number>;

/**
 * "After the anchor stone" in each order, written out because the orders mix directions (price
 * ascending, then id descending), which a row comparison cannot express.
 */
function afterAnchor(sort: ListingOrder): SQL {
  const { column, ascending } = listingOrders[sort];
  const id = sql`${items.id} < ${sql.placeholder('anchorId')}`;
  if (!column) return id;
  return sql`(${column} ${ascending ? sql`>` : sql`<`} ${sql.placeholder('anchorValue')} or (${column} = ${sql.placeholder('anchorValue')} and ${id}))`;
}

/** The store's catalogue version (0 before its first stone), read once per statement. */
const catalogVersion = sql<number>`coalesce((select ${catalogVersions.version} from ${catalogVersions} where ${catalogVersions.storeId} = ${sql.placeholder('storeId')}), 0)::float8`;

/**
 * Available stones of one listing in one SQL statement: the inner query filters and pages over the
 * covering index (ids only, an index-only scan), the outer one reads just those rows' cards. Order
 * ends on the unique id, so pages never repeat or skip a stone.
 *
 * Without an anchor it skips `skip` stones from the top of the list. With one it skips from just
 * after the anchor stone instead, so a deep page costs what the first does; and it reads nothing
 * unless the catalogue is still at the anchor's version, when the anchor stone still sits at the
 * same place (docs/decisions/0011-listing-page-anchors.md).
 *
 * The version is the statement's first table, joined to the page, so it comes back even with no
 * stone: an empty read then tells "past the end" from "the catalogue has moved on". Rows come back
 * unordered and are put in order here: a final ORDER BY over that join made PostgreSQL sort (and
 * copy) the cards, although the page is already in order.
 */
export async function listAvailableStones(
  db: Database, storeId: number, f: StoneFilter, anchor: ListingAnchor | null, skip: number, take: number,
): Promise<ListingRead> {
  const used = listFilters.filter(([key]) => f[key] !== undefined);
  const key = ['list', f.sort, anchor && 'anchor', ...used.map(([k]) => k), f.weightMinMg !== undefined && 'min', f.weightMaxMg !== undefined && 'max'].filter(Boolean).join(':');
  const query = preparedQuery(db, key, (name) => {
    const page = db.select({ pageId: items.id }).from(items).where(and(
      eq(items.storeId, sql.placeholder('storeId')),
      eq(items.productId, sql.placeholder('productId')),
      isAvailable,
      ...used.map(([k, column]) => anyOf(column, k)),
      f.weightMinMg !== undefined ? gte(items.weightMg, sql.placeholder('weightMinMg')) : undefined,
      f.weightMaxMg !== undefined ? lte(items.weightMg, sql.placeholder('weightMaxMg')) : undefined,
      anchor ? afterAnchor(f.sort) : undefined,
      anchor ? sql`${catalogVersion} = ${sql.placeholder('version')}` : undefined,
    )).orderBy(...orderBy(f.sort)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).as('page');
    const value = listingOrders[f.sort].column;
    return db.select({ json: items.card, id: items.id, version: sql`current.version`, ...(value ? { value: sql`${value}::float8` } : {}) })
      .from(sql`(select ${catalogVersion} as version) as current`).leftJoin(page, sql`true`).leftJoin(items, eq(items.id, page.pageId))
      .prepare(name);
  });
  const from = anchor ? { anchorId: anchor.stone.id, anchorValue: anchor.stone.value, version: anchor.version } : {};
  const rows = await query.execute({ ...f, ...from, storeId, offset: skip, limit: take }) as [string | null, number, number, number?][];
  const stones: ListedStone[] = [];
  for (const [json, id, , value] of rows) if (json !== null) stones.push(value === undefined ? { json, id } : { json, id, value });
  stones.sort(inOrder[f.sort]);
  return { stones, version: rows[0]![2] };
}
