import type {
  AdminBulkStonesBody, AdminCatalogResponse, AdminCategory, AdminCategoryBody, AdminProduct, AdminProductBody, AdminStone,
  AdminStoneBody, AdminStonesQuery, AdminStonesResponse, AdminAttributeValue, AdminAttributeValueBody, AttributeKind,
} from '@gemstore/contracts';
import { ADMIN_STONES_PER_PAGE, ATTRIBUTE_KINDS, caratsFromMg } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { type RequestContext, within } from '../../lib/context.ts';
import type { AuditRecord, AuditService } from '../audit/audit.service.ts';
import type { MediaService } from '../media/media.service.ts';
import { changedFields } from '../audit/audit.service.ts';
import { type Executor, uniqueViolation } from '../../lib/db.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import * as repo from './catalog.admin.repo.ts';
import type { StoneStatus } from './catalog.repo.ts';
import { photosOf } from './catalog.service.ts';

/** Statuses staff may move a stone out of; reserved and sold belong to its order. */
const STAFF_HELD: StoneStatus[] = ['draft', 'available', 'hidden'];

export interface CatalogAdminDeps {
  db: Database;
  audit: AuditService;
  media: MediaService;
  /** Told after every change, so the storefront's cached lists of the store are read afresh. */
  changed: (storeId: number) => void;
}

/** The store's ratti figure of a weight (DOMAIN.md: the store's ratti in mg), to two places. */
function rattiOf(weightMg: number, rattiMg: number): number {
  return Math.round((weightMg / rattiMg) * 100) / 100;
}

/** A friendly url made of words: "Blue Sapphire 3.09 Ratti BS-1" -> "blue-sapphire-3-09-ratti-bs-1". */
function friendlyUrl(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 160);
}

function toAdminStone(row: repo.AdminStoneRow, rattiMg: number): AdminStone {
  return {
    id: row.id, sku: row.gin, product_id: row.productId, name: row.name, url: row.url,
    weight_mg: row.weightMg, carat: caratsFromMg(row.weightMg), ratti: rattiOf(row.weightMg, rattiMg), ratti_id: row.rattiId,
    width_mm: row.widthMm, length_mm: row.lengthMm, depth_mm: row.depthMm,
    grade_id: row.gradeId, color_id: row.colorId, clarity_id: row.clarityId, shape_id: row.shapeId, origin_id: row.originId,
    certificate_lab: row.certificateLab, certificate_number: row.certificateNumber,
    certificate_verification_url: row.certificateVerificationUrl, certificate_image: row.certificateImage,
    price: row.pricePaise / 100, description: row.description, image: row.image, photos: photosOf(row.photos), status: row.status,
  };
}

/** Every field of a removed object, as changed to nothing (the audit log keeps what was there). */
function removed(values: object) {
  return changedFields(values as Record<string, unknown>, Object.fromEntries(Object.keys(values).map((k) => [k, null])));
}

/** A friendly url or SKU already taken in this store: the form's field says so. */
function duplicateFieldError(err: unknown, fields: Record<string, [string, string]>): never {
  const index = uniqueViolation(err);
  const hit = index === undefined ? undefined : fields[index];
  if (hit) throw ValidationError.field(hit[0], hit[1]);
  throw err;
}

/**
 * The back office's catalogue: categories, products, attribute lists and stones. Every call is a
 * staff call of one store (ctx.store); ids of another store's rows are treated as absent (404), so
 * guessing ids learns nothing. Reserved and sold are orders' statuses: staff never set or clear them.
 */
