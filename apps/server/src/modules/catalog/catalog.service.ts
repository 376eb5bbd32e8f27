import type {
  AttributeOption, CategoriesResponse, Item, ItemDetailResponse, ListingFilterBody, ListingResponse,
  ProductAttributesResponse, RelatedItemsResponse, ProductLink, ProductSummary, StoneCountsResponse, StoneSearchBody,
} from '@gemstore/contracts';
import {
  ITEMS_PER_PAGE, MG_PER_CARAT, RELATED_STONES, SEARCH_SUGGESTED_STONES, STONE_TREATMENTS, TREATMENT_LABELS, caratsFromMg, photoOf, pictureSrc, publicMediaUrl, type Photo,
} from '@gemstore/contracts';
import { type CacheCounter, NO_CACHE_COUNTER } from '../../lib/metrics.ts';
import type { Database } from '@gemstore/db';
import type { Config } from '../../config.ts';
import { executor, type RequestContext, type Scope, type ShopScope } from '../../lib/context.ts';
import type { Executor } from '../../lib/db.ts';
import type { ReadRouting } from '../../lib/read-replica.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { searchWords } from '../../lib/search.ts';
import * as repo from './catalog.repo.ts';
import { shopOfRow } from './catalog.fields.ts';
import { announceChange } from './catalog.admin.repo.ts';
import * as tax from './catalog.tax.repo.ts';
import { availableByProduct } from './catalog.dashboard.repo.ts';

type AttributeValue = { id: number; value: string; alias: string };

/**
 * The store's small lists a stone is described by: products (with their category), ratti buckets
 * and the attribute values, by id. A listing resolves its filter with them, and every stone read
 * takes its names from them (the reads join nothing).
 */
interface CatalogMasters {
  products: Map<number, repo.ProductRow>;
  productsByUrl: Map<string, repo.ProductRow>;
  /** Ratti buckets, ascending. */
  rattis: { id: number; rati_standard: number }[];
  rattiById: Map<number, { id: number; rati_standard: number }>;
  values: Record<repo.AttributeKind, Map<number, AttributeValue>>;
  /**
   * What each search word names among these lists (pg_trgm similarity, catalog.repo.ts), kept as
   * long as the lists are: a word's matches change only when the lists do, and shoppers typing
   * send the same few words again and again.
   */
  wordMatches: Map<string, WordMatch[]>;
  /**
   * Stones as read, by id, kept as long as these lists are: a stone's own columns change only
   * through the back office and imports, which clear the lists (in every process: decision 0022),
   * while orders change only its status, which a listing takes from its page of ids.
   */
  stones: Map<number, repo.StoneRow>;
}

/** Adds to a bounded map, forgetting its oldest entry when full. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}

type WordMatch = { kind: 'product' | repo.AttributeKind; id: number };
/** Search words remembered per store; past this, the oldest is forgotten. */
const REMEMBERED_WORDS = 5000;
/** Stones remembered per store (250 listing pages); past this, the oldest is forgotten. */
const REMEMBERED_STONES = 5000;

async function loadMasters(db: Executor, storeId: number): Promise<CatalogMasters> {
  const [products, rattis, values] = await Promise.all([repo.listProducts(db, storeId), repo.listRattis(db, storeId), repo.listAttributeValues(db, storeId)]);
  const byId = (list: AttributeValue[]) => new Map(list.map((v) => [v.id, v]));
  return {
    products: new Map(products.map((p) => [p.id, p])),
    productsByUrl: new Map(products.map((p) => [p.url, p])),
    rattis,
    rattiById: new Map(rattis.map((r) => [r.id, r])),
    values: { grade: byId(values.grade), color: byId(values.color), clarity: byId(values.clarity), shape: byId(values.shape), origin: byId(values.origin) },
    wordMatches: new Map(),
    stones: new Map(),
  };
}

/** Whether the lists know every name these stones show (a value added since they were loaded is not there yet). */
function knowsAll(m: CatalogMasters, rows: repo.StoneRow[]): boolean {
  return rows.every((r) => m.products.has(r.productId) && m.rattiById.has(r.rattiId) && m.values.color.has(r.colorId)
    && m.values.clarity.has(r.clarityId) && m.values.grade.has(r.gradeId) && m.values.origin.has(r.originId) && m.values.shape.has(r.shapeId));
}

