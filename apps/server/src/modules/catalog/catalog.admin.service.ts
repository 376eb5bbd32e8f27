import type {
  AdminStonesExportQuery, ImportRowError, StoneCsvColumn,
  AdminBulkStonesBody, AdminCatalogResponse, AdminCategory, AdminCategoryBody, AdminProduct, AdminProductBody, AdminStone,
  AdminStoneBody, AdminStonesQuery, AdminStonesResponse, AdminAttributeValue, AdminAttributeValueBody, AttributeKind,
} from '@gemstore/contracts';
import { ADMIN_STONES_PER_PAGE, ATTRIBUTE_KINDS, SUITED_KINDS, AdminStoneBody as AdminStoneForm, caratsFromMg, friendlyUrlOf, parsePhotoName, pictureSrc, publicMediaUrl, rattiBucketOf, rattiFromMg, unstorableTextIssues } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { executor, type RequestContext, within } from '../../lib/context.ts';
import type { AuditRecord, AuditService } from '../audit/audit.service.ts';
import type { MediaService } from '../media/media.service.ts';
import { changedFields, removedFields as removed } from '../audit/audit.service.ts';
import { type Executor, uniqueViolation } from '../../lib/db.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import * as repo from './catalog.admin.repo.ts';
import { listAttributeValues, type StoneStatus } from './catalog.repo.ts';
import { photosOf } from './catalog.service.ts';
import { csvNames, stoneCsvRecord, stoneInputOfRecord, type StoneCsvRecord, type StoneLists } from './catalog.csv.ts';
import { adminOfRow, csvColumnOfField as columnOf, keptValues, rowOfForm, type KeptValues } from './catalog.fields.ts';

export type { StoneLists } from './catalog.csv.ts';

/** Statuses staff may move a stone out of; reserved and sold belong to its order. */
const STAFF_HELD: StoneStatus[] = ['draft', 'available', 'hidden'];

export interface CatalogAdminDeps {
  db: Database;
  audit: AuditService;
  media: MediaService;
  /** Told after every change, so the storefront's cached lists of the store are read afresh. */
  changed: (storeId: number) => void;
}

/** Stones read per statement while an export streams. */
const EXPORT_BATCH = 1000;

/** A row of an import: its line in the file and its cells by column. */
export interface StoneImportRow { row: number; record: StoneCsvRecord }

/** What a batch of import rows came to: the rows good to write, those created and updated (0 on a dry run), and the bad ones. */
export interface StoneImportResult { valid: number; created: number; updated: number; errors: ImportRowError[] }

/** The stone list's filter of a query (the list and the export read the same). */
function filterOf(query: AdminStonesExportQuery): repo.AdminStoneFilter {
  return {
    productId: query.product, status: query.status, q: query.q || undefined,
    gradeIds: query.grades, colorIds: query.colors, clarityIds: query.clarities, shapeIds: query.shapes, originIds: query.origins,
    weightMinMg: query.weight_min_mg, weightMaxMg: query.weight_max_mg, sort: query.sort,
  };
}



/** A stone as the back office reads it: its fields (catalog.fields.ts) and what its weight makes; public pictures under `mediaBase`. */
function toAdminStone(row: repo.AdminStoneRow, rattiMg: number, mediaBase: string): AdminStone {
  return {
    id: row.id, ...adminOfRow(row),
    carat: caratsFromMg(row.weightMg), ratti: rattiFromMg(row.weightMg, rattiMg), ratti_id: row.rattiId,
    // An uploaded certificate is sent back by its name (the form keeps it); an older path as browsers load it.
    certificate_image: parsePhotoName(row.certificateImage) ? row.certificateImage : publicMediaUrl(row.certificateImage, mediaBase),
    certificate_image_src: row.certificateImage ? pictureSrc(row.certificateImage, 1600, mediaBase) : null,
    image: publicMediaUrl(row.image, mediaBase), photos: photosOf(row.photos, mediaBase),
  };
}