export function createCatalogAdminService({ db, audit, media, changed }: CatalogAdminDeps) {
  type Recorder = (entry: AuditRecord) => Promise<void>;
  /**
   * Runs one write and its audit entries in one transaction, then tells the storefront's caches:
   * a change is recorded exactly when it is made.
   */
  async function write<T>(ctx: RequestContext, work: (tx: Executor, record: Recorder) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const done = await work(tx, (entry) => audit.record(within(ctx, tx), entry));
      // Other replicas drop their copy of the store's lists when this commits (app.ts listens).
      await repo.announceChange(tx, ctx.store.id);
      return done;
    });
    changed(ctx.store.id);
    return result;
  }

  async function categories(q: Executor, storeId: number): Promise<AdminCategory[]> {
    return (await repo.listCategories(q, storeId)).map((c) => ({
      id: c.id, parent_id: c.parentId, name: c.name, url: c.url, image: c.image, sort_order: c.sortOrder, products: c.products,
    }));
  }
  async function productList(q: Executor, storeId: number): Promise<AdminProduct[]> {
    return (await repo.listProducts(q, storeId)).map((p) => ({
      id: p.id, category_id: p.categoryId, name: p.name, alias: p.alias, url: p.url, description: p.description,
      image: p.image, sort_order: p.sortOrder, stones: p.stones,
    }));
  }
  async function attributeValues(q: Executor, storeId: number, kind: AttributeKind): Promise<AdminAttributeValue[]> {
    return (await repo.listAttributeValuesWithCounts(q, storeId, kind)).map((v) => ({
      id: v.id, value: v.value, alias: v.alias, sort_order: v.sortOrder, stones: v.stones,
    }));
  }

  /** The parent chosen for a category must be the store's, and not the category itself or below it. */
  async function checkParent(q: Executor, storeId: number, id: number | null, parentId: number | null) {
    if (parentId === null) return;
    const all = await repo.listCategories(q, storeId);
    const parentOf = new Map(all.map((c) => [c.id, c.parentId]));
    if (!parentOf.has(parentId)) throw ValidationError.field('parent_id', 'Choose a category of this store.');
    for (let at: number | null | undefined = parentId; at != null; at = parentOf.get(at)) {
      if (at === id) throw ValidationError.field('parent_id', 'A category cannot sit inside itself or one of its own categories.');
    }
  }

  const categoryValues = (b: AdminCategoryBody): repo.CategoryValues => ({ parentId: b.parent_id, name: b.name, url: b.url, image: b.image, sortOrder: b.sort_order });
  const categoryUrlTaken = { product_categories_store_url: ['url', 'Another category already uses this friendly url.'] } as Record<string, [string, string]>;
  const productValues = (b: AdminProductBody): repo.ProductValues => ({
    categoryId: b.category_id, name: b.name, alias: b.alias, url: b.url, description: b.description, image: b.image, sortOrder: b.sort_order,
  });
  const productUrlTaken = { products_store_url: ['url', 'Another product already uses this friendly url.'] } as Record<string, [string, string]>;
  const stoneTaken = {
    items_store_gin: ['sku', 'Another stone already has this SKU.'],
    items_store_url: ['url', 'Another stone already uses this friendly url.'],
  } as Record<string, [string, string]>;

  async function findCategory(q: Executor, ctx: RequestContext, id: number): Promise<AdminCategory> {
    const found = (await categories(q, ctx.store.id)).find((c) => c.id === id);
    if (!found) throw new NotFoundError('This category does not exist.');
    return found;
  }
  async function findProduct(q: Executor, ctx: RequestContext, id: number): Promise<AdminProduct> {
    const found = (await productList(q, ctx.store.id)).find((p) => p.id === id);
    if (!found) throw new NotFoundError('This product does not exist.');
    return found;
  }

  /**
   * A stone's stored values from the form: every list value must be this store's, the ratti bucket
   * follows the weight, and the name and friendly url are made when left empty.
   */
  async function stoneValues(q: Executor, ctx: RequestContext, b: AdminStoneBody, status: StoneStatus): Promise<repo.StoneValues> {
    const storeId = ctx.store.id;
    const product = (await repo.listProducts(q, storeId)).find((p) => p.id === b.product_id);
    const errors: Record<string, string[]> = {};
    if (!product) errors.product_id = ['Choose a product of this store.'];
    const chosen: Record<AttributeKind, number> = { grade: b.grade_id, color: b.color_id, clarity: b.clarity_id, shape: b.shape_id, origin: b.origin_id };
    for (const kind of ATTRIBUTE_KINDS) {
      const own = await repo.ownAttributeValueIds(q, storeId, kind, [chosen[kind]]);
      if (!own.has(chosen[kind])) errors[`${kind}_id`] = [`Choose a ${kind} from this store's list.`];
    }
    const missing = (await Promise.all(b.photos.map(async (name) => ((await media.has(ctx, name)) ? null : name)))).filter(Boolean);
    if (missing.length) errors.photos = [`${missing.length === 1 ? 'A photo was' : `${missing.length} photos were`} not uploaded to this store: upload again.`];
    const buckets = await repo.listRattiBuckets(q, storeId);
    if (buckets.length === 0) errors.weight_mg = ['This store has no ratti buckets to file the stone under.'];
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const ratti = rattiOf(b.weight_mg, ctx.store.rattiMg);
    // The bucket is the largest standard not above the stone's ratti ("5.25+"); a smaller stone goes in the first.
    const bucket = [...buckets].reverse().find((r) => r.rati_standard <= ratti) ?? buckets[0]!;
    const name = b.name || `${product!.name} ${ratti.toFixed(2)} Ratti`;
    return {
      gin: b.sku, productId: b.product_id, name, url: b.url || friendlyUrl(`${name} ${b.sku}`),
      weightMg: b.weight_mg, widthMm: b.width_mm, lengthMm: b.length_mm, depthMm: b.depth_mm, rattiId: bucket.id,
      gradeId: b.grade_id, colorId: b.color_id, clarityId: b.clarity_id, shapeId: b.shape_id, originId: b.origin_id,
      certificateLab: b.certificate_lab, certificateNumber: b.certificate_number,
      certificateVerificationUrl: b.certificate_verification_url || null, certificateImage: b.certificate_image,
      pricePaise: Math.round(b.price * 100), description: b.description, status,
      // The first photo is the stone's picture in lists, carts and orders.
      photos: b.photos, image: b.photos.length ? photosOf(b.photos)[0]!.src : b.image,
    };
  }

  async function stone(q: Executor, ctx: RequestContext, id: number): Promise<AdminStone> {
    const row = await repo.findAdminStone(q, ctx.store.id, id);
    if (!row) throw new NotFoundError('This stone does not exist.');
    return toAdminStone(row, ctx.store.rattiMg);
  }

  return {
    async catalog(ctx: RequestContext): Promise<AdminCatalogResponse> {
      const storeId = ctx.store.id;
      const [cats, prods, rattis, ...lists] = await Promise.all([
        categories(db, storeId), productList(db, storeId), repo.listRattiBuckets(db, storeId),
        ...ATTRIBUTE_KINDS.map((kind) => attributeValues(db, storeId, kind)),
      ]);
      const attributes = Object.fromEntries(ATTRIBUTE_KINDS.map((kind, i) => [kind, lists[i]!])) as AdminCatalogResponse['attributes'];
      return { categories: cats, products: prods, attributes, rattis, ratti_mg: ctx.store.rattiMg };
    },

    createCategory: (ctx: RequestContext, b: AdminCategoryBody) => write(ctx, async (tx, record) => {
      await checkParent(tx, ctx.store.id, null, b.parent_id);
      const id = await repo.insertCategory(tx, ctx.store.id, categoryValues(b)).catch((e) => duplicateFieldError(e, categoryUrlTaken));
      await record({ action: 'category.create', objectType: 'category', objectId: id, changes: changedFields(null, categoryValues(b)) });
      return { category: await findCategory(tx, ctx, id) };
    }),
    updateCategory: (ctx: RequestContext, id: number, b: AdminCategoryBody) => write(ctx, async (tx, record) => {
      const before = await findCategory(tx, ctx, id);
      await checkParent(tx, ctx.store.id, id, b.parent_id);
      await repo.updateCategory(tx, ctx.store.id, id, categoryValues(b)).catch((e) => duplicateFieldError(e, categoryUrlTaken));
      await record({ action: 'category.update', objectType: 'category', objectId: id, changes: changedFields(categoryValues(before), categoryValues(b)) });
      return { category: await findCategory(tx, ctx, id) };
    }),
    /** Only an empty category goes: removing one with products would take their stones with it. */
    deleteCategory: (ctx: RequestContext, id: number) => write(ctx, async (tx, record) => {
      const before = await findCategory(tx, ctx, id);
      const inside = await repo.categoryContents(tx, ctx.store.id, id);
      if (inside.children || inside.products) {
        throw new ConflictError(`This category still holds ${inside.children} categories and ${inside.products} products: move or remove them first.`, 'category_not_empty');
      }
      await repo.deleteCategory(tx, ctx.store.id, id);
      await record({ action: 'category.delete', objectType: 'category', objectId: id, changes: removed(categoryValues(before)) });
      return { deleted: true as const };
    }),

    createProduct: (ctx: RequestContext, b: AdminProductBody) => write(ctx, async (tx, record) => {
      if (!(await repo.categoryExists(tx, ctx.store.id, b.category_id))) throw ValidationError.field('category_id', 'Choose a category of this store.');
      const id = await repo.insertProduct(tx, ctx.store.id, productValues(b)).catch((e) => duplicateFieldError(e, productUrlTaken));
      await record({ action: 'product.create', objectType: 'product', objectId: id, changes: changedFields(null, productValues(b)) });
      return { product: await findProduct(tx, ctx, id) };
    }),
    updateProduct: (ctx: RequestContext, id: number, b: AdminProductBody) => write(ctx, async (tx, record) => {
      const before = await findProduct(tx, ctx, id);
      if (!(await repo.categoryExists(tx, ctx.store.id, b.category_id))) throw ValidationError.field('category_id', 'Choose a category of this store.');
      await repo.updateProduct(tx, ctx.store.id, id, productValues(b)).catch((e) => duplicateFieldError(e, productUrlTaken));
      await record({ action: 'product.update', objectType: 'product', objectId: id, changes: changedFields(productValues(before), productValues(b)) });
      return { product: await findProduct(tx, ctx, id) };
    }),
    /** Only a product without stones goes (its stones, sold ones included, are the shop's records). */
    deleteProduct: (ctx: RequestContext, id: number) => write(ctx, async (tx, record) => {
      const product = await findProduct(tx, ctx, id);
      if (product.stones) throw new ConflictError(`${product.stones} stones are of this product: it cannot be removed.`, 'product_has_stones');
      await repo.deleteProduct(tx, ctx.store.id, id);
      await record({ action: 'product.delete', objectType: 'product', objectId: id, changes: removed(productValues(product)) });
      return { deleted: true as const };
    }),

    createAttributeValue: (ctx: RequestContext, kind: AttributeKind, b: AdminAttributeValueBody) => write(ctx, async (tx, record) => {
      const values = { value: b.value, alias: b.alias || b.value, sortOrder: b.sort_order };
      const id = await repo.insertAttributeValue(tx, ctx.store.id, kind, values);
      await record({ action: `${kind}.create`, objectType: kind, objectId: id, changes: changedFields(null, values) });
      return { value: (await attributeValues(tx, ctx.store.id, kind)).find((v) => v.id === id)! };
    }),
    updateAttributeValue: (ctx: RequestContext, kind: AttributeKind, id: number, b: AdminAttributeValueBody) => write(ctx, async (tx, record) => {
      const before = (await attributeValues(tx, ctx.store.id, kind)).find((v) => v.id === id);
      if (!before) throw new NotFoundError('This value does not exist.');
      const values = { value: b.value, alias: b.alias || b.value, sortOrder: b.sort_order };
      await repo.updateAttributeValue(tx, ctx.store.id, kind, id, values);
      await record({ action: `${kind}.update`, objectType: kind, objectId: id, changes: changedFields({ value: before.value, alias: before.alias, sortOrder: before.sort_order }, values) });
      return { value: (await attributeValues(tx, ctx.store.id, kind)).find((v) => v.id === id)! };
    }),
    deleteAttributeValue: (ctx: RequestContext, kind: AttributeKind, id: number) => write(ctx, async (tx, record) => {
      const used = await repo.stonesUsingValue(tx, ctx.store.id, kind, id);
      if (used) throw new ConflictError(`${used} stones use this ${kind}: change them first.`, 'value_in_use');
      const before = (await attributeValues(tx, ctx.store.id, kind)).find((v) => v.id === id);
      if (!before || !(await repo.deleteAttributeValue(tx, ctx.store.id, kind, id))) throw new NotFoundError('This value does not exist.');
      await record({ action: `${kind}.delete`, objectType: kind, objectId: id, changes: removed({ value: before.value, alias: before.alias, sortOrder: before.sort_order }) });
      return { deleted: true as const };
    }),

    async stones(ctx: RequestContext, query: AdminStonesQuery): Promise<AdminStonesResponse> {
      const { rows, total } = await repo.listAdminStones(db, ctx.store.id, {
        productId: query.product, status: query.status, q: query.q || undefined,
        gradeIds: query.grades, colorIds: query.colors, clarityIds: query.clarities, shapeIds: query.shapes, originIds: query.origins,
        weightMinMg: query.weight_min_mg, weightMaxMg: query.weight_max_mg, sort: query.sort,
      }, (query.page - 1) * ADMIN_STONES_PER_PAGE, ADMIN_STONES_PER_PAGE);
      return { data: rows.map((r) => toAdminStone(r, ctx.store.rattiMg)), total, page: query.page, per_page: ADMIN_STONES_PER_PAGE };
    },

    stone: async (ctx: RequestContext, id: number) => ({ stone: await stone(db, ctx, id) }),

    createStone: (ctx: RequestContext, b: AdminStoneBody) => write(ctx, async (tx, record) => {
      const values = await stoneValues(tx, ctx, b, b.status ?? 'draft');
      const id = await repo.insertStone(tx, ctx.store.id, values).catch((e) => duplicateFieldError(e, stoneTaken));
      await record({ action: 'stone.create', objectType: 'stone', objectId: id, changes: changedFields(null, values) });
      return { stone: await stone(tx, ctx, id) };
    }),

    /** A reserved or sold stone keeps its status (its order owns it); asking to change it is a conflict. */
    updateStone: (ctx: RequestContext, id: number, b: AdminStoneBody) => write(ctx, async (tx, record) => {
      const current = await repo.lockAdminStone(tx, ctx.store.id, id);
      if (!current) throw new NotFoundError('This stone does not exist.');
      const held = !STAFF_HELD.includes(current.status);
      if (held && b.status !== undefined && b.status !== current.status) {
        throw new ConflictError(`This stone is ${current.status}: its order sets its status, not the back office.`, 'stone_held_by_order');
      }
      const values = await stoneValues(tx, ctx, b, b.status ?? current.status);
      await repo.updateStone(tx, ctx.store.id, id, values).catch((e) => duplicateFieldError(e, stoneTaken));
      const { id: _id, ...before } = current;
      await record({ action: 'stone.update', objectType: 'stone', objectId: id, changes: changedFields(before, values) });
      return { stone: await stone(tx, ctx, id) };
    }),

    /** Many stones at once; those an order holds (reserved, sold) and ids not of this store are skipped and counted. */
    bulkStones: (ctx: RequestContext, b: AdminBulkStonesBody) => write(ctx, async (tx, record) => {
      const ids = [...new Set(b.ids)];
      const before = new Map((await repo.lockStoneStates(tx, ctx.store.id, ids)).map((r) => [r.id, r]));
      const changed = b.action === 'price'
        ? await repo.scaleStonePrices(tx, ctx.store.id, ids, 1 + b.percent / 100, STAFF_HELD)
        : await repo.setStonesStatus(tx, ctx.store.id, ids, b.action === 'show' ? 'available' : 'hidden', STAFF_HELD);
      for (const after of changed) {
        const old = before.get(after.id)!;
        await record({
          action: `stone.bulk_${b.action}`, objectType: 'stone', objectId: after.id,
          changes: changedFields({ status: old.status, pricePaise: old.pricePaise }, { status: after.status, pricePaise: after.pricePaise }),
        });
      }
      return { changed: changed.length, skipped: ids.length - changed.length };
    }),
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
export { CATALOG_CHANGED } from './catalog.admin.repo.ts';
