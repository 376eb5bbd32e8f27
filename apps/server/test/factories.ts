/**
 * Small, deterministic factories that write test data straight through Drizzle. Every value that
 * must be unique (urls, GINs, domains) is derived from a counter or from the caller's input, never
 * from randomness, so a test reads the same on every run and on both databases.
 */
import {
  type Database, type StoreConfiguration, clarities, colors, grades, items, origins, pageCategories, pages,
  postCategories, postCategoryLinks, posts, productCategories, products, rattis, shapes, storeDomains, stores,
} from '@gemstore/db';

type StoreRow = typeof stores.$inferSelect;
type ItemRow = typeof items.$inferSelect;

let sequence = 0;
/** A per-process counter for unique defaults. */
function next(): number {
  sequence += 1;
  return sequence;
}

export function storeConfiguration(name: string): StoreConfiguration {
  return {
    header: { phone: '+91 98765 43210', address: `${name} House, Jaipur` },
    footer: { contact: { address: `${name} House, Jaipur`, email: `hello@${name.toLowerCase()}.test`, phone: '+91 98765 43210' }, copyright: `© ${name}` },
    social: { facebook: 'https://facebook.com/example', instagram: 'https://instagram.com/example' },
    whatsappPhone: '919876543210',
    slider: [{ image: '/media/slider-1.svg', alt: 'Slide one' }],
    banners: [{ image: '/media/banner-1.svg', alt: 'Banner one', href: '/home' }],
  };
}

export interface StoreInput {
  domain?: string;
  /** More hostnames that select the same store. */
  extraDomains?: string[];
  name?: string;
  isFromIndia?: boolean;
  usdRate?: number;
  email?: string;
}

export async function createStore(db: Database, input: StoreInput = {}): Promise<StoreRow & { domain: string }> {
  const n = next();
  const name = input.name ?? `Store${n}`;
  const domain = input.domain ?? `store${n}.test`;
  const [store] = await db.insert(stores).values({
    name,
    email: input.email ?? `shop${n}@example.com`,
    isFromIndia: input.isFromIndia ?? true,
    currency: input.isFromIndia === false ? 'USD' : 'INR',
    usdRate: input.usdRate ?? 0.015,
    phoneCountryCode: '91',
    addressCity: 'Jaipur', addressState: 'Rajasthan', addressCountry: 'India',
    logoPath: `/media/logo-${n}.svg`,
    configuration: storeConfiguration(name),
  }).returning();
  await db.insert(storeDomains).values([domain, ...(input.extraDomains ?? [])].map((d, i) => ({ domain: d, storeId: store!.id, isPrimary: i === 0 })));
  return { ...store!, domain };
}

export interface Catalog {
  root: typeof productCategories.$inferSelect;
  category: typeof productCategories.$inferSelect;
  product: typeof products.$inferSelect;
  otherProduct: typeof products.$inferSelect;
  grades: (typeof grades.$inferSelect)[];
  colors: (typeof colors.$inferSelect)[];
  clarities: (typeof clarities.$inferSelect)[];
  shapes: (typeof shapes.$inferSelect)[];
  origins: (typeof origins.$inferSelect)[];
  /** Sorted by rati_standard ascending. */
  rattis: (typeof rattis.$inferSelect)[];
}

/**
 * A root category with one child category holding two products, and a small ladder of values in
 * every attribute master. `prefix` keeps urls distinct when one store gets several catalogues.
 */
export async function createCatalog(db: Database, storeId: number, prefix = ''): Promise<Catalog> {
  const [root] = await db.insert(productCategories).values({ storeId, parentId: null, name: 'Gemstones', url: `${prefix}gemstones` }).returning();
  const [category] = await db.insert(productCategories).values({
    storeId, parentId: root!.id, name: 'Sapphires', url: `${prefix}sapphires`, image: '/media/sapphires.svg',
  }).returning();
  const [product, otherProduct] = await db.insert(products).values([
    { storeId, categoryId: category!.id, name: 'Blue Sapphire', alias: 'Neelam', url: `${prefix}blue-sapphire`, description: 'Blue sapphire', image: '/media/blue.svg', sortOrder: 1 },
    { storeId, categoryId: category!.id, name: 'Yellow Sapphire', alias: 'Pukhraj', url: `${prefix}yellow-sapphire`, description: 'Yellow sapphire', image: '/media/yellow.svg', sortOrder: 2 },
  ]).returning();
  // The five masters share one shape (schema/catalog.ts attributeTable), so one insert serves them all.
  const master = (table: typeof grades | typeof colors | typeof clarities | typeof shapes | typeof origins, values: [string, string][]) =>
    db.insert(table as typeof grades).values(values.map(([value, alias], i) => ({ storeId, value, alias, sortOrder: i }))).returning();
  const [g, c, cl, s, o] = await Promise.all([
    master(grades, [['AAA', 'Premium'], ['AA', 'Fine'], ['A', 'Good']]),
    master(colors, [['Royal Blue', 'royal-blue'], ['Cornflower', 'cornflower']]),
    master(clarities, [['VVS', 'vvs'], ['VS', 'vs'], ['SI', 'si']]),
    master(shapes, [['Oval', 'oval'], ['Cushion', 'cushion']]),
    master(origins, [['Sri Lanka', 'ceylon'], ['Thailand', 'bangkok']]),
  ]);
  const r = await db.insert(rattis).values([3.25, 5.25, 7.25, 9.25].map((v) => ({ storeId, ratiStandard: v }))).returning();
  return {
    root: root!, category: category!, product: product!, otherProduct: otherProduct!,
    grades: g, colors: c, clarities: cl, shapes: s, origins: o,
    rattis: [...r].sort((a, b) => a.ratiStandard - b.ratiStandard),
  };
}

