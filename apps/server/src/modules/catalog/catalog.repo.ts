import { type Executor, rowsOf } from '../../lib/db.ts';
import { prefixQuery } from '../../lib/search.ts';
import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  clarities, colors, grades, items, origins, productCategories, products, rattis, shapes,
} from '@gemstore/db';
import { shopColumns } from './catalog.fields.ts';

/** A literal, not a bound parameter, so generic prepared plans can still use the partial listing index. */
const isAvailable = sql`${items.status} = 'available'`;
/** Stones with a storefront page: available, reserved or sold (literals, as above). */
const onStorefront = sql`${items.status} in ('available', 'reserved', 'sold')`;

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

export const attributeTables = { grade: grades, color: colors, clarity: clarities, shape: shapes, origin: origins } as const;
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
 * A stone as read for the API: the columns of its fields (catalog.fields.ts, all but the stone
 * page's own), its ratti bucket, and the ids of the names it shows (product, colour, ...). The names
 * come from the catalog service's per-store lists, so a read joins nothing: joining eight small
 * tables cost PostgreSQL about six times the read itself (docs/decisions/0018). catalog.service.ts
 * maps it to the contract's Item in one function (toItem).
 */
const stoneColumns = { id: items.id, storeId: items.storeId, rattiId: items.rattiId, ...shopColumns };

/** Every stone read. Lists leave the long description text out (read as ''); the stone's page adds its photos. */
function stoneSelection(withDescription: boolean) {
  return { ...stoneColumns, description: withDescription ? items.description : sql<string>`''` };
}
const detailSelection = { ...stoneSelection(true), photos: items.photos };

function selectStones(db: Executor, { withDescription = false } = {}) {
  return db.select(stoneSelection(withDescription)).from(items);
}

const isNumericRef = (ref: string) => /^\d{1,9}$/.test(ref);

/** This store's stones with these ids, newest first (cart, orders and returns show them). */
export async function findStonesByIds(db: Executor, storeId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return selectStones(db)
    .where(and(eq(items.storeId, storeId), inArray(items.id, ids))).orderBy(desc(items.id));
}

export type StoneRow = Awaited<ReturnType<typeof findStonesByIds>>[number];

/**
 * Available stones of the stone's gem nearest to it: relative difference in weight plus relative
 * difference in price, smallest first. The inner query reads only the listing index (weight and
 * price are in it), the outer one the few stones chosen.
 */
export async function findRelatedStones(
  db: Executor, stone: { id: number; storeId: number; productId: number; weightMg: number; pricePaise: number }, limit: number,
) {
  const distance = sql<number>`abs(${items.weightMg} - ${stone.weightMg})::float8 / ${Math.max(stone.weightMg, 1)}
    + abs(${items.pricePaise} - ${stone.pricePaise})::float8 / ${Math.max(stone.pricePaise, 1)}`;
  const nearest = db.select({ id: items.id }).from(items)
    .where(and(eq(items.storeId, stone.storeId), eq(items.productId, stone.productId), eq(items.status, 'available'), ne(items.id, stone.id)))
    .orderBy(distance, desc(items.id)).limit(limit);
  return selectStones(db).where(inArray(items.id, nearest)).orderBy(distance, desc(items.id));
}

/**
 * One word of a search, resolved (catalog.service.ts): the gem types, colours, origins, shapes,
 * clarities and grades it names (typos forgiven), or, when it names none, the word itself, looked up
 * by prefix in the stone's own words (name, gin, certificate lab and number, description).
 */
export interface SearchTerm {
  text: string;
  productIds: number[]; gradeIds: number[]; colorIds: number[]; clarityIds: number[]; shapeIds: number[]; originIds: number[];
}

/** A listing filter with every reference already resolved to ids (catalog.service.ts). */
export interface StoneFilter {
  /** The listing's product; a search may span every product. */
  productId?: number;
  /** A search's choice of products (its results page filters on gem type too). */
  productIds?: number[];
  gradeIds?: number[]; colorIds?: number[]; clarityIds?: number[]; shapeIds?: number[]; originIds?: number[];
  treatments?: string[];
  /** The ratti buckets allowed (explicit choice and/or the ratti range); undefined: any. */
  rattiIds?: number[];
  weightMinMg?: number;
  weightMaxMg?: number;
  priceMinPaise?: number;
  priceMaxPaise?: number;
  /** Search words, each of which a stone must match. */
  terms?: SearchTerm[];
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

/**
 * The filter groups a shopper ticks values in, with the column each filters and how its list of
 * values is cast. Treatments travel as text[] and are cast to their enum in the statement: a driver
 * learns array types when it connects, so on a shop's first start (the migration that made the
 * enum ran on connections opened before it) it could not send a stone_treatment[] parameter.
 */
const groupFilters = [
  ['gradeIds', items.gradeId, 'int[]'], ['colorIds', items.colorId, 'int[]'], ['clarityIds', items.clarityId, 'int[]'],
  ['shapeIds', items.shapeId, 'int[]'], ['originIds', items.originId, 'int[]'], ['treatments', items.treatment, 'text[]::stone_treatment[]'],
  ['productIds', items.productId, 'int[]'],
] as const;
type GroupKey = (typeof groupFilters)[number][0];
const listFilters = [...groupFilters, ['rattiIds', items.rattiId, 'int[]']] as const;
/** A column among a list of values (an array parameter, cast as `cast` says). */
const anyOf = (column: SQLWrapper, values: SQLWrapper, cast: string) => sql`${column} = any(${values}::${sql.raw(cast)})`;
const rangeFilters = [
  ['weightMinMg', items.weightMg, gte], ['weightMaxMg', items.weightMg, lte],
  ['priceMinPaise', items.pricePaise, gte], ['priceMaxPaise', items.pricePaise, lte],
] as const;

/** A value of the filter: a named placeholder in a prepared statement, else a bound parameter. */
type ValueOf = (key: string, value: unknown) => SQLWrapper;
const asPlaceholder: ValueOf = (key) => sql.placeholder(key);
const asParam: ValueOf = (_key, value) => sql.param(value);

/** The columns a search word's named values are looked for in. */
const termColumns = [
  ['productIds', items.productId], ['gradeIds', items.gradeId], ['colorIds', items.colorId],
  ['clarityIds', items.clarityId], ['shapeIds', items.shapeId], ['originIds', items.originId],
] as const;

/**
 * A stone matches a search word when it shows a value the word names, or its own words match it.
 * The word's values are named by `value` (placeholders `t<i>:<group>` in a prepared statement).
 */
function termCondition(t: SearchTerm, i: number, value: ValueOf): SQL {
  const named = termColumns.filter(([key]) => t[key].length)
    .map(([key, column]) => sql`${column} = any(${value(`t${i}:${key}`, t[key])}::int[])`);
  if (named.length) return or(...named)!;
  // Gins and certificate numbers are identifiers: a near miss names another stone, so they match by prefix only.
  return sql`${items.search} @@ to_tsquery('simple', ${value(`t${i}:text`, prefixQuery([t.text]))})`;
}

/** What decides a search's statement: which groups each word names, or that it is looked up as text. */
function termsShape(terms: SearchTerm[]): string {
  return terms.map((t) => termColumns.filter(([key]) => t[key].length).map(([key]) => key).join('+') || 'text').join(',');
}

/** A search's words as the placeholders termCondition names. */
function termValues(terms: SearchTerm[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  terms.forEach((t, i) => {
    values[`t${i}:text`] = prefixQuery([t.text]);
    for (const [key] of termColumns) values[`t${i}:${key}`] = t[key];
  });
  return values;
}

/** The conditions of a filter, leaving out the groups in `except` (the counts beside a group's values ignore its own choice). */
function filterConditions(storeId: SQLWrapper, f: StoneFilter, value: ValueOf, except?: GroupKey): SQL[] {
  return [
    eq(items.storeId, storeId),
    ...(f.productId !== undefined ? [eq(items.productId, value('productId', f.productId))] : []),
    isAvailable,
    ...listFilters.filter(([k]) => f[k] !== undefined && k !== except)
      .map(([k, column, type]) => anyOf(column, value(k, f[k]), type)),
    ...rangeFilters.filter(([k]) => f[k] !== undefined).map(([k, column, op]) => op(column, value(k, f[k]))),
    ...(f.terms ?? []).map((t, i) => termCondition(t, i, value)),
  ];
}

/** The counts of each value of each group, ignoring that group's own choice, and the total. */
export interface StoneCounts {
  total: number;
  byGroup: Record<GroupKey, Map<number | string, number>>;
}

/**
 * The stone reads of one database, each built once per query shape and run as a named prepared
 * statement: building the SQL text for every request cost more CPU than PostgreSQL spent answering.
 * The catalog service owns one instance, so the statements live as long as the app.
 */
/** How many stone read statements one database's reads keep prepared (each shape of filter and search is one). */
const MAX_PREPARED_READS = 500;

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
      this.db.select(detailSelection).from(items).where(and(
        eq(items.storeId, sql.placeholder('storeId')),
        // A stone the shop withdrew (draft, hidden) has no page; reserved and sold ones keep theirs.
        onStorefront,
        byId ? or(eq(items.id, sql.placeholder('id')), eq(items.url, sql.placeholder('url'))) : eq(items.url, sql.placeholder('url')),
      )).orderBy(desc(items.id)).limit(1).prepare(name));
    const [row] = await query.execute({ storeId, url: ref, ...(byId ? { id: Number(ref) } : {}) });
    return row ?? null;
  }

  /**
   * The ids of one page of available stones, over the covering listing index (an index-only scan,
   * migration 0001). The order ends on the unique id, so pages never repeat or skip a stone. A
   * search is prepared per shape (which groups each word names, termsShape): the words themselves
   * are parameters, so a shopper typing reuses the statement and PostgreSQL plans it once.
   */
  async listAvailableIds(storeId: number, f: StoneFilter, offset: number, limit: number): Promise<number[]> {
    const pageSize = Math.trunc(limit);
    const build = (value: ValueOf) => this.db.select({ id: items.id }).from(items)
      .where(and(...filterConditions(value('storeId', storeId), f, value)))
      // The page size is written into the statement (a few fixed sizes): as a parameter, the
      // generic plan expects a tenth of the matches and plans for reading that many.
      .orderBy(...listingOrders[f.sort]).limit(sql.raw(String(pageSize)) as never).offset(value('offset', offset) as never);
    const used = [...listFilters, ...rangeFilters].filter(([key]) => f[key] !== undefined).map(([k]) => k);
    const key = ['ids', pageSize, f.sort, f.productId === undefined ? 'any' : 'product', ...used, f.terms?.length ? termsShape(f.terms) : ''].join(':');
    // Word shapes are many but few are common: past a bound, a rare one is sent unprepared rather than kept.
    const rows = !this.statements.has(key) && this.statements.size >= MAX_PREPARED_READS
      ? await build(asParam)
      : await this.prepared(key, (name) => build(asPlaceholder).prepare(name)).execute({ ...f, ...termValues(f.terms ?? []), storeId, offset });
    return rows.map((r) => r.id);
  }

  /** These stones of the store, in no particular order (the rows a listing page's cache lacks). */
  async findByIds(storeId: number, ids: number[]): Promise<StoneRow[]> {
    const query = this.prepared('by-ids', (name) => this.db.select(stoneSelection(false)).from(items)
      .where(and(eq(items.storeId, sql.placeholder('storeId')), sql`${items.id} = any(${sql.placeholder('ids')}::int[])`)).prepare(name));
    return query.execute({ storeId, ids });
  }

  /**
   * How many available stones a selection leaves, and beside every value of every filter group the
   * count with that value and every other group's choice, in one statement: each grouping set's
   * count ignores its own group's condition (an aggregate FILTER per group).
   */
  async count(storeId: number, f: StoneFilter): Promise<StoneCounts> {
    const base = filterConditions(sql.param(storeId), { ...f, ...Object.fromEntries(groupFilters.map(([k]) => [k, undefined])) }, asParam);
    const groupCondition = (k: GroupKey, column: SQLWrapper, type: string) => (f[k] === undefined ? sql`true` : anyOf(column, sql.param(f[k]), type));
    const countWithout = (except: GroupKey) =>
      sql<number>`(count(*) filter (where ${and(sql`true`, ...groupFilters.filter(([k]) => k !== except).map(([k, column, type]) => groupCondition(k, column, type)))}))::int`;
    const columns = groupFilters.map(([, column]) => column);
    const rows = await this.db.select({
      gradeId: items.gradeId, colorId: items.colorId, clarityId: items.clarityId, shapeId: items.shapeId,
      originId: items.originId, treatment: items.treatment, productId: items.productId,
      grouping: sql<number>`grouping(${sql.join(columns, sql`, `)})::int`,
      total: sql<number>`(count(*) filter (where ${and(sql`true`, ...groupFilters.map(([k, column, type]) => groupCondition(k, column, type)))}))::int`,
      gradeIds: countWithout('gradeIds'), colorIds: countWithout('colorIds'), clarityIds: countWithout('clarityIds'),
      shapeIds: countWithout('shapeIds'), originIds: countWithout('originIds'), treatments: countWithout('treatments'), productIds: countWithout('productIds'),
    }).from(items).where(and(...base))
      .groupBy(sql`grouping sets (${sql.join(columns.map((c) => sql`(${c})`), sql`, `)}, ())`);
    const byGroup = Object.fromEntries(groupFilters.map(([k]) => [k, new Map<number | string, number>()])) as StoneCounts['byGroup'];
    let total = 0;
    const rowKeys = {
      gradeIds: 'gradeId', colorIds: 'colorId', clarityIds: 'clarityId', shapeIds: 'shapeId', originIds: 'originId', treatments: 'treatment', productIds: 'productId',
    } as const;
    for (const r of rows) {
      if (r.grouping === 2 ** columns.length - 1) { total = r.total; continue; }
      const group = groupFilters.find(([k]) => r[rowKeys[k]] !== null)?.[0];
      if (group) byGroup[group].set(r[rowKeys[group]]!, r[group]);
    }
    return { total, byGroup };
  }
}

