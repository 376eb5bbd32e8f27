/**
 * The demo shop: two stores (Ratna Gems, Indian, INR; Atelier Gemstones, international, USD)
 * with the same deterministic catalogue of unique stones, their pictures, pages and blog.
 */
import { count, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  items, pageCategories, pages, postCategories, postCategoryLinks, posts, stores,
} from '../schema/index.ts';
import { createCatalogue, type CatalogueIds, type DbOrTx, type Tx } from './catalogue.ts';
import { PAGE_CATEGORIES, pagesFor } from './content-pages.ts';
import { POST_CATEGORIES, postsFor } from './content-posts.ts';
import { writeBlogCover, writeCatalogueImages, writeCertificateImage, writeStoreImages } from './images.ts';
import { certificateImagePath, stoneImagePath } from './media.ts';
import { generateStones, type StoneSpec } from './stones.ts';
import { ATELIER, RATNA, createStore, type StoreDef } from './stores.ts';

/** Stones per demo store. */
export const DEMO_STONES_PER_STORE = 300;
/** One seed for every store, so both catalogues hold the same gins and friendly urls. */
export const DEMO_CATALOGUE_SEED = 20_240_915;
/** Certificates are dated relative to this fixed day, so the data does not change from day to day. */
const CERTIFICATE_REFERENCE_DAY = new Date(Date.UTC(2025, 5, 1));
/** Serialises concurrent first starts (several replicas on one PostgreSQL): only one seeds. */
const SEED_LOCK_KEY = 7_041_982_113;

export const DEMO_STORES: readonly StoreDef[] = [RATNA, ATELIER];

async function hasStores(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(stores);
  return (row?.n ?? 0) > 0;
}

export function demoStones(): StoneSpec[] {
  return generateStones({
    count: DEMO_STONES_PER_STORE, seed: DEMO_CATALOGUE_SEED, rattiMg: 182, soldShare: 0.1, today: CERTIFICATE_REFERENCE_DAY,
  });
}

export interface SeedOptions {
  mediaDir: string;
  /** Told, one line per step, what the seed wrote (the server prints it at first start). */
  onProgress?: (message: string) => void;
  /** Called once the pictures are written to mediaDir, before any row names them (the server copies them to its media store). */
  onPicturesWritten?: () => Promise<void>;
}

/** Seeds the two demo stores when the database has no store yet; otherwise does nothing. Answers whether it seeded. */
export async function seedDemoIfEmpty(db: Database, opts: SeedOptions): Promise<boolean> {
  if (await hasStores(db)) return false;
  const progress = opts.onProgress ?? (() => {});
  const stones = demoStones();
  let started = performance.now();
  const took = () => {
    const ms = performance.now() - started;
    started = performance.now();
    return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
  };

  // Pictures first: they are deterministic, so writing them twice (two replicas starting at once) is harmless,
  // and every row written afterwards points at a file that exists.
  let pictures = writeCatalogueImages(opts.mediaDir);
  for (const store of DEMO_STORES) {
    pictures += writeStoreImages(opts.mediaDir, store);
    for (const stone of stones) writeCertificateImage(opts.mediaDir, store.slug, stone);
    pictures += stones.length;
  }
  const demoPosts = postsFor(RATNA);
  for (const p of demoPosts) {
    if (p.coverGem) {
      writeBlogCover(opts.mediaDir, p.url, p.title, p.coverGem, p.palette);
      pictures++;
    }
  }
  progress(`demo pictures: ${pictures} files written to ${opts.mediaDir} in ${took()}`);
  await opts.onPicturesWritten?.();

  let seeded = false;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasStores(tx)) return; // another replica seeded while this one waited for the lock
    seeded = true;
    for (const store of DEMO_STORES) {
      const storeId = await createStore(tx, store);
      const ids = await createCatalogue(tx, storeId);
      await insertStones(tx, storeId, store.slug, ids, stones);
      const content = await insertContent(tx, storeId, store);
      const sold = stones.filter((s) => s.status === 'sold').length;
      progress(`seeding ${store.name} (${store.domains.join(', ')}): ${stones.length} stones (${sold} sold), `
        + `${ids.productIds.size} products, ${content.posts} posts, ${content.pages} pages in ${took()}`);
    }
  });
  return seeded;
}