export interface ItemInput {
  /** Supplies the defaults for the product and every attribute. */
  catalog: Catalog;
  productId?: number;
  gradeId?: number; colorId?: number; clarityId?: number; shapeId?: number; originId?: number; rattiId?: number;
  url?: string;
  gin?: string;
  name?: string;
  description?: string;
  pricePaise?: number;
  weightMg?: number;
  status?: 'available' | 'reserved' | 'sold';
  certificateVerificationUrl?: string | null;
  treatment?: ItemRow['treatment'];
  createdAt?: Date;
}

/** One stone; unset attributes take the catalogue's first value, unset urls and GINs a counter. */
export async function createItem(db: Database, storeId: number, input: ItemInput): Promise<ItemRow> {
  const n = next();
  const { catalog } = input;
  const [row] = await db.insert(items).values({
    storeId,
    productId: input.productId ?? catalog.product.id,
    gin: input.gin ?? `GIN${String(n).padStart(6, '0')}`,
    url: input.url ?? `stone-${n}`,
    name: input.name ?? `Stone ${n}`,
    description: input.description ?? `<p>Stone ${n}</p>`,
    weightMg: input.weightMg ?? 1000,
    widthMm: 8.1, lengthMm: 10.2, depthMm: 4.3,
    gradeId: input.gradeId ?? catalog.grades[0]!.id,
    colorId: input.colorId ?? catalog.colors[0]!.id,
    clarityId: input.clarityId ?? catalog.clarities[0]!.id,
    shapeId: input.shapeId ?? catalog.shapes[0]!.id,
    originId: input.originId ?? catalog.origins[0]!.id,
    rattiId: input.rattiId ?? catalog.rattis[0]!.id,
    pricePaise: input.pricePaise ?? 1_234_500,
    status: input.status ?? 'available',
    image: `/media/stone-${n}.svg`,
    certificateImage: `/media/cert-${n}.jpg`,
    certificateLab: 'GIA', certificateNumber: `C-${n}`, certificateVerificationUrl: input.certificateVerificationUrl ?? null,
    ...(input.treatment ? { treatment: input.treatment } : {}),
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  }).returning();
  return row!;
}

export interface PageInput {
  title?: string;
  url?: string;
  body?: string;
  placement?: 'category' | 'policy' | 'know_us' | 'non_categorized';
  pageCategoryId?: number | null;
  sortOrder?: number;
}

export async function createPageCategory(db: Database, storeId: number, name = 'Guides', sortOrder = 0) {
  const [row] = await db.insert(pageCategories).values({ storeId, name, sortOrder }).returning();
  return row!;
}

export async function createPage(db: Database, storeId: number, input: PageInput = {}) {
  const n = next();
  const [row] = await db.insert(pages).values({
    storeId,
    placement: input.placement ?? (input.pageCategoryId ? 'category' : 'non_categorized'),
    pageCategoryId: input.pageCategoryId ?? null,
    title: input.title ?? `Page ${n}`,
    url: input.url ?? `page-${n}`,
    // Written as stored by another tool: the API must still sanitise it on the way out.
    body: input.body ?? `<p>Body of page ${n}</p>`,
    metaDescription: `About page ${n}`,
    sortOrder: input.sortOrder ?? 0,
  }).returning();
  return row!;
}

export async function createPostCategory(db: Database, storeId: number, input: { slug?: string; name?: string } = {}) {
  const n = next();
  const [row] = await db.insert(postCategories).values({ storeId, slug: input.slug ?? `topic-${n}`, name: input.name ?? `Topic ${n}` }).returning();
  return row!;
}

export interface PostInput {
  title?: string;
  url?: string;
  body?: string;
  description?: string;
  coverPhotoUrl?: string | null;
  published?: boolean;
  publishedAt?: Date;
  categoryIds?: number[];
  metaValues?: { name: string; content: string }[];
}

/** Posts default to a fixed date so "newest first" is decided by the caller, not the clock. */
export async function createPost(db: Database, storeId: number, input: PostInput = {}) {
  const n = next();
  const [row] = await db.insert(posts).values({
    storeId,
    title: input.title ?? `Post ${n}`,
    description: input.description ?? `Summary ${n}`,
    body: input.body ?? `<p>Post ${n}</p>`,
    url: input.url ?? `post-${n}`,
    coverPhotoUrl: input.coverPhotoUrl === undefined ? `/media/cover-${n}.jpg` : input.coverPhotoUrl,
    metaValues: input.metaValues ?? [{ name: 'keywords', content: `post ${n}` }],
    published: input.published ?? true,
    publishedAt: input.publishedAt ?? new Date(Date.UTC(2024, 0, 1) + n * 60_000),
  }).returning();
  if (input.categoryIds?.length) {
    await db.insert(postCategoryLinks).values(input.categoryIds.map((categoryId) => ({ storeId, postId: row!.id, categoryId })));
  }
  return row!;
}
