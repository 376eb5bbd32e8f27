import { Param, and, asc, between, desc, eq, gte, inArray, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  type Database, clarities, colors, grades, items, origins, productCategories, products, rattis, shapes,
} from '@gemstore/db';

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

/** Columns of one stone with its product and attribute names, as every item answer needs. */
const itemColumns = {
  id: items.id, gin: items.gin, url: items.url, name: items.name, description: items.description,
  weightMg: items.weightMg, widthMm: items.widthMm, lengthMm: items.lengthMm, depthMm: items.depthMm,
  pricePaise: items.pricePaise, status: items.status, image: items.image,
  certificateImage: items.certificateImage, certificateLab: items.certificateLab, certificateNumber: items.certificateNumber,
  productId: products.id, productName: products.name, productAlias: products.alias, productUrl: products.url,
  categoryUrl: productCategories.url,
  rattiId: rattis.id, ratiStandard: rattis.ratiStandard,
  colorId: colors.id, color: colors.value, clarityId: clarities.id, clarity: clarities.value,
  gradeId: grades.id, grade: grades.value, gradeAlias: grades.alias,
  originId: origins.id, origin: origins.value, shapeId: shapes.id, shape: shapes.value,
};
export type ItemRow = { [K in keyof typeof itemColumns]: (typeof itemColumns)[K]['_']['data'] };

type PageOfIds = ReturnType<typeof pageOfIds>;
function pageOfIds(db: Database, where: SQL | undefined, order: SQL[], offset: number, limit: number) {
  return db.select({ pageId: items.id }).from(items).where(where).orderBy(...order).limit(limit).offset(offset).as('page');
}

/**
 * Stones with their product and attribute names. With a page of ids, the page comes first in FROM:
 * a query of ten relations is past PostgreSQL's join_collapse_limit (8), so the planner keeps the
 * written order, and starting from 20 ids keeps every join to 20 rows whatever the catalogue size.
 */
function selectItems(db: Database, page?: PageOfIds) {
  const from = page
    ? db.select(itemColumns).from(page).innerJoin(items, eq(items.id, page.pageId))
    : db.select(itemColumns).from(items);
  return (from as ReturnType<ReturnType<typeof db.select<typeof itemColumns>>['from']>)
    .innerJoin(products, eq(products.id, items.productId))
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .innerJoin(rattis, eq(rattis.id, items.rattiId))
    .innerJoin(colors, eq(colors.id, items.colorId))
    .innerJoin(clarities, eq(clarities.id, items.clarityId))
    .innerJoin(grades, eq(grades.id, items.gradeId))
    .innerJoin(origins, eq(origins.id, items.originId))
    .innerJoin(shapes, eq(shapes.id, items.shapeId));
}

/** `column = any($1::int[])`: one statement text whatever the number of ids (statements are prepared per text). */
function anyOf(column: SQLWrapper, ids: number[]): SQL {
  return sql`${column} = any(${new Param(ids)}::int[])`;
}

/** A literal, not a bound parameter, so generic prepared plans can still use the partial listing index. */
const isAvailable = sql`${items.status} = 'available'`;

export async function findItem(db: Database, storeId: number, ref: string): Promise<ItemRow | null> {
  const rows = await selectItems(db)
    .where(and(eq(items.storeId, storeId), refCondition(items.id as never, items.url as never, ref))).limit(1);
  return rows[0] ?? null;
}

export async function findItemsByIds(db: Database, storeId: number, ids: number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return selectItems(db).where(and(eq(items.storeId, storeId), anyOf(items.id, ids))).orderBy(desc(items.id));
}

export interface ItemFilter {
  productRef: string | number;
  gradeIds: number[]; colorIds: number[]; clarityIds: number[]; shapeIds: number[]; originIds: number[]; rattiIds: number[];
  /** Ratti bucket range, applied in ratti mode. */
  rattiRange?: [number, number];
  /** Weight range in mg, applied in weight mode. */
  weightMg?: { min?: number; max?: number };
  sort: 'newest' | 'price_asc' | 'price_desc' | 'weight_asc' | 'weight_desc';
}

const sortOrders = {
  newest: [desc(items.id)],
  price_asc: [asc(items.pricePaise), desc(items.id)],
  price_desc: [desc(items.pricePaise), desc(items.id)],
  weight_asc: [asc(items.weightMg), desc(items.id)],
  weight_desc: [desc(items.weightMg), desc(items.id)],
} as const;

/**
 * One page of available stones, in one SQL statement whatever the page: the inner query pages over
 * the covering index (ids only); the outer one joins names for just those rows. Order ends on the
 * unique id, so pages never repeat or skip a stone.
 */
export async function listAvailableItems(db: Database, storeId: number, f: ItemFilter, offset: number, limit: number): Promise<ItemRow[]> {
  const productId = sql`(select ${products.id} from ${products} where ${products.storeId} = ${storeId} and ${refCondition(products.id, products.url, f.productRef)} limit 1)`;
  const conditions: (SQL | undefined)[] = [
    eq(items.storeId, storeId),
    eq(items.productId, productId as unknown as number),
    isAvailable,
    f.gradeIds.length ? anyOf(items.gradeId, f.gradeIds) : undefined,
    f.colorIds.length ? anyOf(items.colorId, f.colorIds) : undefined,
    f.clarityIds.length ? anyOf(items.clarityId, f.clarityIds) : undefined,
    f.shapeIds.length ? anyOf(items.shapeId, f.shapeIds) : undefined,
    f.originIds.length ? anyOf(items.originId, f.originIds) : undefined,
    f.rattiIds.length ? anyOf(items.rattiId, f.rattiIds) : undefined,
    f.rattiRange
      ? inArray(items.rattiId, db.select({ id: rattis.id }).from(rattis)
        .where(and(eq(rattis.storeId, storeId), between(rattis.ratiStandard, f.rattiRange[0], f.rattiRange[1]))))
      : undefined,
    f.weightMg?.min !== undefined ? gte(items.weightMg, f.weightMg.min) : undefined,
    f.weightMg?.max !== undefined ? lte(items.weightMg, f.weightMg.max) : undefined,
  ];
  const order = sortOrders[f.sort];
  const page = pageOfIds(db, and(...conditions), [...order], offset, limit);
  return selectItems(db, page).orderBy(...order);
}
