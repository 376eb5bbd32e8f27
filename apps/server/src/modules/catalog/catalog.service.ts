import type {
  AttributeOption, CategoriesResponse, Item, ItemDetail, ItemDetailResponse, ListingFilterBody, ListingResponse,
  ProductAttributesResponse, ProductSummary,
} from '@gemstore/contracts';
import { ITEMS_PER_PAGE, MG_PER_CARAT, caratsFromMg, isSafeWebUrl } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { RequestContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import * as repo from './catalog.repo.ts';
import { type CatalogMasters, catalogMasters } from './catalog.masters.ts';

export function toProductSummary(p: repo.ProductRow): ProductSummary {
  return {
    id: p.id, name: p.name, alias: p.alias, url: { content: p.url }, description: p.description,
    product_category: { id: p.categoryId, name: p.categoryName, url: { content: p.categoryUrl } },
    primary_image: { filename: p.image },
  };
}

/**
 * A stone as the API shows it (the contract's Item). The one place that maps stored columns to the
 * contract: a new stone field is added here, in the schema and in the contract (apps/server/README.md).
 */
export function toItem(row: repo.StoneRow): Item {
  return {
    id: row.id,
    gin: row.gin,
    // Spec: the store profile id is the SKU prefix.
    sku: `${row.storeId}-${row.gin}`,
    name: row.name,
    url: [{ url: row.url }],
    weight: row.weightMg,
    carat: caratsFromMg(row.weightMg),
    width: row.widthMm,
    length: row.lengthMm,
    depth: row.depthMm,
    image: row.image,
    certificate_image: row.certificateImage,
    certificate: { lab: row.certificateLab, number: row.certificateNumber },
    // A link the shop prints: anything but a safe web address stays off the page.
    certificate_verification_url: isSafeWebUrl(row.certificateVerificationUrl) ? row.certificateVerificationUrl : null,
    amounts: { mrpAmount: row.pricePaise / 100 },
    product: { id: row.product.id, name: row.product.name, alias: row.product.alias, url: row.product.url, category_url: row.product.categoryUrl },
    ratti: { id: row.ratti.id, rati_standard: row.ratti.ratiStandard },
    color: { id: row.color.id, color: row.color.value },
    clarity: { id: row.clarity.id, clarity: row.clarity.value },
    product_grade: { id: row.grade.id, alias: row.grade.alias, grade: row.grade.value },
    origin: { id: row.origin.id, origin: row.origin.value },
    shape: { id: row.shape.id, shape: row.shape.value },
    status: row.status,
  };
}

function toItemDetail(row: repo.StoneRow): ItemDetail {
  return { ...toItem(row), description: row.description };
}

/** The stones of this store with these ids, newest first (cart, orders and returns show them). */
export async function findStonesByIds(db: Database, storeId: number, ids: number[]): Promise<Item[]> {
  return (await repo.findStonesByIds(db, storeId, ids)).map(toItem);
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

/** One page of a listing (spec: 20 stones a page, `?page=n` from 1). */
export async function listItems(
  db: Database, reads: repo.StoneReads, ctx: RequestContext, body: ListingFilterBody, page: number,
): Promise<ListingResponse> {
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
  const answer = (data: Item[]): ListingResponse => ({ data, page, per_page: ITEMS_PER_PAGE });
  if (rattiIds?.length === 0) return answer([]);
  const list = (ids: number[]) => (ids.length ? ids : undefined);
  const rows = await reads.listAvailable(ctx.store.id, {
    productId: product.id,
    gradeIds: list(filter.grades), colorIds: list(filter.colors), clarityIds: list(filter.clarities),
    shapeIds: list(filter.shapes), originIds: list(filter.origins), rattiIds,
    ...(weightMode ? caratBoundsInMg(selectedCarat.min, selectedCarat.max) : {}),
    sort: body.sort ?? 'newest',
  }, (page - 1) * ITEMS_PER_PAGE, ITEMS_PER_PAGE);
  return answer(rows.map(toItem));
}

export async function getItemDetails(reads: repo.StoneReads, ctx: RequestContext, ref: string): Promise<ItemDetailResponse> {
  const row = await reads.findDetail(ctx.store.id, ref);
  if (!row) throw new NotFoundError('This stone does not exist.');
  return { item: toItemDetail(row) };
}
