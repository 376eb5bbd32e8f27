import { pictureSrc, POSTS_PER_PAGE, type PageLink, type Post, type PostsResponse, type PostSummary } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { RequestContext } from '../../lib/context.ts';
import type { ReadRouting } from '../../lib/read-replica.ts';
import type { Executor } from '../../lib/db.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { sanitizeHtml } from '../../lib/html.ts';
import { searchWords } from '../../lib/search.ts';
import * as repo from './content.repo.ts';

type SummaryRow = Awaited<ReturnType<typeof repo.listPosts>>['rows'][number];
function toSummary(row: SummaryRow, categories: { postId: number; slug: string; name: string }[], mediaBase: string): PostSummary {
  return {
    id: row.id, title: row.title, description: row.description, url: row.url,
    cover_photo_url: row.coverPhotoUrl ? pictureSrc(row.coverPhotoUrl, 800, mediaBase) : null, published_at: row.publishedAt.toISOString(),
    categories: categories.filter((c) => c.postId === row.id).map(({ slug, name }) => ({ slug, name })),
  };
}

/**
 * The store's static pages, their menus and the blog: public reads, which go to the read replica
 * when the request may read it (lib/read-replica.ts).
 */
/** `mediaBase`: what a public picture's /media/ path becomes in answers (`/media/` or the CDN's base). */
export function createContentService({ readRouting, mediaBase }: { db: Database; readRouting: ReadRouting; mediaBase: string }) {
  const read = <T>(ctx: RequestContext, body: (q: Executor) => Promise<T>) => readRouting.read(ctx, body);
  return {
    async pageCategories(ctx: RequestContext) {
      return { categories: await read(ctx, (q) => repo.listPageCategoriesWithPages(q, ctx.store.id)) };
    },

    async placedPages(ctx: RequestContext, placement: 'policy' | 'know_us') {
      return { pages: await read(ctx, (q) => repo.listPageLinks(q, ctx.store.id, placement)) };
    },

    /** Links to the pages of one placement (menus, the store profile's pages outside any category). */
    pageLinks(ctx: RequestContext, placement: repo.Placement): Promise<PageLink[]> {
      return read(ctx, (q) => repo.listPageLinks(q, ctx.store.id, placement));
    },

    /** Pages matching what was typed into the search box. */
    searchPages(ctx: RequestContext, text: string, limit: number): Promise<PageLink[]> {
      const words = searchWords(text);
      return words.length ? read(ctx, (q) => repo.searchPages(q, ctx.store.id, words, limit)) : Promise.resolve([]);
    },

    async page(ctx: RequestContext, ref: string) {
      const page = await read(ctx, (q) => repo.findPage(q, ctx.store.id, ref));
      if (!page) throw new NotFoundError('This page does not exist.');
      // Bodies are sanitised when stored; sanitising again on the way out guards rows written by other tools.
      return { page: { ...page, body: sanitizeHtml(page.body) } };
    },

    /** Every page, every live post (with its first category's slug) and every post category: the sitemap's content. */
    async sitemapContent(ctx: RequestContext) {
      return read(ctx, async (q) => {
        const [pages, posts, categories] = await Promise.all([
          repo.listAllPageLinks(q, ctx.store.id), repo.listLivePostLinks(q, ctx.store.id), repo.listPostCategories(q, ctx.store.id),
        ]);
        return { pages, posts, categories };
      });
    },

    async postCategories(ctx: RequestContext) {
      return { categories: await read(ctx, (q) => repo.listPostCategories(q, ctx.store.id)) };
    },

    posts: (ctx: RequestContext, page: number, categoryRef?: string): Promise<PostsResponse> => read(ctx, async (q) => {
      let category;
      if (categoryRef !== undefined) {
        category = await repo.findPostCategory(q, ctx.store.id, categoryRef);
        if (!category) throw new NotFoundError('This blog category does not exist.');
      }
      const { rows, total } = await repo.listPosts(q, ctx.store.id, (page - 1) * POSTS_PER_PAGE, POSTS_PER_PAGE, category?.id);
      const categories = await repo.categoriesOfPosts(q, ctx.store.id, rows.map((r) => r.id));
      return {
        data: {
          data: rows.map((r) => toSummary(r, categories, mediaBase)),
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / POSTS_PER_PAGE)),
          per_page: POSTS_PER_PAGE,
          total,
        },
        ...(category ? { category } : {}),
      };
    }),

    post: (ctx: RequestContext, url: string): Promise<{ post: Post }> => read(ctx, async (q) => {
      const row = await repo.findPost(q, ctx.store.id, url);
      if (!row) throw new NotFoundError('This blog post does not exist.');
      const categories = await repo.categoriesOfPosts(q, ctx.store.id, [row.id]);
      return {
        post: {
          ...toSummary(row, categories, mediaBase),
          body: sanitizeHtml(row.body),
          meta_values: row.metaValues.map((m) => ({ meta: { name: m.name }, content: m.content })),
        },
      };
    }),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
