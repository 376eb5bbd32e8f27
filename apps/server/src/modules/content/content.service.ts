import { pictureSrc, POSTS_PER_PAGE, type PageLink, type Post, type PostsResponse, type PostSummary } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { executor, type RequestContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { sanitizeHtml } from '../../lib/html.ts';
import { searchWords } from '../../lib/search.ts';
import * as repo from './content.repo.ts';

type SummaryRow = Awaited<ReturnType<typeof repo.listPosts>>['rows'][number];
function toSummary(row: SummaryRow, categories: { postId: number; slug: string; name: string }[]): PostSummary {
  return {
    id: row.id, title: row.title, description: row.description, url: row.url,
    cover_photo_url: row.coverPhotoUrl ? pictureSrc(row.coverPhotoUrl) : null, published_at: row.publishedAt.toISOString(),
    categories: categories.filter((c) => c.postId === row.id).map(({ slug, name }) => ({ slug, name })),
  };
}

/** The store's static pages, their menus and the blog. */
export function createContentService({ db }: { db: Database }) {
  return {
    async pageCategories(ctx: RequestContext) {
      return { categories: await repo.listPageCategoriesWithPages(executor(db, ctx), ctx.store.id) };
    },

    async placedPages(ctx: RequestContext, placement: 'policy' | 'know_us') {
      return { pages: await repo.listPageLinks(executor(db, ctx), ctx.store.id, placement) };
    },

    /** Links to the pages of one placement (menus, the store profile's pages outside any category). */
    pageLinks(ctx: RequestContext, placement: repo.Placement): Promise<PageLink[]> {
      return repo.listPageLinks(executor(db, ctx), ctx.store.id, placement);
    },

    /** Pages matching what was typed into the search box. */
    searchPages(ctx: RequestContext, text: string, limit: number): Promise<PageLink[]> {
      const words = searchWords(text);
      return words.length ? repo.searchPages(executor(db, ctx), ctx.store.id, words, limit) : Promise.resolve([]);
    },

    async page(ctx: RequestContext, ref: string) {
      const page = await repo.findPage(executor(db, ctx), ctx.store.id, ref);
      if (!page) throw new NotFoundError('This page does not exist.');
      // Bodies are sanitised when stored; sanitising again on the way out guards rows written by other tools.
      return { page: { ...page, body: sanitizeHtml(page.body) } };
    },

    /** Every page, every live post (with its first category's slug) and every post category: the sitemap's content. */
    async sitemapContent(ctx: RequestContext) {
      const q = executor(db, ctx);
      const [pages, posts, categories] = await Promise.all([
        repo.listAllPageLinks(q, ctx.store.id), repo.listLivePostLinks(q, ctx.store.id), repo.listPostCategories(q, ctx.store.id),
      ]);
      return { pages, posts, categories };
    },

    async postCategories(ctx: RequestContext) {
      return { categories: await repo.listPostCategories(executor(db, ctx), ctx.store.id) };
    },

    async posts(ctx: RequestContext, page: number, categoryRef?: string): Promise<PostsResponse> {
      const q = executor(db, ctx);
      let category;
      if (categoryRef !== undefined) {
        category = await repo.findPostCategory(q, ctx.store.id, categoryRef);
        if (!category) throw new NotFoundError('This blog category does not exist.');
      }
      const { rows, total } = await repo.listPosts(q, ctx.store.id, (page - 1) * POSTS_PER_PAGE, POSTS_PER_PAGE, category?.id);
      const categories = await repo.categoriesOfPosts(q, ctx.store.id, rows.map((r) => r.id));
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
    },

    async post(ctx: RequestContext, url: string): Promise<{ post: Post }> {
      const q = executor(db, ctx);
      const row = await repo.findPost(q, ctx.store.id, url);
      if (!row) throw new NotFoundError('This blog post does not exist.');
      const categories = await repo.categoriesOfPosts(q, ctx.store.id, [row.id]);
      return {
        post: {
          ...toSummary(row, categories),
          body: sanitizeHtml(row.body),
          meta_values: row.metaValues.map((m) => ({ meta: { name: m.name }, content: m.content })),
        },
      };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