/**
 * What each search word names among the store's gem types (name or alias), colours, origins,
 * shapes, clarities and grades, in one statement over those small lists. Typos are forgiven by
 * trigram word similarity (pg_trgm); of a word's matches only those about as close as its best are
 * kept, so "pear" names the shape Pear and not also the gem Pearl.
 */
export async function matchVocabulary(db: Executor, storeId: number, words: string[]) {
  const lists = [
    ['product', products, products.name, products.alias], ['grade', grades, grades.value, grades.alias],
    ['color', colors, colors.value, colors.alias], ['clarity', clarities, clarities.value, clarities.alias],
    ['shape', shapes, shapes.value, shapes.alias], ['origin', origins, origins.value, origins.alias],
  ] as const;
  const similarity = (name: SQLWrapper, alias: SQLWrapper) =>
    sql`greatest(word_similarity(w.word, lower(${name})), word_similarity(w.word, lower(${alias})))`;
  const parts = lists.map(([kind, table, name, alias]) => sql`select w.n, ${kind}::text as kind, ${table.id} as id, ${similarity(name, alias)} as score
    from words w join ${table} on ${table.storeId} = ${storeId} and ${similarity(name, alias)} >= ${VOCABULARY_MATCH}`);
  const result = await db.execute<{ n: number; kind: (typeof lists)[number][0]; id: number; score: number }>(sql`
    with words (word, n) as (select * from unnest(${sql.param(words)}::text[]) with ordinality),
    matches as (${sql.join(parts, sql` union all `)})
    select n::int as n, kind, id, score from matches m
    where score >= (select max(score) from matches b where b.n = m.n) - ${VOCABULARY_CLOSE}`);
  return rowsOf<{ n: number; kind: (typeof lists)[number][0]; id: number; score: number }>(result);
}
/** Trigram word similarity from which a word names a value ("nelam" is 0.63 of "neelam"). */
const VOCABULARY_MATCH = 0.5;
/** How much less than a word's best match another may score and still count. */
const VOCABULARY_CLOSE = 0.1;

