import type {
  AttributeOption, CategoriesResponse, Item, ItemDetail, ListingFilterBody, ListingResponse,
  ProductAttributesResponse, ProductSummary,
} from '@gemstore/contracts';
import { ITEMS_PER_PAGE, MG_PER_CARAT, caratsFromMg } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { RequestContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import * as repo from './catalog.repo.ts';

export function toProductSummary(p: repo.ProductRow): ProductSummary {
  return {
    id: p.id, name: p.name, alias: p.alias, url: { content: p.url }, description: p.description,
    product_category: { id: p.categoryId, name: p.categoryName, url: { content: p.categoryUrl } },
    primary_image: { filename: p.image },
  };
}

/** The SKU shown to customers: the store profile id, then the stone's GIN (spec: the store id is the SKU prefix). */
export function skuOf(storeId: number, gin: string): string {
  return `${storeId}-${gin}`;
}

export function toItem(storeId: number, r: repo.ItemRow): Item {
  return {
    id: r.id, gin: r.gin, sku: skuOf(storeId, r.gin), name: r.name, url: [{ url: r.url }],
    weight: r.weightMg, carat: caratsFromMg(r.weightMg),
    width: r.widthMm, length: r.lengthMm, depth: r.depthMm,
    image: r.image, certificate_image: r.certificateImage,
    certificate: { lab: r.certificateLab, number: r.certificateNumber },
    amounts: { mrpAmount: r.pricePaise / 100 },
    product: { id: r.productId, name: r.productName, alias: r.productAlias, url: r.productUrl, category_url: r.categoryUrl },
    ratti: { id: r.rattiId, rati_standard: r.ratiStandard },
    color: { id: r.colorId, color: r.color },
    clarity: { id: r.clarityId, clarity: r.clarity },
    product_grade: { id: r.gradeId, alias: r.gradeAlias, grade: r.grade },
    origin: { id: r.originId, origin: r.origin },
    shape: { id: r.shapeId, shape: r.shape },
    status: r.status,
  };
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

export async function listItems(db: Database, ctx: RequestContext, body: ListingFilterBody, page: number): Promise<ListingResponse> {
  const { filter, selectedCarat, selectedRatti } = body;
  const weightMode = selectedCarat.status === 1;
  const rows = await repo.listAvailableItems(db, ctx.store.id, {
    productRef: filter.product,
    gradeIds: filter.grades, colorIds: filter.colors, clarityIds: filter.clarities,
    shapeIds: filter.shapes, originIds: filter.origins, rattiIds: filter.ratti,
    rattiRange: weightMode ? undefined : selectedRatti.range,
    weightMg: weightMode ? {
      // Weights are whole milligrams: round the bounds inwards, so 1.001 ct never admits a 200 mg (1.00 ct) stone.
      // The small tolerance absorbs floating point (1.1 * 200 is 220.00000000000003).
      min: selectedCarat.min === undefined ? undefined : Math.ceil(selectedCarat.min * MG_PER_CARAT - 1e-6),
      max: selectedCarat.max === undefined ? undefined : Math.floor(selectedCarat.max * MG_PER_CARAT + 1e-6),
    } : undefined,
    sort: body.sort ?? 'newest',
  }, (page - 1) * ITEMS_PER_PAGE, ITEMS_PER_PAGE);
  // An empty page may mean an unknown product: answer 404 rather than an empty list for it.
  if (rows.length === 0) await requireProduct(db, ctx, filter.product);
  return { data: rows.map((r) => toItem(ctx.store.id, r)), page, per_page: ITEMS_PER_PAGE };
}

export async function getItemDetails(db: Database, ctx: RequestContext, ref: string): Promise<{ item: ItemDetail }> {
  const row = await repo.findItem(db, ctx.store.id, ref);
  if (!row) throw new NotFoundError('This stone does not exist.');
  return { item: { ...toItem(ctx.store.id, row), description: row.description } };
}
