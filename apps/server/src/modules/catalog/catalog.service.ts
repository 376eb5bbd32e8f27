import type {
  AttributeOption, CategoriesResponse, Item, ItemDetailResponse, ListingFilterBody, ListingResponse,
  ProductAttributesResponse, ProductSummary,
} from '@gemstore/contracts';
import { ITEMS_PER_PAGE, MG_PER_CARAT } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { RequestContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { JsonText } from '../../lib/serializer.ts';
import * as repo from './catalog.repo.ts';
import { type CatalogMasters, catalogMasters } from './catalog.masters.ts';
import { type PageStart, pageAnchors } from './catalog.anchors.ts';

export function toProductSummary(p: repo.ProductRow): ProductSummary {
  return {
    id: p.id, name: p.name, alias: p.alias, url: { content: p.url }, description: p.description,
    product_category: { id: p.categoryId, name: p.categoryName, url: { content: p.categoryUrl } },
    primary_image: { filename: p.image },
  };
}

/** The stones of this store with these ids, newest first (cart, orders and returns show them). */
export async function findStonesByIds(db: Database, storeId: number, ids: number[]): Promise<Item[]> {
  return JSON.parse(await repo.findStonesJsonByIds(db, storeId, ids)) as Item[];
}

export async function getCategories(db: Database, ctx: RequestContext, ref: string | null): Promise<CategoriesResponse> {
  const category = await repo.findCategory(db, ctx.store.id, ref);
  if (!category) throw new NotFoundError('This category does not exist.');
  const children = await repo.listChildCategories(db, ctx.store.id, category.id);
  const products = children.length ? await repo.listProducts(db, ctx.store.id, children.map((c) => c.id)) : [];
  return {
    category: { id: category.id, name: category.name, url: category.url },
    categories: children.map((c) => ({
      id: c.id, name: c.name, url: c.url, image: c.image,
      products: products.filter((p) => p.categoryId === c.id).map(toProductSummary),
    })),
  };
}

export async function getProducts(db: Database, ctx: RequestContext) {
  return { products: (await repo.listProducts(db, ctx.store.id)).map(toProductSummary) };
}

async function requireProduct(db: Database, ctx: RequestContext, ref: string | number) {
  const product = await repo.findProduct(db, ctx.store.id, ref);
  if (!product) throw new NotFoundError('This product does not exist.');
  return product;
}

export async function getProductAttributes(db: Database, ctx: RequestContext, ref: string): Promise<ProductAttributesResponse> {
  const product = await requireProduct(db, ctx, ref);
  const [values, { counts, total }, rattis] = await Promise.all([
    repo.listAttributeValues(db, ctx.store.id),
    repo.countStonesByAttribute(db, ctx.store.id, product.id),
    repo.listRattis(db, ctx.store.id),
  ]);
  const options = (kind: repo.AttributeKind): AttributeOption[] =>
    values[kind].map((v) => ({ id: v.id, alias: v.alias, name: v.value, product_stocks_count: counts[kind].get(v.id) ?? 0 }));
  return {
    product: toProductSummary(product),
    grade: options('grade'), colors: options('color'), clarity: options('clarity'),
    shape: options('shape'), origin: options('origin'), rattis, product_stocks_count: total,
  };
}

export async function getRattis(db: Database, ctx: RequestContext) {
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

const sortKeyOf = ({ id, value }: repo.SortKey): repo.SortKey => (value === undefined ? { id } : { id, value });

/**
 * One page of a listing as a JSON array text of stone cards. It reads on from the nearest page start
 * remembered at the catalogue's current version (catalog.anchors.ts), so page 50 costs about what
 * page 1 does; without one, or when the catalogue has moved on since, it counts from the top. Either
 * way it remembers where this page and the next one start: infinite scroll asks for the next one,
 * and a shared link for this one again (docs/decisions/0011-listing-page-anchors.md).
 */
async function readListingPage(db: Database, storeId: number, f: repo.StoneFilter, offset: number, limit: number): Promise<string> {
  const anchors = pageAnchors(db);
  const listing = `${storeId}:${JSON.stringify(f)}`;
  const start = offset > 0 ? anchors.nearest(listing, offset) : undefined;
  let read = await readFrom(db, storeId, f, start, offset, limit);
  // The catalogue has moved on since the start was remembered: count from the top instead.
  if (start && read.version !== start.version) read = await readFrom(db, storeId, f, undefined, offset, limit);
  const { lead, stones, version } = read;
  const page = lead ? stones.slice(1) : stones;
  if (lead && stones.length) anchors.remember(listing, version, offset, sortKeyOf(stones[0]!));
  if (page.length === limit) anchors.remember(listing, version, offset + limit, sortKeyOf(page[limit - 1]!));
  let json = '[';
  for (let i = 0; i < page.length; i++) json += (i ? ',' : '') + page[i]!.json;
  return `${json}]`;
}

/** Reads a page from a start (or the top), with one stone more in front when there is one: the anchor of the page's own start. */
async function readFrom(db: Database, storeId: number, f: repo.StoneFilter, start: PageStart | undefined, offset: number, limit: number) {
  const from = start ? start.offset : 0;
  const lead = offset > from ? 1 : 0;
  const read = await repo.listAvailableStones(db, storeId, f, start ?? null, offset - from - lead, limit + lead);
  return { lead, stones: read.stones, version: read.version };
}

/** One page of stones as JSON text: the stored cards pass through untouched (docs/decisions/0009-stone-cards.md). */
export async function listItems(db: Database, ctx: RequestContext, body: ListingFilterBody, page: number): Promise<JsonText<ListingResponse>> {
  const { filter, selectedCarat, selectedRatti } = body;
  const m = await catalogMasters(db, ctx.store.id);
  const product = productOf(m, filter.product) ?? productOf(await catalogMasters(db, ctx.store.id, true), filter.product);
  if (!product) throw new NotFoundError('This product does not exist.');
  const weightMode = selectedCarat.status === 1;
  // Ratti mode: the buckets inside the slider's range (and, if given, among the chosen ones).
  let rattiIds: number[] | undefined = filter.ratti.length ? filter.ratti : undefined;
  if (!weightMode) {
    const [low, high] = selectedRatti.range;
    const inRange = m.rattis.filter((r) => r.rati_standard >= low && r.rati_standard <= high).map((r) => r.id);
    if (inRange.length < m.rattis.length) rattiIds = rattiIds ? rattiIds.filter((id) => inRange.includes(id)) : inRange;
  }
  const answer = (stones: string) => new JsonText<ListingResponse>(`{"data":${stones},"page":${page},"per_page":${ITEMS_PER_PAGE}}`);
  if (rattiIds?.length === 0) return answer('[]');
  const list = (ids: number[]) => (ids.length ? ids : undefined);
  const stones = await readListingPage(db, ctx.store.id, {
    productId: product.id,
    gradeIds: list(filter.grades), colorIds: list(filter.colors), clarityIds: list(filter.clarities),
    shapeIds: list(filter.shapes), originIds: list(filter.origins), rattiIds,
    ...(weightMode ? caratBoundsInMg(selectedCarat.min, selectedCarat.max) : {}),
    sort: body.sort ?? 'newest',
  }, (page - 1) * ITEMS_PER_PAGE, ITEMS_PER_PAGE);
  return answer(stones);
}

export async function getItemDetails(db: Database, ctx: RequestContext, ref: string): Promise<JsonText<ItemDetailResponse>> {
  const item = await repo.findStoneDetailJson(db, ctx.store.id, ref);
  if (item === null) throw new NotFoundError('This stone does not exist.');
  return new JsonText(`{"item":${item}}`);
}
