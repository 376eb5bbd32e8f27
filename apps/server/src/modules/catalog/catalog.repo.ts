import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  type Database, clarities, colors, grades, items, origins, productCategories, products, rattis, shapes,
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

interface PreparedCards { execute(values: Record<string, unknown>): Promise<{ json: string }[]> }

/**
 * Stone queries are built once per database and query shape, then executed with values: building
 * the SQL text for every request cost more CPU than PostgreSQL spent answering it.
 */
const preparedByDb = new WeakMap<Database, Map<string, PreparedCards>>();
async function cardsOf(db: Database, key: string, build: (name: string) => PreparedCards, values: Record<string, unknown>): Promise<string[]> {
  let byKey = preparedByDb.get(db);
  if (!byKey) preparedByDb.set(db, (byKey = new Map()));
  let query = byKey.get(key);
  if (!query) byKey.set(key, (query = build(`stones_${byKey.size}`)));
  return (await query.execute(values)).map((row) => row.json);
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

const sortOrders = {
  newest: [desc(items.id)],
  price_asc: [asc(items.pricePaise), desc(items.id)],
  price_desc: [desc(items.pricePaise), desc(items.id)],
  weight_asc: [asc(items.weightMg), desc(items.id)],
  weight_desc: [desc(items.weightMg), desc(items.id)],
} as const;

const listFilters = [
  ['gradeIds', items.gradeId], ['colorIds', items.colorId], ['clarityIds', items.clarityId],
  ['shapeIds', items.shapeId], ['originIds', items.originId], ['rattiIds', items.rattiId],
] as const;

/**
 * One page of available stones, their cards as a JSON array text, in one SQL statement whatever the
 * page: the inner query filters and pages over the covering index (ids only, an index-only scan);
 * the outer one reads just those rows.
 * Order ends on the unique id, so pages never repeat or skip a stone.
 */
export async function listAvailableStonesJson(db: Database, storeId: number, f: StoneFilter, offset: number, limit: number): Promise<string> {
  const used = listFilters.filter(([key]) => f[key] !== undefined);
  const key = ['list', f.sort, ...used.map(([k]) => k), f.weightMinMg !== undefined && 'min', f.weightMaxMg !== undefined && 'max'].filter(Boolean).join(':');
  return asJsonArray(await cardsOf(db, key, (name) => {
    const order = sortOrders[f.sort];
    const page = db.select({ pageId: items.id }).from(items).where(and(
      eq(items.storeId, sql.placeholder('storeId')),
      eq(items.productId, sql.placeholder('productId')),
      isAvailable,
      ...used.map(([k, column]) => anyOf(column, k)),
      f.weightMinMg !== undefined ? gte(items.weightMg, sql.placeholder('weightMinMg')) : undefined,
      f.weightMaxMg !== undefined ? lte(items.weightMg, sql.placeholder('weightMaxMg')) : undefined,
    )).orderBy(...order).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).as('page');
    return db.select({ json: items.card }).from(page).innerJoin(items, eq(items.id, page.pageId)).orderBy(...order).prepare(name);
  }, { ...f, storeId, offset, limit }));
}
