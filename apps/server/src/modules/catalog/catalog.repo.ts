import type { Executor } from '../../lib/db.ts';
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  clarities, colors, grades, items, origins, productCategories, products, rattis, shapes,
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

export async function listProducts(db: Executor, storeId: number, categoryIds?: number[]): Promise<ProductRow[]> {
  return db.select(productColumns).from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(eq(products.storeId, storeId), categoryIds ? inArray(products.categoryId, categoryIds) : undefined))
    .orderBy(asc(products.sortOrder), asc(products.id));
}

export async function findProduct(db: Executor, storeId: number, ref: string | number): Promise<ProductRow | null> {
  const rows = await db.select(productColumns).from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(eq(products.storeId, storeId), refCondition(products.id, products.url, ref))).limit(1);
  return rows[0] ?? null;
}

export async function findCategory(db: Executor, storeId: number, ref: string | null) {
  const where = ref === null
    ? sql`${productCategories.parentId} is null`
    : refCondition(productCategories.id as never, productCategories.url as never, ref);
  const rows = await db.select().from(productCategories)
    .where(and(eq(productCategories.storeId, storeId), where))
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.id)).limit(1);
  return rows[0] ?? null;
}

export async function listChildCategories(db: Executor, storeId: number, parentId: number) {
  return db.select().from(productCategories)
    .where(and(eq(productCategories.storeId, storeId), eq(productCategories.parentId, parentId)))
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.id));
}

const attributeTables = { grade: grades, color: colors, clarity: clarities, shape: shapes, origin: origins } as const;
export type AttributeKind = keyof typeof attributeTables;

export async function listAttributeValues(db: Executor, storeId: number) {
  const [g, c, cl, s, o] = await Promise.all(
    Object.values(attributeTables).map((t) =>
      db.select({ id: t.id, value: t.value, alias: t.alias }).from(t).where(eq(t.storeId, storeId)).orderBy(asc(t.sortOrder), asc(t.id))),
  );
  return { grade: g!, color: c!, clarity: cl!, shape: s!, origin: o! };
}