/** 409 for a stone someone else bought or holds. */
export function stoneUnavailable(stone: { name: string; status: string }): ConflictError {
  const why = stone.status === 'sold' ? 'has been sold'
    : stone.status === 'reserved' ? 'is reserved in another order'
      : 'is no longer for sale';
  return new ConflictError(`The stone "${stone.name}" ${why}.`, 'stone_unavailable');
}

/** The files of a stone's photos, in order (a name that is not a photo's is left out), under `mediaBase` (default /media/). */
export function photosOf(names: readonly string[], mediaBase?: string): Photo[] {
  return names.map((n) => photoOf(n, mediaBase)).filter((p): p is Photo => p !== null);
}

/** The status a shopper sees: a stone the shop withdrew (draft or hidden) is just unavailable. */
function shopperStatus(status: repo.StoneStatus): Item['status'] {
  return status === 'draft' || status === 'hidden' ? 'unavailable' : status;
}

export function toProductSummary(p: repo.ProductRow, mediaBase: string): ProductSummary {
  return {
    id: p.id, name: p.name, alias: p.alias, url: { content: p.url }, description: p.description,
    product_category: { id: p.categoryId, name: p.categoryName, url: { content: p.categoryUrl } },
    primary_image: { filename: pictureSrc(p.image, 800, mediaBase) }, picture: photoOf(p.image, mediaBase),
  };
}

/**
 * A stone as the API shows it (the contract's Item): the plain fields of its description
 * (shopOfRow, catalog.fields.ts) and the fixed shape that names its product, ratti bucket and
 * attribute values from the store's lists. A new plain field needs no line here (apps/server/README.md).
 */
function toItem(row: repo.StoneRow, m: CatalogMasters, mediaBase: string): Item {
  const product = m.products.get(row.productId)!;
  const ratti = m.rattiById.get(row.rattiId)!;
  const [color, clarity, grade, origin, shape] = [
    m.values.color.get(row.colorId)!, m.values.clarity.get(row.clarityId)!, m.values.grade.get(row.gradeId)!,
    m.values.origin.get(row.originId)!, m.values.shape.get(row.shapeId)!,
  ];
  return {
    id: row.id,
    ...shopOfRow(row),
    // The SKU as the seller typed it.
    sku: row.gin,
    url: [{ url: row.url }],
    carat: caratsFromMg(row.weightMg),
    image: publicMediaUrl(row.image, mediaBase),
    // An uploaded certificate is shown in its largest copy: it is read, not glanced at.
    certificate_image: pictureSrc(row.certificateImage, 1600, mediaBase),
    certificate: { lab: row.certificateLab, number: row.certificateNumber },
    amounts: { mrpAmount: row.pricePaise / 100 },
    product: { id: product.id, name: product.name, alias: product.alias, url: product.url, category_url: product.categoryUrl },
    ratti: { id: ratti.id, rati_standard: ratti.rati_standard },
    color: { id: color.id, color: color.value },
    clarity: { id: clarity.id, clarity: clarity.value },
    product_grade: { id: grade.id, alias: grade.alias, grade: grade.value },
    origin: { id: origin.id, origin: origin.value },
    shape: { id: shape.id, shape: shape.value },
    status: shopperStatus(row.status),
  };
}


/** The stones of this store with these ids, newest first (cart, orders and returns show them). */

async function getCategories(db: Executor, ctx: RequestContext, ref: string | null, mediaBase: string): Promise<CategoriesResponse> {
  const category = await repo.findCategory(db, ctx.store.id, ref);
  if (!category) throw new NotFoundError('This category does not exist.');
  const children = await repo.listChildCategories(db, ctx.store.id, category.id);
  const products = children.length ? await repo.listProducts(db, ctx.store.id, children.map((c) => c.id)) : [];
  return {
    category: { id: category.id, name: category.name, url: category.url },
    categories: children.map((c) => ({
      id: c.id, name: c.name, url: c.url, image: pictureSrc(c.image, 800, mediaBase), picture: photoOf(c.image, mediaBase),
      products: products.filter((p) => p.categoryId === c.id).map((p) => toProductSummary(p, mediaBase)),
    })),
  };
}


async function requireProduct(db: Executor, ctx: RequestContext, ref: string | number) {
  const product = await repo.findProduct(db, ctx.store.id, ref);
  if (!product) throw new NotFoundError('This product does not exist.');
  return product;
}

