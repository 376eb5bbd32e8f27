import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { pageCategories, pages, postCategories, postCategoryLinks, posts } from '@gemstore/db';
import { type Executor, likeLiteral } from '../../lib/db.ts';

/** The back office's reads and writes of posts, post categories, pages and page categories: always of one store. */

// ---------- Posts ----------

export type PostValues = {
  title: string;
  url: string;
  description: string;
  body: string;
  coverPhotoUrl: string | null;
  metaValues: { name: string; content: string }[];
  published: boolean;
  publishedAt: Date;
};

const postColumns = {
  id: posts.id, title: posts.title, url: posts.url, description: posts.description, body: posts.body,
  coverPhotoUrl: posts.coverPhotoUrl, metaValues: posts.metaValues, published: posts.published, publishedAt: posts.publishedAt,
};
export type PostRow = { id: number } & PostValues;

export interface PostFilter { published?: boolean; categoryId?: number; q?: string }

function postWhere(storeId: number, f: PostFilter): SQL {
  const like = f.q ? `%${likeLiteral(f.q)}%` : undefined;
  return and(
    eq(posts.storeId, storeId),
    f.published === undefined ? undefined : eq(posts.published, f.published),
    f.categoryId === undefined ? undefined
      : inArray(posts.id, sql`(select ${postCategoryLinks.postId} from ${postCategoryLinks} where ${postCategoryLinks.categoryId} = ${f.categoryId})`),
    like ? or(ilike(posts.title, like), ilike(posts.url, like)) : undefined,
  )!;
}