// ---------- Stone status (orders reserve and sell stones through the catalog service) ----------

/**
 * The one atomic step that reserves an order's stones (a stone sells once): a single UPDATE
 * that only takes stones still available. Concurrent orders for one stone serialise on its row
 * lock; the loser re-reads the row as reserved and gets nothing back.
 */
export async function reserveAvailableItems(db: Executor, storeId: number, itemIds: number[]) {
  return db.update(items).set({ status: 'reserved' })
    .where(and(eq(items.storeId, storeId), inArray(items.id, itemIds), eq(items.status, 'available')))
    .returning({ id: items.id, name: items.name, pricePaise: items.pricePaise, productId: items.productId });
}

/** The store's stones among these ids that are for sale, with their price and gem type. */
export async function findAvailablePrices(db: Executor, storeId: number, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return db.select({ id: items.id, name: items.name, pricePaise: items.pricePaise, productId: items.productId }).from(items)
    .where(and(eq(items.storeId, storeId), inArray(items.id, itemIds), eq(items.status, 'available')));
}

export async function findItemStates(db: Executor, storeId: number, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return db.select({ id: items.id, name: items.name, status: items.status }).from(items)
    .where(and(eq(items.storeId, storeId), inArray(items.id, itemIds)));
}

/** Locks the stones of an order (payment and retry decide on their current state). */
export async function lockItems(db: Executor, storeId: number, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return db.select({ id: items.id, name: items.name, status: items.status }).from(items)
    .where(and(eq(items.storeId, storeId), inArray(items.id, itemIds))).orderBy(asc(items.id)).for('update');
}