/** Available stones of one product counted per attribute value, in one statement (GROUPING SETS). */
export async function countStonesByAttribute(db: Executor, storeId: number, productId: number) {
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

export async function listRattis(db: Executor, storeId: number) {
  return db.select({ id: rattis.id, rati_standard: rattis.ratiStandard }).from(rattis)
    .where(eq(rattis.storeId, storeId)).orderBy(asc(rattis.ratiStandard));
}

/**
 * A stone as read for the API: its own columns and the ids of the names it shows (product, ratti
 * bucket, colour, ...). The names come from the catalog service's per-store lists, so a read joins
 * nothing: joining eight small tables cost PostgreSQL about six times the read itself
 * (docs/decisions/0018). catalog.service.ts maps it to the contract's Item in one function (toItem).
 */
const stoneColumns = {
  id: items.id, storeId: items.storeId, gin: items.gin, name: items.name, url: items.url,
  weightMg: items.weightMg, widthMm: items.widthMm, lengthMm: items.lengthMm, depthMm: items.depthMm,
  image: items.image, certificateImage: items.certificateImage, certificateLab: items.certificateLab,
  certificateNumber: items.certificateNumber, certificateVerificationUrl: items.certificateVerificationUrl,
  pricePaise: items.pricePaise, status: items.status,
  productId: items.productId, rattiId: items.rattiId, colorId: items.colorId, clarityId: items.clarityId,
  gradeId: items.gradeId, originId: items.originId, shapeId: items.shapeId,
};

/** Every stone read. Lists leave the long description text out (read as ''). */
function stoneSelection(withDescription: boolean) {
  return { ...stoneColumns, description: withDescription ? items.description : sql<string>`''` };
}

function selectStones(db: Executor, { withDescription = false } = {}) {
  return db.select(stoneSelection(withDescription)).from(items);
}

/** `column = any($n::int[])` with a named placeholder: one statement text whatever the number of ids. */
function anyOf(column: SQLWrapper, placeholder: string): SQL {
  return sql`${column} = any(${sql.placeholder(placeholder)}::int[])`;
}

const isNumericRef = (ref: string) => /^\d{1,9}$/.test(ref);

/** This store's stones with these ids, newest first (cart, orders and returns show them). */
export async function findStonesByIds(db: Executor, storeId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return selectStones(db)
    .where(and(eq(items.storeId, storeId), inArray(items.id, ids))).orderBy(desc(items.id));
}

export type StoneRow = Awaited<ReturnType<typeof findStonesByIds>>[number];

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

/** Each listing order: the value it sorts by before the id (none for newest); ties go newest first. */
const listingOrders = {
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
 * The stone reads of one database, each built once per query shape and run as a named prepared
 * statement: building the SQL text for every request cost more CPU than PostgreSQL spent answering.
 * The catalog service owns one instance, so the statements live as long as the app.
 */
export class StoneReads {
  private readonly statements = new Map<string, unknown>();

  constructor(private readonly db: Executor) {}

  private prepared<Q>(key: string, build: (name: string) => Q): Q {
    if (!this.statements.has(key)) this.statements.set(key, build(`stones_${this.statements.size}`));
    return this.statements.get(key) as Q;
  }

  /** One stone of this store by friendly url or id, with its description; null when there is none. */
  async findDetail(storeId: number, ref: string) {
    const byId = isNumericRef(ref);
    const query = this.prepared(byId ? 'detail-by-id-or-url' : 'detail-by-url', (name) =>
      selectStones(this.db, { withDescription: true }).where(and(
        eq(items.storeId, sql.placeholder('storeId')),
        byId ? or(eq(items.id, sql.placeholder('id')), eq(items.url, sql.placeholder('url'))) : eq(items.url, sql.placeholder('url')),
      )).orderBy(desc(items.id)).limit(1).prepare(name));
    const [row] = await query.execute({ storeId, url: ref, ...(byId ? { id: Number(ref) } : {}) });
    return row ?? null;
  }

  /**
   * Available stones of one listing page, in one statement: the inner query filters and pages over
   * the covering listing index (ids only, an index-only scan, migration 0001), the outer one reads
   * just those stones. The order ends on the unique id, so pages never repeat or
   * skip a stone.
   */
  async listAvailable(storeId: number, f: StoneFilter, offset: number, limit: number) {
    const used = listFilters.filter(([key]) => f[key] !== undefined);
    const key = ['list', f.sort, ...used.map(([k]) => k), f.weightMinMg !== undefined && 'min', f.weightMaxMg !== undefined && 'max'].filter(Boolean).join(':');
    const query = this.prepared(key, (name) => {
      const page = this.db.select({ pageId: items.id }).from(items).where(and(
        eq(items.storeId, sql.placeholder('storeId')),
        eq(items.productId, sql.placeholder('productId')),
        isAvailable,
        ...used.map(([k, column]) => anyOf(column, k)),
        f.weightMinMg !== undefined ? gte(items.weightMg, sql.placeholder('weightMinMg')) : undefined,
        f.weightMaxMg !== undefined ? lte(items.weightMg, sql.placeholder('weightMaxMg')) : undefined,
      )).orderBy(...listingOrders[f.sort]).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).as('page');
      return this.db.select(stoneSelection(false)).from(page).innerJoin(items, eq(items.id, page.pageId))
        .orderBy(...listingOrders[f.sort]).prepare(name);
    });
    return query.execute({ ...f, storeId, offset, limit });
  }
}

// ---------- Stone status (orders reserve and sell stones through the catalog service) ----------

/**
 * The one atomic step that reserves an order's stones (ARCHITECTURE.md rule 5): a single UPDATE
 * that only takes stones still available. Concurrent orders for one stone serialise on its row
 * lock; the loser re-reads the row as reserved and gets nothing back.
 */
export async function reserveAvailableItems(db: Executor, storeId: number, itemIds: number[]) {
  return db.update(items).set({ status: 'reserved' })
    .where(and(eq(items.storeId, storeId), inArray(items.id, itemIds), eq(items.status, 'available')))
    .returning({ id: items.id, name: items.name, pricePaise: items.pricePaise });
}

export async function findItemStates(db: Executor, storeId: number, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return db.select({ id: items.id, name: items.name, status: items.status }).from(items)
    .where(and(eq(items.storeId, storeId), inArray(items.id, itemIds)));
}

/** Locks the stones of an order (payment and retry decide on their current state). */
export async function lockItems(db: Executor, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return db.select({ id: items.id, name: items.name, status: items.status }).from(items)
    .where(inArray(items.id, itemIds)).orderBy(asc(items.id)).for('update');
}

export async function setItemsStatus(db: Executor, itemIds: number[], status: StoneStatus, onlyIf: StoneStatus) {
  if (itemIds.length === 0) return [];
  return db.update(items).set({ status }).where(and(inArray(items.id, itemIds), eq(items.status, onlyIf))).returning({ id: items.id });
}


export type StoneStatus = 'available' | 'reserved' | 'sold';

/** Stones a search engine should know: every one not sold yet (a sold stone keeps its page, but is no longer offered). */
const isListed = sql`${items.status} <> 'sold'`;

export async function countListedStones(db: Executor, storeId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(items).where(and(eq(items.storeId, storeId), isListed));
  return row?.n ?? 0;
}

/** One slice of the listed stones' addresses, oldest first (a stable order for the sitemap's files). */
export async function listListedStoneUrls(db: Executor, storeId: number, offset: number, limit: number) {
  return db.select({ id: items.id, url: items.url, createdAt: items.createdAt }).from(items)
    .where(and(eq(items.storeId, storeId), isListed)).orderBy(asc(items.id)).limit(limit).offset(offset);
}