/** A friendly url or SKU already taken in this store: the form's field says so. */
function duplicateFieldError(err: unknown, fields: Record<string, [string, string]>): never {
  const index = uniqueViolation(err);
  const hit = index === undefined ? undefined : fields[index];
  if (hit) throw ValidationError.field(hit[0], hit[1]);
  throw err;
}

/** The store's lists a stone is checked against, loaded once for a form or for a batch of imported rows. */
export async function loadStoneLists(q: Executor, storeId: number): Promise<StoneLists> {
  const [products, values, rattis, suited] = await Promise.all([
    repo.listProductNames(q, storeId), listAttributeValues(q, storeId), repo.listRattiBuckets(q, storeId), repo.listSuitedValues(q, storeId),
  ]);
  const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((v) => [v.id, v]));
  return {
    products: byId(products),
    values: Object.fromEntries(ATTRIBUTE_KINDS.map((kind) => [kind, byId(values[kind])])) as StoneLists['values'],
    rattis,
    suited,
  };
}

/** A stone's colour and origin as stored (a stone being changed, or the stone of an imported row's SKU). */
export type SuitedValuesOf = { colorId: number; originId: number };

/**
 * The colour and origin must suit the stone's gem type (its lists under Catalogue > Gems; a gem type
 * without a list takes any of the store's). A value the stone already has is kept as it is, suited or
 * not: a list narrowed later never makes a stone unsavable. The errors by form field (none: {}).
 */
export function unsuitedErrors(lists: StoneLists, b: AdminStoneBody, was: SuitedValuesOf | undefined): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const product = lists.products.get(b.product_id);
  if (!product) return errors;
  const chosen = { color: [b.color_id, was?.colorId], origin: [b.origin_id, was?.originId] } as const;
  for (const kind of SUITED_KINDS) {
    const [id, had] = chosen[kind];
    const suits = lists.suited[kind].get(product.id);
    if (!suits || suits.includes(id) || id === had || !lists.values[kind].has(id)) continue;
    const value = lists.values[kind].get(id)!.value;
    errors[`${kind}_id`] = [`${value} is not a${kind === 'color' ? ' colour' : 'n origin'} of ${product.name}: choose one of its list (Catalogue, Gems).`];
  }
  return errors;
}

/**
 * The one check of a stone's form values against the store's lists (the form and the import both
 * use it): the values to store, or the errors by form field. `kept`: the values of the fields the
 * form may leave out (the status, say), as keptValues decided them. `missingPhotos`: how many of
 * its photo names were never uploaded to this store.
 */
export function makeStoneValues(lists: StoneLists, rattiMg: number, b: AdminStoneBody, kept: KeptValues, missingPhotos: number):
  { values: repo.StoneValues } | { errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const product = lists.products.get(b.product_id);
  if (!product) errors.product_id = ['Choose a product of this store.'];
  const chosen: Record<AttributeKind, number> = { grade: b.grade_id, color: b.color_id, clarity: b.clarity_id, shape: b.shape_id, origin: b.origin_id };
  for (const kind of ATTRIBUTE_KINDS) {
    if (!lists.values[kind].has(chosen[kind])) errors[`${kind}_id`] = [`Choose a ${kind} from this store's list.`];
  }
  if (missingPhotos) errors.photos = [`${missingPhotos === 1 ? 'A photo was' : `${missingPhotos} photos were`} not uploaded to this store: upload again.`];
  const buckets = lists.rattis;
  if (buckets.length === 0) errors.weight_mg = ['This store has no ratti buckets to file the stone under.'];
  if (Object.keys(errors).length) return { errors };
  const ratti = rattiFromMg(b.weight_mg, rattiMg);
  const bucket = rattiBucketOf(ratti, buckets);
  const name = b.name || `${product!.name} ${ratti.toFixed(2)} Ratti`;
  return {
    values: {
      ...rowOfForm(b, kept),
      // Made from other fields: the ratti bucket from the weight, the name and friendly url when left
      // empty, and the stone's picture in lists, carts and orders from its first photo.
      rattiId: bucket.id, name, url: b.url || friendlyUrlOf(`${name} ${b.sku}`),
      image: b.photos.length ? photosOf(b.photos)[0]!.src : b.image,
    },
  };
}