export async function listPosts(db: Executor, storeId: number, f: PostFilter, offset: number, limit: number) {
  const where = postWhere(storeId, f);
  const [rows, totals] = await Promise.all([
    db.select(postColumns).from(posts).where(where).orderBy(desc(posts.publishedAt), desc(posts.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(posts).where(where),
  ]);
  return { rows: rows as PostRow[], total: totals[0]?.total ?? 0 };
}

export async function findPost(db: Executor, storeId: number, id: number, lock = false): Promise<PostRow | null> {
  const query = db.select(postColumns).from(posts).where(and(eq(posts.storeId, storeId), eq(posts.id, id))).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return (rows[0] as PostRow | undefined) ?? null;
}

export async function insertPost(db: Executor, storeId: number, values: PostValues): Promise<number> {
  const [row] = await db.insert(posts).values({ storeId, ...values }).returning({ id: posts.id });
  return row!.id;
}

export async function updatePost(db: Executor, storeId: number, id: number, values: PostValues): Promise<void> {
  await db.update(posts).set(values).where(and(eq(posts.storeId, storeId), eq(posts.id, id)));
}

export async function deletePost(db: Executor, storeId: number, id: number): Promise<boolean> {
  const rows = await db.delete(posts).where(and(eq(posts.storeId, storeId), eq(posts.id, id))).returning({ id: posts.id });
  return rows.length === 1;
}

/** The category ids of each post. */
export async function categoryIdsOfPosts(db: Executor, postIds: number[]): Promise<Map<number, number[]>> {
  const byPost = new Map<number, number[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return byPost;
  const rows = await db.select({ postId: postCategoryLinks.postId, categoryId: postCategoryLinks.categoryId }).from(postCategoryLinks)
    .where(inArray(postCategoryLinks.postId, postIds)).orderBy(asc(postCategoryLinks.categoryId));
  for (const r of rows) byPost.get(r.postId)?.push(r.categoryId);
  return byPost;
}

/** Replaces a post's categories (the caller has checked they are the post's store's). */
export async function setPostCategories(db: Executor, storeId: number, postId: number, categoryIds: number[]): Promise<void> {
  await db.delete(postCategoryLinks).where(and(eq(postCategoryLinks.storeId, storeId), eq(postCategoryLinks.postId, postId)));
  if (categoryIds.length) await db.insert(postCategoryLinks).values(categoryIds.map((categoryId) => ({ storeId, postId, categoryId })));
}

// ---------- Post categories ----------

export async function listPostCategories(db: Executor, storeId: number) {
  return db.select({
    id: postCategories.id, name: postCategories.name, slug: postCategories.slug,
    posts: sql<number>`(select count(*)::int from ${postCategoryLinks} l where l.category_id = "post_categories"."id")`,
  }).from(postCategories).where(eq(postCategories.storeId, storeId)).orderBy(asc(postCategories.name), asc(postCategories.id));
}

export async function insertPostCategory(db: Executor, storeId: number, values: { name: string; slug: string }): Promise<number> {
  const [row] = await db.insert(postCategories).values({ storeId, ...values }).returning({ id: postCategories.id });
  return row!.id;
}

export async function updatePostCategory(db: Executor, storeId: number, id: number, values: { name: string; slug: string }): Promise<void> {
  await db.update(postCategories).set(values).where(and(eq(postCategories.storeId, storeId), eq(postCategories.id, id)));
}

export async function deletePostCategory(db: Executor, storeId: number, id: number): Promise<void> {
  await db.delete(postCategories).where(and(eq(postCategories.storeId, storeId), eq(postCategories.id, id)));
}

// ---------- Pages ----------

export type Placement = (typeof pages.placement.enumValues)[number];
export type PageValues = {
  title: string;
  url: string;
  placement: Placement;
  pageCategoryId: number | null;
  body: string;
  metaDescription: string;
  sortOrder: number;
};
const pageSummary = {
  id: pages.id, title: pages.title, url: pages.url, placement: pages.placement, pageCategoryId: pages.pageCategoryId, sortOrder: pages.sortOrder,
};

export async function listPages(db: Executor, storeId: number) {
  return db.select(pageSummary).from(pages).where(eq(pages.storeId, storeId)).orderBy(asc(pages.placement), asc(pages.sortOrder), asc(pages.id));
}

export async function findPage(db: Executor, storeId: number, id: number, lock = false): Promise<({ id: number } & PageValues) | null> {
  const query = db.select({ ...pageSummary, body: pages.body, metaDescription: pages.metaDescription }).from(pages)
    .where(and(eq(pages.storeId, storeId), eq(pages.id, id))).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function insertPage(db: Executor, storeId: number, values: PageValues): Promise<number> {
  const [row] = await db.insert(pages).values({ storeId, ...values }).returning({ id: pages.id });
  return row!.id;
}

export async function updatePage(db: Executor, storeId: number, id: number, values: PageValues): Promise<void> {
  await db.update(pages).set(values).where(and(eq(pages.storeId, storeId), eq(pages.id, id)));
}

export async function deletePage(db: Executor, storeId: number, id: number): Promise<void> {
  await db.delete(pages).where(and(eq(pages.storeId, storeId), eq(pages.id, id)));
}

// ---------- Page categories ----------

export async function listPageCategories(db: Executor, storeId: number) {
  return db.select({
    id: pageCategories.id, name: pageCategories.name, sortOrder: pageCategories.sortOrder,
    pages: sql<number>`(select count(*)::int from ${pages} p where p.page_category_id = "page_categories"."id")`,
  }).from(pageCategories).where(eq(pageCategories.storeId, storeId)).orderBy(asc(pageCategories.sortOrder), asc(pageCategories.id));
}

export async function insertPageCategory(db: Executor, storeId: number, values: { name: string; sortOrder: number }): Promise<number> {
  const [row] = await db.insert(pageCategories).values({ storeId, ...values }).returning({ id: pageCategories.id });
  return row!.id;
}

export async function updatePageCategory(db: Executor, storeId: number, id: number, values: { name: string; sortOrder: number }): Promise<void> {
  await db.update(pageCategories).set(values).where(and(eq(pageCategories.storeId, storeId), eq(pageCategories.id, id)));
}

export async function deletePageCategory(db: Executor, storeId: number, id: number): Promise<void> {
  await db.delete(pageCategories).where(and(eq(pageCategories.storeId, storeId), eq(pageCategories.id, id)));
}