export async function setItemsStatus(db: Executor, storeId: number, itemIds: number[], status: StoneStatus, onlyIf: StoneStatus) {
  if (itemIds.length === 0) return [];
  return db.update(items).set({ status }).where(and(eq(items.storeId, storeId), inArray(items.id, itemIds), eq(items.status, onlyIf)))
    .returning({ id: items.id, storeId: items.storeId });
}

/** The same across shops: the reservation sweep frees the stones of lapsed orders of every shop. */
export async function setItemsStatusInAnyShop(db: Executor, itemIds: number[], status: StoneStatus, onlyIf: StoneStatus) {
  if (itemIds.length === 0) return [];
  return db.update(items).set({ status }).where(and(inArray(items.id, itemIds), eq(items.status, onlyIf))).returning({ id: items.id, storeId: items.storeId });
}


export type StoneStatus = (typeof items.status.enumValues)[number];

/** Stones a search engine should know: those on the storefront and not sold yet (a sold stone keeps its page, but is no longer offered). */
const isListed = sql`${items.status} in ('available', 'reserved')`;

export async function countListedStones(db: Executor, storeId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(items).where(and(eq(items.storeId, storeId), isListed));
  return row?.n ?? 0;
}

/** One slice of the listed stones' addresses, oldest first (a stable order for the sitemap's files). */
export async function listListedStoneUrls(db: Executor, storeId: number, offset: number, limit: number) {
  return db.select({ id: items.id, url: items.url, createdAt: items.createdAt }).from(items)
    .where(and(eq(items.storeId, storeId), isListed)).orderBy(asc(items.id)).limit(limit).offset(offset);
}