/**
 * The back office's catalogue: categories, products, attribute lists and stones. Every call is a
 * staff call of one store (ctx.store); ids of another store's rows are treated as absent (404), so
 * guessing ids learns nothing. Reserved and sold are orders' statuses: staff never set or clear them.
 */
export function createCatalogAdminService({ db, audit, media, changed }: CatalogAdminDeps) {
  type Recorder = (entries: AuditRecord | readonly AuditRecord[]) => Promise<void>;
  /**
   * Runs one write and its audit entries in one transaction, then tells the storefront's caches:
   * a change is recorded exactly when it is made.
   */
  async function write<T>(ctx: RequestContext, work: (tx: Executor, record: Recorder) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const done = await work(tx, (entries) => audit.record(within(ctx, tx), entries));
      // Other replicas drop their copy of the store's lists when this commits (app.ts listens).
      await repo.announceChange(tx, ctx.store.id);
      return done;
    });
    changed(ctx.store.id);
    return result;
  }

  async function categories(q: Executor, storeId: number): Promise<AdminCategory[]> {
    return (await repo.listCategories(q, storeId)).map((c) => ({
      id: c.id, parent_id: c.parentId, name: c.name, url: c.url, image: c.image, image_src: c.image ? pictureSrc(c.image, 800, media.publicBase) : null,
      sort_order: c.sortOrder, products: c.products,
    }));
  }
  async function productList(q: Executor, storeId: number): Promise<AdminProduct[]> {
    const [rows, suited] = await Promise.all([repo.listProducts(q, storeId), repo.listSuitedValues(q, storeId)]);
    return rows.map((p) => ({
      id: p.id, category_id: p.categoryId, name: p.name, alias: p.alias, url: p.url, description: p.description,
      image: p.image, image_src: p.image ? pictureSrc(p.image, 800, media.publicBase) : null, sort_order: p.sortOrder, stones: p.stones,
      color_ids: suited.color.get(p.id) ?? [], origin_ids: suited.origin.get(p.id) ?? [],
    }));
  }

  /**
   * Sets the colours and origins that suit a gem type, each list the form sent (one left out stays
   * as it was): every id must be of the store's list. Their change is the audit entry's too.
   */
  async function setSuited(q: Executor, ctx: RequestContext, id: number, b: AdminProductBody, before: AdminProduct | null) {
    const told = { color: b.color_ids, origin: b.origin_ids };
    const errors: Record<string, string[]> = {};
    const values = await listAttributeValues(q, ctx.store.id);
    for (const kind of SUITED_KINDS) {
      const known = new Set(values[kind].map((v) => v.id));
      if (told[kind]?.some((v) => !known.has(v))) errors[`${kind}_ids`] = [`Choose ${kind === 'color' ? 'colours' : 'origins'} from this store's list.`];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const changes: Record<string, number[]> = {};
    for (const kind of SUITED_KINDS) {
      const list = told[kind];
      if (list === undefined) continue;
      await repo.replaceSuitedValues(q, ctx.store.id, id, kind, list);
      changes[`${kind}Ids`] = [...list].sort((x, y) => x - y);
    }
    return { before: before ? { colorIds: before.color_ids, originIds: before.origin_ids } : null, after: changes };
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

  /** How many of these photo names were never uploaded to the store. */
  async function missingPhotos(ctx: RequestContext, names: string[]): Promise<number> {
    return (await Promise.all(names.map((name) => media.has(ctx, name)))).filter((has) => !has).length;
  }
  /** The certificate's error when it names a picture never uploaded to the store (none for a path or an address). */
  async function certificateErrors(ctx: RequestContext, b: AdminStoneBody): Promise<Record<string, string[]>> {
    if (!parsePhotoName(b.certificate_image) || await media.has(ctx, b.certificate_image)) return {};
    return { certificate_image: ['This picture was not uploaded to this store: upload it again.'] };
  }

  /**
   * A stone's stored values from the form (and from each row of an import): every list value must
   * be this store's, the ratti bucket follows the weight, and the name and friendly url are made
   * when left empty.
   */
  async function stoneValues(q: Executor, ctx: RequestContext, b: AdminStoneBody, kept: KeptValues, was?: SuitedValuesOf): Promise<repo.StoneValues> {
    const [lists, missing, certificate] = await Promise.all([loadStoneLists(q, ctx.store.id), missingPhotos(ctx, b.photos), certificateErrors(ctx, b)]);
    const made = makeStoneValues(lists, ctx.store.rattiMg, b, kept, missing);
    const errors = { ...unsuitedErrors(lists, b, was), ...certificate, ...('errors' in made ? made.errors : {}) };
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return (made as { values: repo.StoneValues }).values;
  }

  async function stone(q: Executor, ctx: RequestContext, id: number): Promise<AdminStone> {
    const row = await repo.findAdminStone(q, ctx.store.id, id);
    if (!row) throw new NotFoundError('This stone does not exist.');
    return toAdminStone(row, ctx.store.rattiMg, media.publicBase);
  }

  return {
    /** The store's stones whose SKU is this one (ignoring case): the orders search finds their orders. */
    stoneIdsBySku: (ctx: RequestContext, sku: string) => repo.findStoneIdsBySku(executor(db, ctx), ctx.store.id, sku),

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
      await media.checkPictures(ctx, [['image', b.image]]);
      await checkParent(tx, ctx.store.id, null, b.parent_id);
      const id = await repo.insertCategory(tx, ctx.store.id, categoryValues(b)).catch((e) => duplicateFieldError(e, categoryUrlTaken));
      await record({ action: 'category.create', objectType: 'category', objectId: id, changes: changedFields(null, categoryValues(b)) });
      return { category: await findCategory(tx, ctx, id) };
    }),
    updateCategory: (ctx: RequestContext, id: number, b: AdminCategoryBody) => write(ctx, async (tx, record) => {
      const before = await findCategory(tx, ctx, id);
      await media.checkPictures(ctx, [['image', b.image]]);
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
      await media.checkPictures(ctx, [['image', b.image]]);
      if (!(await repo.categoryExists(tx, ctx.store.id, b.category_id))) throw ValidationError.field('category_id', 'Choose a category of this store.');
      const id = await repo.insertProduct(tx, ctx.store.id, productValues(b)).catch((e) => duplicateFieldError(e, productUrlTaken));
      const suited = await setSuited(tx, ctx, id, b, null);
      await record({ action: 'product.create', objectType: 'product', objectId: id, changes: changedFields(null, { ...productValues(b), ...suited.after }) });
      return { product: await findProduct(tx, ctx, id) };
    }),
    updateProduct: (ctx: RequestContext, id: number, b: AdminProductBody) => write(ctx, async (tx, record) => {
      const before = await findProduct(tx, ctx, id);
      await media.checkPictures(ctx, [['image', b.image]]);
      if (!(await repo.categoryExists(tx, ctx.store.id, b.category_id))) throw ValidationError.field('category_id', 'Choose a category of this store.');
      await repo.updateProduct(tx, ctx.store.id, id, productValues(b)).catch((e) => duplicateFieldError(e, productUrlTaken));
      const suited = await setSuited(tx, ctx, id, b, before);
      await record({ action: 'product.update', objectType: 'product', objectId: id, changes: changedFields({ ...productValues(before), ...suited.before }, { ...productValues(b), ...suited.after }) });
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
      const { rows, total } = await repo.listAdminStones(db, ctx.store.id, filterOf(query), (query.page - 1) * ADMIN_STONES_PER_PAGE, ADMIN_STONES_PER_PAGE);
      return { data: rows.map((r) => toAdminStone(r, ctx.store.rattiMg, media.publicBase)), total, page: query.page, per_page: ADMIN_STONES_PER_PAGE };
    },

    stone: async (ctx: RequestContext, stoneId: number) => ({ stone: await stone(db, ctx, stoneId) }),

    /**
     * The stones of the list's query, every page, as export rows in batches: read by keyset, so an
     * export of any size holds one batch at a time.
     */
    async *exportStones(ctx: RequestContext, query: AdminStonesExportQuery, batchSize = EXPORT_BATCH): AsyncGenerator<Record<StoneCsvColumn, string>[]> {
      const storeId = ctx.store.id;
      const filter = filterOf(query);
      let lists = await loadStoneLists(db, storeId);
      let names = csvNames(lists);
      for (let last: repo.AdminStoneRow | null = null; ;) {
        const rows: repo.AdminStoneRow[] = await repo.adminStonesAfter(db, storeId, filter, last, batchSize);
        // A product or value added since the lists were read: read them again.
        if (!rows.every((r) => lists.products.has(r.productId) && ATTRIBUTE_KINDS.every((k) => lists.values[k].has(r[`${k}Id`])))) {
          lists = await loadStoneLists(db, storeId);
          names = csvNames(lists);
        }
        if (rows.length) yield rows.map((r) => stoneCsvRecord(r, names));
        if (rows.length < batchSize) return;
        last = rows.at(-1)!;
      }
    },

    /**
     * Checks a batch of import rows with the stone form's rules (the store's lists read once for the
     * batch) and, with `write`, inside the caller's transaction (ctx.tx), inserts the good ones or
     * updates the stone of the same SKU, in one statement. A reserved or sold stone keeps its status
     * (a row asking for another is bad); a new stone is a draft unless the row says. `seen` holds the
     * SKUs of the file's earlier rows (a SKU twice in a file is bad the second time); it is added to.
     * The caller records the audit entry and tells the storefront's caches (catalog.forget).
     */
    async importStones(ctx: RequestContext, rows: StoneImportRow[], { write, seen }: { write: boolean; seen: Map<string, number> }): Promise<StoneImportResult> {
      if (write && !ctx.tx) throw new Error('importStones writes inside the caller\'s transaction (ctx.tx).');
      const q = executor(db, ctx);
      const storeId = ctx.store.id;
      const lists = await loadStoneLists(q, storeId);
      const names = csvNames(lists);
      const errors: ImportRowError[] = [];
      const bad = (row: number, column: string, message: string) => { errors.push({ row, column, message }); };
      const checked: { row: number; values: repo.StoneValues; told: AdminStoneBody; held: StoneStatus | undefined }[] = [];
      for (const { row, record } of rows) {
        // A CSV cell is read here, not by a route's validator: text the database cannot store is refused as everywhere.
        const unstorable = unstorableTextIssues(record);
        if (unstorable.length) {
          for (const { path, message } of unstorable) bad(row, String(path[0] ?? 'sku'), message);
          continue;
        }
        const { input, errors: nameErrors, held } = stoneInputOfRecord(record, names, row);
        const parsed = AdminStoneForm.safeParse(input);
        const rowErrors = [...nameErrors];
        for (const issue of parsed.error?.issues ?? []) {
          const column = columnOf(String(issue.path[0] ?? 'sku'));
          if (!rowErrors.some((e) => e.column === column)) rowErrors.push({ row, column, message: issue.message });
        }
        if (!parsed.success || rowErrors.length) { errors.push(...rowErrors); continue; }
        const b = parsed.data;
        const earlier = seen.get(b.sku);
        if (earlier !== undefined) { bad(row, 'sku', `Row ${earlier} of this file has the same SKU.`); continue; }
        seen.set(b.sku, row);
        // The kept fields (the status, ...) are decided below, once the stone of the same SKU is known.
        const made = makeStoneValues(lists, ctx.store.rattiMg, b, keptValues(b, undefined), b.photos.length ? await missingPhotos(ctx, b.photos) : 0);
        const rowErrs = { ...('errors' in made ? made.errors : {}), ...(await certificateErrors(ctx, b)) };
        if ('errors' in made || Object.keys(rowErrs).length) {
          for (const [field, messages] of Object.entries(rowErrs)) bad(row, columnOf(field), messages[0]!);
          continue;
        }
        checked.push({ row, values: made.values, told: b, held });
      }

      const existing = new Map((await repo.stonesByGin(q, storeId, checked.map((c) => c.values.gin), write)).map((s) => [s.gin, s]));
      const urlOwners = new Map((await repo.stonesByUrl(q, storeId, checked.map((c) => c.values.url))).map((s) => [s.url, s.gin]));
      const urlRows = new Map<string, number>();
      const good: repo.StoneValues[] = [];
      let updated = 0;
      for (const { row, values, told, held } of checked) {
        const was = existing.get(values.gin);
        const wasHeld = was !== undefined && !STAFF_HELD.includes(was.status);
        const wanted = told.status ?? held;
        if (wasHeld && wanted !== undefined && wanted !== was.status) {
          bad(row, 'status', `This stone is ${was.status}: its order sets its status, not an import.`);
          continue;
        }
        if (!wasHeld && held) { bad(row, 'status', 'Reserved and sold are set by orders: use draft, available or hidden.'); continue; }
        const unsuited = Object.entries(unsuitedErrors(lists, told, was));
        if (unsuited.length) {
          for (const [field, messages] of unsuited) bad(row, columnOf(field), messages[0]!);
          continue;
        }
        const owner = urlOwners.get(values.url);
        if ((owner !== undefined && owner !== values.gin) || urlRows.has(values.url)) {
          bad(row, 'url', urlRows.has(values.url) ? `Row ${urlRows.get(values.url)} of this file uses the same friendly url.` : 'Another stone already uses this friendly url.');
          continue;
        }
        urlRows.set(values.url, row);
        // A field the row leaves empty keeps the stone's value (a new stone: the field's initial one).
        const kept = keptValues(told, was);
        good.push({ ...values, ...kept, status: wasHeld ? was.status : kept.status });
        if (was) updated++;
      }
      if (write && good.length) {
        await repo.upsertStones(q, storeId, good);
        // Every replica drops its copy of the store's lists when the batch commits (as a form's write does).
        await repo.announceChange(q, storeId);
      }
      errors.sort((x, y) => x.row - y.row);
      return { valid: good.length, created: write ? good.length - updated : 0, updated: write ? updated : 0, errors };
    },

    createStone: (ctx: RequestContext, b: AdminStoneBody) => write(ctx, async (tx, record) => {
      const values = await stoneValues(tx, ctx, b, keptValues(b, undefined));
      const id = await repo.insertStone(tx, ctx.store.id, values).catch((e) => duplicateFieldError(e, stoneTaken));
      await record({ action: 'stone.create', objectType: 'stone', objectId: id, changes: changedFields(null, values) });
      return { stone: await stone(tx, ctx, id) };
    }),

    /** A reserved or sold stone keeps its status (its order owns it); asking to change it is a conflict. */
    updateStone: (ctx: RequestContext, stoneId: number, b: AdminStoneBody) => write(ctx, async (tx, record) => {
      const id = stoneId;
      const current = await repo.lockAdminStone(tx, ctx.store.id, id);
      if (!current) throw new NotFoundError('This stone does not exist.');
      const held = !STAFF_HELD.includes(current.status);
      if (held && b.status !== undefined && b.status !== current.status) {
        throw new ConflictError(`This stone is ${current.status}: its order sets its status, not the back office.`, 'stone_held_by_order');
      }
      const values = await stoneValues(tx, ctx, b, keptValues(b, current), current);
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
      await record(changed.map((after) => {
        const old = before.get(after.id)!;
        return {
          action: `stone.bulk_${b.action}`, objectType: 'stone', objectId: after.id,
          changes: changedFields({ status: old.status, pricePaise: old.pricePaise }, { status: after.status, pricePaise: after.pricePaise }),
        };
      }));
      return { changed: changed.length, skipped: ids.length - changed.length };
    }),
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
export { CATALOG_CHANGED } from './catalog.admin.repo.ts';