export async function insertStones(db: DbOrTx, storeId: number, storeSlug: string, ids: CatalogueIds, stones: StoneSpec[]): Promise<void> {
  const need = <K, V>(map: Map<K, V>, key: K, what: string): V => {
    const v = map.get(key);
    if (v === undefined) throw new Error(`missing ${what} ${String(key)}`);
    return v;
  };
  const rows = stones.map((s) => ({
    storeId,
    productId: need(ids.productIds, s.gem.url, 'product'),
    gin: s.gin, url: s.url, name: s.name, description: s.description,
    weightMg: s.weightMg, widthMm: s.widthMm, lengthMm: s.lengthMm, depthMm: s.depthMm,
    gradeId: need(ids.gradeIds, s.grade, 'grade'),
    colorId: need(ids.colorIds, s.color, 'colour'),
    clarityId: need(ids.clarityIds, s.clarity, 'clarity'),
    shapeId: need(ids.shapeIds, s.shape, 'shape'),
    originId: need(ids.originIds, s.origin, 'origin'),
    treatment: s.treatment,
    rattiId: need(ids.rattiIds, s.rattiStandard, 'ratti'),
    pricePaise: s.pricePaise, status: s.status,
    image: stoneImagePath(s.gem.url, s.color),
    certificateImage: certificateImagePath(storeSlug, s.gin),
    certificateLab: s.lab, certificateNumber: s.certificateNumber, certificateVerificationUrl: s.certificateVerificationUrl,
  }));
  for (let i = 0; i < rows.length; i += 250) await db.insert(items).values(rows.slice(i, i + 250));
}

/** Midday UTC `daysAgo` days before today: dates in the past months, stable within a day. */
function daysAgo(days: number): Date {
  const d = new Date();
  d.setUTCHours(9, 30, 0, 0);
  return new Date(d.getTime() - days * 86_400_000);
}

async function insertContent(tx: Tx, storeId: number, store: StoreDef): Promise<{ pages: number; posts: number }> {
  const categories = await tx.insert(pageCategories)
    .values(PAGE_CATEGORIES.map((name, i) => ({ storeId, name, sortOrder: i + 1 })))
    .returning({ id: pageCategories.id, name: pageCategories.name });
  const categoryId = new Map(categories.map((c) => [c.name, c.id]));
  const pageDefs = pagesFor(store);
  await tx.insert(pages).values(pageDefs.map((p, i) => ({
    storeId, pageCategoryId: p.category ? categoryId.get(p.category)! : null, placement: p.placement,
    title: p.title, url: p.url, body: p.body, metaDescription: p.metaDescription, sortOrder: i + 1,
  })));

  const postCats = await tx.insert(postCategories)
    .values(POST_CATEGORIES.map((c) => ({ storeId, slug: c.slug, name: c.name })))
    .returning({ id: postCategories.id, slug: postCategories.slug });
  const postCategoryId = new Map(postCats.map((c) => [c.slug, c.id]));
  const postDefs = postsFor(store);
  const inserted = await tx.insert(posts).values(postDefs.map((p, i) => ({
    storeId, title: p.title, description: p.description, body: p.body, url: p.url,
    coverPhotoUrl: p.coverGem ? `/media/blog/${p.url}.svg` : null,
    metaValues: [{ name: 'keywords', content: p.keywords }, { name: 'description', content: p.description }],
    published: true,
    // The first post is the newest; the rest reach back about six months.
    publishedAt: daysAgo(2 + i * 12),
  }))).returning({ id: posts.id, url: posts.url });
  const postId = new Map(inserted.map((p) => [p.url, p.id]));
  await tx.insert(postCategoryLinks).values(postDefs.flatMap((p) =>
    p.categories.map((slug) => ({ storeId, postId: postId.get(p.url)!, categoryId: postCategoryId.get(slug)! }))));
  return { pages: pageDefs.length, posts: postDefs.length };
}