async function getProductAttributes(db: Executor, ctx: RequestContext, ref: string, mediaBase: string): Promise<ProductAttributesResponse> {
  const product = await requireProduct(db, ctx, ref);
  const [values, { counts, total }, rattis] = await Promise.all([
    repo.listAttributeValues(db, ctx.store.id),
    repo.countStonesByAttribute(db, ctx.store.id, product.id),
    repo.listRattis(db, ctx.store.id),
  ]);
  const options = (kind: repo.AttributeKind): AttributeOption[] =>
    values[kind].map((v) => ({ id: v.id, alias: v.alias, name: v.value, product_stocks_count: counts[kind].get(v.id) ?? 0 }));
  return {
    product: toProductSummary(product, mediaBase),
    grade: options('grade'), colors: options('color'), clarity: options('clarity'),
    shape: options('shape'), origin: options('origin'), rattis, product_stocks_count: total,
  };
}

async function getRattis(db: Executor, ctx: RequestContext) {
  return { rattis: await repo.listRattis(db, ctx.store.id) };
}

/**
 * Weight-mode bounds in whole milligrams, rounded inwards so 1.001 ct never admits a 200 mg (1.00 ct)
 * stone; the small tolerance absorbs floating point (1.1 * 200 is 220.00000000000003).
 */
function caratBoundsInMg(min: number | undefined, max: number | undefined): { weightMinMg?: number; weightMaxMg?: number } {
  return {
    ...(min === undefined ? {} : { weightMinMg: Math.ceil(min * MG_PER_CARAT - 1e-6) }),
    ...(max === undefined ? {} : { weightMaxMg: Math.floor(max * MG_PER_CARAT + 1e-6) }),
  };
}

/** The product a listing names (id or friendly url), from the store's masters. */
function productOf(m: CatalogMasters, ref: string | number): repo.ProductRow | undefined {
  const text = String(ref);
  return m.productsByUrl.get(text) ?? (/^\d{1,9}$/.test(text) ? m.products.get(Number(text)) : undefined);
}

type Masters = (ctx: RequestContext, fresh?: boolean) => Promise<CatalogMasters>;

/** The product a body names, from the store's lists (loaded afresh when the cached copy lacks it); 404 when there is none. */
async function namedProduct(masters: Masters, ctx: RequestContext, ref: string | number): Promise<repo.ProductRow> {
  const product = productOf(await masters(ctx), ref) ?? productOf(await masters(ctx, true), ref);
  if (!product) throw new NotFoundError('This product does not exist.');
  return product;
}

/**
 * A listing's or search's body as the stone reads take it: every reference resolved to ids. null
 * when the selection can hold no stone (a ratti range between buckets).
 */
function resolveFilter(m: CatalogMasters, body: StoneSearchBody, product: { listing?: number; chosen?: number }, terms: repo.SearchTerm[]): repo.StoneFilter | null {
  const { filter, selectedCarat, selectedRatti, selectedPrice } = body;
  const weightMode = selectedCarat.status === 1;
  // Ratti mode: the buckets inside the slider's range (and, if given, among the chosen ones).
  let rattiIds: number[] | undefined = filter.ratti.length ? filter.ratti : undefined;
  if (!weightMode) {
    const [low, high] = selectedRatti.range;
    const inRange = m.rattis.filter((r) => r.rati_standard >= low && r.rati_standard <= high).map((r) => r.id);
    if (inRange.length < m.rattis.length) rattiIds = rattiIds ? rattiIds.filter((id) => inRange.includes(id)) : inRange;
  }
  if (rattiIds?.length === 0) return null;
  const list = <T>(values: T[]) => (values.length ? values : undefined);
  return {
    ...(product.listing !== undefined ? { productId: product.listing } : {}),
    ...(product.chosen !== undefined ? { productIds: [product.chosen] } : {}),
    gradeIds: list(filter.grades), colorIds: list(filter.colors), clarityIds: list(filter.clarities),
    shapeIds: list(filter.shapes), originIds: list(filter.origins), treatments: list(filter.treatments), rattiIds,
    ...(weightMode ? caratBoundsInMg(selectedCarat.min, selectedCarat.max) : {}),
    ...(selectedPrice.min === undefined ? {} : { priceMinPaise: Math.ceil(selectedPrice.min * 100) }),
    ...(selectedPrice.max === undefined ? {} : { priceMaxPaise: Math.floor(selectedPrice.max * 100) }),
    ...(terms.length ? { terms } : {}),
    sort: body.sort ?? 'newest',
  };
}

