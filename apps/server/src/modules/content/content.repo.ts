import type { Executor } from '../../lib/db.ts';
import { and, asc, count, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { pageCategories, pages, postCategories, postCategoryLinks, posts } from '@gemstore/db';
import type { PageLink } from '@gemstore/contracts';
import { prefixQuery } from '../../lib/search.ts';

export type Placement = (typeof pages.placement.enumValues)[number];
const pageLink = { id: pages.id, title: pages.title, url: pages.url };

function pageRef(ref: string): SQL {
  return /^\d{1,9}$/.test(ref) ? or(eq(pages.id, Number(ref)), eq(pages.url, ref))! : eq(pages.url, ref);
}

export async function listPageLinks(db: Executor, storeId: number, placement: Placement): Promise<PageLink[]> {
  return db.select(pageLink).from(pages)
    .where(and(eq(pages.storeId, storeId), eq(pages.placement, placement)))
    .orderBy(asc(pages.sortOrder), asc(pages.id));
}

export async function listPageCategoriesWithPages(db: Executor, storeId: number) {
  const [categories, categoryPages] = await Promise.all([
    db.select({ id: pageCategories.id, name: pageCategories.name }).from(pageCategories)
      .where(eq(pageCategories.storeId, storeId)).orderBy(asc(pageCategories.sortOrder), asc(pageCategories.id)),
    db.select({ ...pageLink, categoryId: pages.pageCategoryId }).from(pages)
      .where(and(eq(pages.storeId, storeId), eq(pages.placement, 'category')))
      .orderBy(asc(pages.sortOrder), asc(pages.id)),
  ]);
  return categories.map((c) => ({
    ...c,
    pages: categoryPages.filter((p) => p.categoryId === c.id).map(({ id, title, url }) => ({ id, title, url })),
  }));
}

export async function findPage(db: Executor, storeId: number, ref: string) {
  const rows = await db.select({ ...pageLink, body: pages.body, meta_description: pages.metaDescription }).from(pages)
    .where(and(eq(pages.storeId, storeId), pageRef(ref))).limit(1);
  return rows[0] ?? null;
}

/**
 * Pages whose words start with every word typed (full text, title first), or whose title is close to
 * the text (trigram word similarity, so a typo still finds "Ratti to Carat").
 */
export async function searchPages(db: Executor, storeId: number, words: string[], limit: number): Promise<PageLink[]> {
  const query = sql`to_tsquery('simple', ${prefixQuery(words)})`;
  const text = words.join(' ');
  return db.select(pageLink).from(pages)
    .where(and(eq(pages.storeId, storeId), or(sql`${pages.search} @@ ${query}`, sql`word_similarity(${text}, lower(${pages.title})) >= 0.5`)))
    .orderBy(sql`ts_rank(${pages.search}, ${query}) + word_similarity(${text}, lower(${pages.title})) desc`, asc(pages.id))
    .limit(limit);
}

export async function listPostCategories(db: Executor, storeId: number) {
  return db.select({ id: postCategories.id, slug: postCategories.slug, name: postCategories.name }).from(postCategories)
    .where(eq(postCategories.storeId, storeId)).orderBy(asc(postCategories.name));
}

export async function findPostCategory(db: Executor, storeId: number, ref: string) {
  const where = /^\d{1,9}$/.test(ref) ? or(eq(postCategories.id, Number(ref)), eq(postCategories.slug, ref)) : eq(postCategories.slug, ref);
  const rows = await db.select({ id: postCategories.id, slug: postCategories.slug, name: postCategories.name })
    .from(postCategories).where(and(eq(postCategories.storeId, storeId), where)).limit(1);
  return rows[0] ?? null;
}

const postSummary = {
  id: posts.id, title: posts.title, description: posts.description, url: posts.url,
  coverPhotoUrl: posts.coverPhotoUrl, publishedAt: posts.publishedAt,
};

/** One page of published posts, newest first, optionally of one category, with the total for the paginator. */
export async function listPosts(db: Executor, storeId: number, offset: number, limit: number, categoryId?: number) {
  const where = and(
    eq(posts.storeId, storeId), isLive(),
    categoryId === undefined ? undefined
      : inArray(posts.id, db.select({ id: postCategoryLinks.postId }).from(postCategoryLinks).where(eq(postCategoryLinks.categoryId, categoryId))),
  );
  const [rows, totals] = await Promise.all([
    db.select(postSummary).from(posts).where(where).orderBy(desc(posts.publishedAt), desc(posts.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(posts).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Published and not scheduled for later. */
function isLive(): SQL {
  return and(eq(posts.published, true), lte(posts.publishedAt, sql`now()`))!;
}

export async function categoriesOfPosts(db: Executor, storeId: number, postIds: number[]) {
  if (postIds.length === 0) return [];
  return db.select({ postId: postCategoryLinks.postId, slug: postCategories.slug, name: postCategories.name })
    .from(postCategoryLinks).innerJoin(postCategories, eq(postCategories.id, postCategoryLinks.categoryId))
    .where(and(eq(postCategories.storeId, storeId), inArray(postCategoryLinks.postId, postIds))).orderBy(asc(postCategories.name));
}

export async function findPost(db: Executor, storeId: number, url: string) {
  const rows = await db.select({ ...postSummary, body: posts.body, metaValues: posts.metaValues }).from(posts)
    .where(and(eq(posts.storeId, storeId), isLive(), eq(posts.url, url))).limit(1);
  return rows[0] ?? null;
}


/** Every page of the store, whatever its placement (the sitemap). */
export async function listAllPageLinks(db: Executor, storeId: number): Promise<PageLink[]> {
  return db.select(pageLink).from(pages).where(eq(pages.storeId, storeId)).orderBy(asc(pages.id));
}

/**
 * Every live post with the slug of its first category by name (its address) and its date (the sitemap).
 * The outer column is written out: in a one-table query Drizzle leaves the table name off, and a bare
 * "id" would name the category's inside the subquery.
 */
export async function listLivePostLinks(db: Executor, storeId: number) {
  return db.select({
    url: posts.url, publishedAt: posts.publishedAt,
    categorySlug: sql<string | null>`(select c.slug from ${postCategoryLinks} l join ${postCategories} c on c.id = l.category_id where l.post_id = "posts"."id" order by c.name limit 1)`,
  }).from(posts).where(and(eq(posts.storeId, storeId), isLive())).orderBy(asc(posts.id));
}
