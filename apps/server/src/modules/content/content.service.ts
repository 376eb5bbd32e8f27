import { POSTS_PER_PAGE, type Post, type PostsResponse, type PostSummary } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { RequestContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { sanitizeHtml } from '../../lib/html.ts';
import * as repo from './content.repo.ts';

export async function getPageCategories(db: Database, ctx: RequestContext) {
  return { categories: await repo.listPageCategoriesWithPages(db, ctx.store.id) };
}

export async function getPlacedPages(db: Database, ctx: RequestContext, placement: 'policy' | 'know_us') {
  return { pages: await repo.listPageLinks(db, ctx.store.id, placement) };
}

export async function getPage(db: Database, ctx: RequestContext, ref: string) {
  const page = await repo.findPage(db, ctx.store.id, ref);
  if (!page) throw new NotFoundError('This page does not exist.');
  // Bodies are sanitised when stored; sanitising again on the way out guards rows written by other tools.
  return { page: { ...page, body: sanitizeHtml(page.body) } };
}

export async function getPostCategories(db: Database, ctx: RequestContext) {
  return { categories: await repo.listPostCategories(db, ctx.store.id) };
}

type SummaryRow = Awaited<ReturnType<typeof repo.listPosts>>['rows'][number];
function toSummary(row: SummaryRow, categories: { postId: number; slug: string; name: string }[]): PostSummary {
  return {
    id: row.id, title: row.title, description: row.description, url: row.url,
    cover_photo_url: row.coverPhotoUrl, published_at: row.publishedAt.toISOString(),
    categories: categories.filter((c) => c.postId === row.id).map(({ slug, name }) => ({ slug, name })),
  };
}

export async function getPosts(db: Database, ctx: RequestContext, page: number, categoryRef?: string): Promise<PostsResponse> {
  let category;
  if (categoryRef !== undefined) {
    category = await repo.findPostCategory(db, ctx.store.id, categoryRef);
    if (!category) throw new NotFoundError('This blog category does not exist.');
  }
  const { rows, total } = await repo.listPosts(db, ctx.store.id, (page - 1) * POSTS_PER_PAGE, POSTS_PER_PAGE, category?.id);
  const categories = await repo.categoriesOfPosts(db, ctx.store.id, rows.map((r) => r.id));
  return {
    data: {
      data: rows.map((r) => toSummary(r, categories)),
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / POSTS_PER_PAGE)),
      per_page: POSTS_PER_PAGE,
      total,
    },
    ...(category ? { category } : {}),
  };
}

export async function getPost(db: Database, ctx: RequestContext, url: string): Promise<{ post: Post }> {
  const row = await repo.findPost(db, ctx.store.id, url);
  if (!row) throw new NotFoundError('This blog post does not exist.');
  const categories = await repo.categoriesOfPosts(db, ctx.store.id, [row.id]);
  return {
    post: {
      ...toSummary(row, categories),
      body: sanitizeHtml(row.body),
      meta_values: row.metaValues.map((m) => ({ meta: { name: m.name }, content: m.content })),
    },
  };
}