/** Each word of a search with the values it names (typos forgiven); words the store's lists have not met yet are matched in one statement (catalog.repo.ts). */
async function searchTerms(db: Executor, masters: Masters, ctx: RequestContext, text: string): Promise<repo.SearchTerm[]> {
  const words = searchWords(text);
  if (!words.length) return [];
  const m = await masters(ctx);
  const unmatched = words.filter((w) => !m.wordMatches.has(w));
  if (unmatched.length) {
    const matches = await repo.matchVocabulary(db, ctx.store.id, unmatched);
    unmatched.forEach((word, i) =>
      remember(m.wordMatches, word, matches.filter((r) => Number(r.n) === i + 1).map((r) => ({ kind: r.kind, id: Number(r.id) })), REMEMBERED_WORDS));
  }
  const keys = { product: 'productIds', grade: 'gradeIds', color: 'colorIds', clarity: 'clarityIds', shape: 'shapeIds', origin: 'originIds' } as const;
  return words.map((word) => {
    const term: repo.SearchTerm = { text: word, productIds: [], gradeIds: [], colorIds: [], clarityIds: [], shapeIds: [], originIds: [] };
    for (const match of m.wordMatches.get(word)!) term[keys[match.kind]].push(match.id);
    return term;
  });
}

type AvailableItems = (ctx: RequestContext, f: repo.StoneFilter, offset: number, limit: number) => Promise<Item[]>;

/** One page of a listing (20 stones a page, `?page=n` from 1). */
async function listItems(masters: Masters, available: AvailableItems, ctx: RequestContext, body: ListingFilterBody, page: number): Promise<ListingResponse> {
  const product = await namedProduct(masters, ctx, body.filter.product);
  const f = resolveFilter(await masters(ctx), body, { listing: product.id }, []);
  return listPage(available, ctx, f, page);
}

async function listPage(available: AvailableItems, ctx: RequestContext, f: repo.StoneFilter | null, page: number): Promise<ListingResponse> {
  const answer = (data: Item[]): ListingResponse => ({ data, page, per_page: ITEMS_PER_PAGE });
  if (!f) return answer([]);
  return answer(await available(ctx, f, (page - 1) * ITEMS_PER_PAGE, ITEMS_PER_PAGE));
}

/** A search body as a filter: its words resolved, its product (if any) a choice the counts can leave out. */
async function searchFilter(db: Executor, masters: Masters, ctx: RequestContext, body: StoneSearchBody): Promise<repo.StoneFilter | null> {
  const terms = body.q === undefined ? [] : await searchTerms(db, masters, ctx, body.q);
  const product = body.filter.product === undefined ? undefined : (await namedProduct(masters, ctx, body.filter.product)).id;
  // A search whose words were all too short matches nothing rather than everything.
  if (body.q !== undefined && terms.length === 0) return null;
  return resolveFilter(await masters(ctx), body, body.q === undefined ? { listing: product } : { chosen: product }, terms);
}

async function stoneCounts(db: Executor, reads: repo.StoneReads, masters: Masters, ctx: RequestContext, body: StoneSearchBody): Promise<StoneCountsResponse> {
  const f = await searchFilter(db, masters, ctx, body);
  const m = await masters(ctx);
  const counts = f ? await reads.count(ctx.store.id, f) : null;
  const options = (kind: repo.AttributeKind, group: keyof repo.StoneCounts['byGroup']): AttributeOption[] =>
    [...m.values[kind].values()].map((v) => ({ id: v.id, alias: v.alias, name: v.value, product_stocks_count: counts?.byGroup[group].get(v.id) ?? 0 }));
  return {
    product_stocks_count: counts?.total ?? 0,
    grade: options('grade', 'gradeIds'), colors: options('color', 'colorIds'), clarity: options('clarity', 'clarityIds'),
    shape: options('shape', 'shapeIds'), origin: options('origin', 'originIds'),
    treatment: STONE_TREATMENTS.map((value) => ({ value, name: TREATMENT_LABELS[value], product_stocks_count: counts?.byGroup.treatments.get(value) ?? 0 })),
    products: [...m.products.values()].map((p) => ({ ...productLink(p), product_stocks_count: counts?.byGroup.productIds.get(p.id) ?? 0 }))
      .filter((p) => p.product_stocks_count > 0),
  };
}

function productLink(p: repo.ProductRow): ProductLink {
  return { id: p.id, name: p.name, alias: p.alias, url: p.url, category_url: p.categoryUrl };
}

export interface CatalogDeps {
  db: Database;
  config: Config;
  /** Told of each look-up in this process's copies (metrics). */
  caches?: CacheCounter;
  /** Where the public reads go: the read replica when the request may read it (lib/read-replica.ts). */
  readRouting: ReadRouting;
}

/**
 * The catalogue: categories, products (gem types), their attribute lists and the stones. Owns the
 * stone's status: orders reserve, sell and free stones through it.
 */
export function createCatalogService({ db, config, caches = NO_CACHE_COUNTER, readRouting }: CatalogDeps) {
  // The store's lists (products, ratti buckets, attribute values) are kept per process for STORE_CACHE_SECONDS (0 = never cached).
  const mastersTtlMs = config.storeCacheSeconds * 1000;
  // Public pictures in answers: /media/… or under the CDN's base (MEDIA_PUBLIC_URL).
  const mediaBase = config.media.publicBase;
  const mastersByStore = new Map<number, { masters: Promise<CatalogMasters>; expires: number }>();
  // Counts each store's changes seen by this process: what was made from the catalogue at an older count is out of date.
  const generations = new Map<number, number>();
  /** Pages made from the store's catalogue before now are out of date. */
  const pagesOutOfDate = (storeId: number) => {
    generations.set(storeId, (generations.get(storeId) ?? 0) + 1);
    // What is read afresh now must not come from a replica that has not replayed the change yet.
    readRouting.fence();
  };
  /** The store's catalogue changed (the back office): its lists are read afresh on the next request. */
  const forget = (storeId: number): void => {
    mastersByStore.delete(storeId);
    pagesOutOfDate(storeId);
  };
  // Prepared stone reads live as long as the service: one set on the primary, one on the read replica.
  const primaryStoneReads = new repo.StoneReads(db);
  const stoneReadsByDatabase = new Map<Executor, repo.StoneReads>([[db, primaryStoneReads]]);

  /**
   * A public read, with the database the request may read (lib/read-replica.ts) and that
   * database's prepared stone reads; inside a transaction, the transaction and the primary's.
   */
  function publicRead<T>(ctx: RequestContext, body: (q: Executor, stones: repo.StoneReads) => Promise<T>): Promise<T> {
    return readRouting.read(ctx, (q) => {
      if (ctx.tx) return body(q, primaryStoneReads);
      let stones = stoneReadsByDatabase.get(q);
      if (!stones) stoneReadsByDatabase.set(q, stones = new repo.StoneReads(q));
      return body(q, stones);
    });
  }

  /** The store's lists, from the cache when fresh; `fresh` when the cached copy lacks something added since it was loaded. */
  function masters(ctx: RequestContext, fresh = false): Promise<CatalogMasters> {
    if (mastersTtlMs === 0 || ctx.tx) return publicRead(ctx, (q) => loadMasters(q, ctx.store.id));
    const hit = mastersByStore.get(ctx.store.id);
    const usable = hit !== undefined && !fresh && hit.expires > Date.now();
    caches.cacheLookup('catalogue_lists', usable);
    if (usable) return hit.masters;
    const loaded = publicRead(ctx, (q) => loadMasters(q, ctx.store.id));
    mastersByStore.set(ctx.store.id, { masters: loaded, expires: Date.now() + mastersTtlMs });
    loaded.catch(() => mastersByStore.delete(ctx.store.id));
    return loaded;
  }

  /** Stones as the API shows them, named from the store's lists (loaded afresh when a name is newer than the cached copy). */
  async function describe(ctx: RequestContext, rows: repo.StoneRow[]): Promise<Item[]> {
    let m = await masters(ctx);
    if (!knowsAll(m, rows)) m = await masters(ctx, true);
    return rows.map((row) => toItem(row, m, mediaBase));
  }

  /**
   * One page of available stones as the API shows them: the page's ids from the database, each
   * stone's row from the store's remembered stones, read only when missing. The status is the
   * page's: every stone on it was available when the ids were read.
   */
  async function availableItems(ctx: RequestContext, f: repo.StoneFilter, offset: number, limit: number): Promise<Item[]> {
    const ids = await publicRead(ctx, (_q, reads) => reads.listAvailableIds(ctx.store.id, f, offset, limit));
    if (!ids.length) return [];
    const { stones } = await masters(ctx);
    const missing = ids.filter((id) => !stones.has(id));
    if (missing.length) {
      for (const row of await publicRead(ctx, (_q, reads) => reads.findByIds(ctx.store.id, missing))) remember(stones, row.id, row, REMEMBERED_STONES);
    }
    const rows = ids.flatMap((id) => {
      const row = stones.get(id);
      return !row ? [] : row.status === 'available' ? [row] : [{ ...row, status: 'available' as const }];
    });
    return describe(ctx, rows);
  }

  return {
    categories: (ctx: RequestContext, ref: string | null) => publicRead(ctx, (q) => getCategories(q, ctx, ref, mediaBase)),
    /** Every product of the store, from its lists (cached; a change clears them). */
    async products(ctx: RequestContext) {
      return { products: [...(await masters(ctx)).products.values()].map((p) => toProductSummary(p, mediaBase)) };
    },
    productAttributes: (ctx: RequestContext, ref: string) => publicRead(ctx, (q) => getProductAttributes(q, ctx, ref, mediaBase)),
    /** Each product's listing (category and product urls), for the sitemap. */
    listings: (ctx: RequestContext) => publicRead(ctx, (q) => repo.listProducts(q, ctx.store.id)),
    /** How many stones the sitemap lists (all not sold), and one slice of them in a stable order. */
    countListedStones: (ctx: RequestContext) => publicRead(ctx, (q) => repo.countListedStones(q, ctx.store.id)),
    listedStoneUrls: (ctx: RequestContext, offset: number, limit: number) => publicRead(ctx, (q) => repo.listListedStoneUrls(q, ctx.store.id, offset, limit)),
    rattis: (ctx: RequestContext) => publicRead(ctx, (q) => getRattis(q, ctx)),
    listItems: (ctx: RequestContext, body: ListingFilterBody, page: number) => listItems(masters, availableItems, ctx, body, page),
    stoneCounts: (ctx: RequestContext, body: StoneSearchBody) => publicRead(ctx, (q, reads) => stoneCounts(q, reads, masters, ctx, body)),
    /** One page of the stones a search (and its filter) finds. */
    async search(ctx: RequestContext, body: StoneSearchBody, page: number): Promise<ListingResponse> {
      return listPage(availableItems, ctx, await publicRead(ctx, (q) => searchFilter(q, masters, ctx, body)), page);
    },
    /** For the search box: the gem types the words name and the newest few stones they find. */
    async suggest(ctx: RequestContext, text: string): Promise<{ products: ProductLink[]; items: Item[] }> {
      const terms = await publicRead(ctx, (q) => searchTerms(q, masters, ctx, text));
      if (!terms.length) return { products: [], items: [] };
      const m = await masters(ctx);
      // The gem types every word that names one agrees on ("blue saphire": Blue Sapphire, not Yellow).
      const naming = terms.filter((t) => t.productIds.length);
      const named = new Set(naming.length ? naming.map((t) => t.productIds).reduce((a, b) => a.filter((id) => b.includes(id))) : []);
      const items = await availableItems(ctx, { terms, sort: 'newest' }, 0, SEARCH_SUGGESTED_STONES);
      return { products: [...m.products.values()].filter((p) => named.has(p.id)).map(productLink), items };
    },

    forget,

    /** What a process heard on CATALOG_CHANGED: a status move makes pages out of date and keeps the lists; any other change forgets them. */
    heard(payload: string): void {
      const [storeId, only] = payload.split(':');
      if (only === 'status') pagesOutOfDate(Number(storeId));
      else forget(Number(storeId));
    },

    /** How many changes of the store's catalogue (stones' status and prices included) this process has seen. */
    generation: (storeId: number): number => generations.get(storeId) ?? 0,

    async itemDetails(ctx: RequestContext, ref: string): Promise<ItemDetailResponse> {
      const row = await publicRead(ctx, (_q, reads) => reads.findDetail(ctx.store.id, ref));
      if (!row) throw new NotFoundError('This stone does not exist.');
      const [item] = await describe(ctx, [row]);
      return { item: { ...item!, description: row.description, photos: photosOf(row.photos, mediaBase) } };
    },

    /** Similar stones for a stone's page: the same gem, nearest in weight and price. */
    async relatedItems(ctx: RequestContext, ref: string): Promise<RelatedItemsResponse> {
      const related = await publicRead(ctx, async (q, reads) => {
        const stone = await reads.findDetail(ctx.store.id, ref);
        return stone ? repo.findRelatedStones(q, stone, RELATED_STONES) : null;
      });
      if (!related) throw new NotFoundError('This stone does not exist.');
      return { items: await describe(ctx, related) };
    },

    /** The stones of this store with these ids, newest first (cart, orders and returns show them). */
    async stonesByIds(ctx: RequestContext, itemIds: number[]): Promise<Item[]> {
      return describe(ctx, await repo.findStonesByIds(executor(db, ctx), ctx.store.id, itemIds));
    },

    /**
     * Reserves every one of these stones for an order, or none (a stone sells once): one UPDATE
     * that takes only stones still available, so concurrent orders for a stone serialise on its row
     * lock and the loser gets nothing. Run it inside the order's transaction: the 409 naming a lost
     * stone rolls back the ones this call took. Answers each stone's name and price.
     */
    /** Of these stones, the store's that are for sale, with their price and gem type (the checkout's quote). */
    availablePrices: (ctx: RequestContext, itemIds: number[]) => repo.findAvailablePrices(executor(db, ctx), ctx.store.id, itemIds),

    async reserve(ctx: RequestContext, itemIds: number[]) {
      const q = executor(db, ctx);
      const reserved = await repo.reserveAvailableItems(q, ctx.store.id, itemIds);
      if (reserved.length < itemIds.length) {
        const missing = itemIds.filter((id) => !reserved.some((r) => r.id === id));
        const lost = (await repo.findItemStates(q, ctx.store.id, missing))[0];
        if (!lost) throw ValidationError.field('itemIds', 'A chosen stone does not exist.');
        throw stoneUnavailable(lost);
      }
      // Pages that show these stones as for sale are out of date once the order commits, in every process.
      await announceChange(q, ctx.store.id, 'status');
      return reserved;
    },

    /** Locks these stones for the caller's transaction and answers their status (payment decides on it). */
    lockStones: (scope: ShopScope, itemIds: number[]) => repo.lockItems(executor(db, scope), scope.store.id, itemIds),

    /** Moves the shop's stones that are `from` to `to` (and says so to every process when the caller commits); answers the ones it moved. */
    async moveStones(scope: ShopScope, itemIds: number[], from: repo.StoneStatus, to: repo.StoneStatus) {
      const q = executor(db, scope);
      const moved = await repo.setItemsStatus(q, scope.store.id, itemIds, to, from);
      if (moved.length) await announceChange(q, scope.store.id, 'status');
      return moved;
    },

    /** moveStones for stones of any shop (the reservation sweep's, each named by a lapsed order of its shop). */
    async moveStonesInAnyShop(scope: Scope, itemIds: number[], from: repo.StoneStatus, to: repo.StoneStatus) {
      const q = executor(db, scope);
      const moved = await repo.setItemsStatusInAnyShop(q, itemIds, to, from);
      for (const storeId of new Set(moved.map((m) => m.storeId))) await announceChange(q, storeId, 'status');
      return moved;
    },

    /** Name and status of these stones of the store. */
    stoneStates: (ctx: RequestContext, itemIds: number[]) => repo.findItemStates(executor(db, ctx), ctx.store.id, itemIds),

    /** The dashboard: available stones of each gem type. */
    availableByProduct: (ctx: RequestContext) => availableByProduct(executor(db, ctx), ctx.store.id),

    // Tax: each gem type's HSN code and GST rate (invoices; set under Tax settings).
    /** SKU, gem type and its HSN code and rate of these stones of a store, for an invoice. */
    stoneTaxes: (scope: Scope, storeId: number, itemIds: number[]) => tax.findStoneTaxes(executor(db, scope), storeId, itemIds),
    productTaxes: (ctx: RequestContext) => tax.listProductTaxes(executor(db, ctx), ctx.store.id),
    /** Sets a gem type's HSN code and rate, in the caller's transaction (the products are the store's: the caller checked). */
    setProductTax: (ctx: RequestContext, productId: number, hsnCode: string, gstRateBp: number) =>
      tax.updateProductTax(executor(db, ctx), ctx.store.id, productId, hsnCode, gstRateBp),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
