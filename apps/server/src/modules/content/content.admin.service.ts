import {
  ADMIN_POSTS_PER_PAGE, friendlyUrlOf, pictureSrc,
  type AdminPage, type AdminPageBody, type AdminPageCategory, type AdminPageCategoryBody, type AdminPagesResponse, type AdminPost,
  type AdminPostBody, type AdminPostCategory, type AdminPostCategoryBody, type AdminPostsQuery, type AdminPostsResponse,
} from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { executor, type RequestContext, within } from '../../lib/context.ts';
import { type Executor, uniqueViolation } from '../../lib/db.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { sanitizeHtml } from '../../lib/html.ts';
import { announceStoreChange } from '../../lib/store-changes.ts';
import { type AuditRecord, type AuditService, changedFields, removedFields } from '../audit/audit.service.ts';
import type { MediaService } from '../media/media.service.ts';
import * as repo from './content.admin.repo.ts';

export interface ContentAdminDeps {
  db: Database;
  audit: AuditService;
  media: MediaService;
  /** Told after every change, so this process's copies of the store's menus, pages and posts are read afresh. */
  changed: (storeId: number) => void;
}

/** A friendly url already taken in this store: the form's field says so. */
function duplicateUrl(err: unknown, index: string, field: string, message: string): never {
  if (uniqueViolation(err) === index) throw ValidationError.field(field, message);
  throw err;
}

const metaDescriptionOf = (row: repo.PostRow) => row.metaValues.find((m) => m.name === 'description')?.content ?? '';

function toAdminPost(row: repo.PostRow, categoryIds: number[], mediaBase: string): AdminPost {
  const cover = row.coverPhotoUrl ?? '';
  return {
    id: row.id, title: row.title, url: row.url, status: row.published ? 'published' : 'draft',
    published_at: row.publishedAt.toISOString(), cover_src: cover ? pictureSrc(cover, 800, mediaBase) : null, category_ids: categoryIds,
    description: row.description, meta_description: metaDescriptionOf(row), body: row.body, cover_photo: cover,
  };
}

/** What the audit log shows of a post (the body as its length and a digest would hide what changed: it is kept whole). */
function auditedPost(v: repo.PostValues, categoryIds: number[]) {
  return {
    title: v.title, url: v.url, description: v.description, body: v.body, coverPhotoUrl: v.coverPhotoUrl,
    metaDescription: v.metaValues.find((m) => m.name === 'description')?.content ?? '', published: v.published,
    publishedAt: v.publishedAt.toISOString(), categoryIds,
  };
}

/**
 * The back office's blog and pages: every call is a staff call of one store (ctx.store); ids of
 * another store's rows are treated as absent (404). Bodies are sanitised here, with the one policy
 * of lib/html.ts, before they are stored (and again by the content service before any page shows
 * them). Each write and its audit entry share a transaction that also tells every process.
 */
export function createContentAdminService({ db, audit, media, changed }: ContentAdminDeps) {
  type Recorder = (entries: AuditRecord | readonly AuditRecord[]) => Promise<void>;
  async function write<T>(ctx: RequestContext, work: (tx: Executor, record: Recorder) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const done = await work(tx, (entries) => audit.record(within(ctx, tx), entries));
      await announceStoreChange(tx, ctx.store.id);
      return done;
    });
    changed(ctx.store.id);
    return result;
  }

  async function post(q: Executor, ctx: RequestContext, id: number): Promise<AdminPost> {
    const row = await repo.findPost(q, ctx.store.id, id);
    if (!row) throw new NotFoundError('This post does not exist.');
    return toAdminPost(row, (await repo.categoryIdsOfPosts(q, [id])).get(id) ?? [], media.publicBase);
  }

  async function postValues(q: Executor, ctx: RequestContext, b: AdminPostBody, before: repo.PostRow | null): Promise<repo.PostValues> {
    await media.checkPictures(ctx, [['cover_photo', b.cover_photo]]);
    if (b.category_ids.length) {
      const ours = new Set((await repo.listPostCategories(q, ctx.store.id)).map((c) => c.id));
      if (!b.category_ids.every((id) => ours.has(id))) throw ValidationError.field('category_ids', 'Choose categories of this store.');
    }
    const url = b.url || friendlyUrlOf(b.title);
    if (!url) throw ValidationError.field('url', 'Enter a friendly url: the title has no letters or digits to make one from.');
    const published = b.status === 'published';
    const others = (before?.metaValues ?? []).filter((m) => m.name !== 'description');
    return {
      title: b.title, url, description: b.description, body: sanitizeHtml(b.body),
      coverPhotoUrl: b.cover_photo || null,
      metaValues: b.meta_description ? [...others, { name: 'description', content: b.meta_description }] : others,
      published,
      // A post goes live when first published; a draft shows the time it was written until then.
      publishedAt: published && before && !before.published ? new Date() : before?.publishedAt ?? new Date(),
    };
  }
  const postUrlTaken = (err: unknown) => duplicateUrl(err, 'posts_store_url', 'url', 'Another post already uses this friendly url.');

  async function postCategory(q: Executor, ctx: RequestContext, id: number): Promise<AdminPostCategory> {
    const found = (await repo.listPostCategories(q, ctx.store.id)).find((c) => c.id === id);
    if (!found) throw new NotFoundError('This blog category does not exist.');
    return found;
  }
  function postCategoryValues(b: AdminPostCategoryBody) {
    const slug = b.slug || friendlyUrlOf(b.name);
    if (!slug) throw ValidationError.field('slug', 'Enter a friendly url: the name has no letters or digits to make one from.');
    return { name: b.name, slug };
  }
  const slugTaken = (err: unknown) => duplicateUrl(err, 'post_categories_store_slug', 'slug', 'Another blog category already uses this friendly url.');

  async function page(q: Executor, ctx: RequestContext, id: number): Promise<AdminPage> {
    const row = await repo.findPage(q, ctx.store.id, id);
    if (!row) throw new NotFoundError('This page does not exist.');
    return toAdminPage(row);
  }
  function toAdminPage(row: { id: number } & repo.PageValues): AdminPage {
    return {
      id: row.id, title: row.title, url: row.url, placement: row.placement, page_category_id: row.pageCategoryId,
      sort_order: row.sortOrder, body: row.body, meta_description: row.metaDescription,
    };
  }
  async function pageValues(q: Executor, ctx: RequestContext, b: AdminPageBody): Promise<repo.PageValues> {
    const categoryId = b.placement === 'category' ? b.page_category_id : null;
    if (categoryId !== null && !(await repo.listPageCategories(q, ctx.store.id)).some((c) => c.id === categoryId)) {
      throw ValidationError.field('page_category_id', 'Choose a page category of this store.');
    }
    const url = b.url || friendlyUrlOf(b.title);
    if (!url) throw ValidationError.field('url', 'Enter a friendly url: the title has no letters or digits to make one from.');
    return {
      title: b.title, url, placement: b.placement, pageCategoryId: categoryId, body: sanitizeHtml(b.body),
      metaDescription: b.meta_description, sortOrder: b.sort_order,
    };
  }
  const pageUrlTaken = (err: unknown) => duplicateUrl(err, 'pages_store_url', 'url', 'Another page already uses this friendly url.');

  async function pageCategory(q: Executor, ctx: RequestContext, id: number): Promise<AdminPageCategory> {
    const found = (await repo.listPageCategories(q, ctx.store.id)).find((c) => c.id === id);
    if (!found) throw new NotFoundError('This page category does not exist.');
    return { id: found.id, name: found.name, sort_order: found.sortOrder, pages: found.pages };
  }

  return {
    // ---------- Posts ----------

    async posts(ctx: RequestContext, query: AdminPostsQuery): Promise<AdminPostsResponse> {
      const q = executor(db, ctx);
      const filter = { published: query.status === undefined ? undefined : query.status === 'published', categoryId: query.category, q: query.q || undefined };
      const { rows, total } = await repo.listPosts(q, ctx.store.id, filter, (query.page - 1) * ADMIN_POSTS_PER_PAGE, ADMIN_POSTS_PER_PAGE);
      const categories = await repo.categoryIdsOfPosts(q, rows.map((r) => r.id));
      return {
        data: rows.map((r) => {
          const { id, title, url, status, published_at, cover_src, category_ids } = toAdminPost(r, categories.get(r.id) ?? [], media.publicBase);
          return { id, title, url, status, published_at, cover_src, category_ids };
        }),
        total, page: query.page, per_page: ADMIN_POSTS_PER_PAGE,
      };
    },

    post: async (ctx: RequestContext, id: number) => ({ post: await post(executor(db, ctx), ctx, id) }),

    createPost: (ctx: RequestContext, b: AdminPostBody) => write(ctx, async (tx, record) => {
      const values = await postValues(tx, ctx, b, null);
      const id = await repo.insertPost(tx, ctx.store.id, values).catch(postUrlTaken);
      await repo.setPostCategories(tx, ctx.store.id, id, b.category_ids);
      await record({ action: 'post.create', objectType: 'post', objectId: id, changes: changedFields(null, auditedPost(values, b.category_ids)) });
      return { post: await post(tx, ctx, id) };
    }),

    updatePost: (ctx: RequestContext, id: number, b: AdminPostBody) => write(ctx, async (tx, record) => {
      const before = await repo.findPost(tx, ctx.store.id, id, true);
      if (!before) throw new NotFoundError('This post does not exist.');
      const beforeCategories = (await repo.categoryIdsOfPosts(tx, [id])).get(id) ?? [];
      const values = await postValues(tx, ctx, b, before);
      await repo.updatePost(tx, ctx.store.id, id, values).catch(postUrlTaken);
      const categoryIds = [...b.category_ids].sort((x, y) => x - y);
      await repo.setPostCategories(tx, ctx.store.id, id, categoryIds);
      await record({
        action: 'post.update', objectType: 'post', objectId: id,
        changes: changedFields(auditedPost(before, beforeCategories), auditedPost(values, categoryIds)),
      });
      return { post: await post(tx, ctx, id) };
    }),

    deletePost: (ctx: RequestContext, id: number) => write(ctx, async (tx, record) => {
      const before = await repo.findPost(tx, ctx.store.id, id, true);
      if (!before) throw new NotFoundError('This post does not exist.');
      const categoryIds = (await repo.categoryIdsOfPosts(tx, [id])).get(id) ?? [];
      await repo.deletePost(tx, ctx.store.id, id);
      await record({ action: 'post.delete', objectType: 'post', objectId: id, changes: removedFields(auditedPost(before, categoryIds)) });
      return { deleted: true as const };
    }),

    // ---------- Post categories ----------

    postCategories: async (ctx: RequestContext) => ({ categories: await repo.listPostCategories(executor(db, ctx), ctx.store.id) }),

    createPostCategory: (ctx: RequestContext, b: AdminPostCategoryBody) => write(ctx, async (tx, record) => {
      const values = postCategoryValues(b);
      const id = await repo.insertPostCategory(tx, ctx.store.id, values).catch(slugTaken);
      await record({ action: 'post_category.create', objectType: 'post_category', objectId: id, changes: changedFields(null, values) });
      return { category: await postCategory(tx, ctx, id) };
    }),

    updatePostCategory: (ctx: RequestContext, id: number, b: AdminPostCategoryBody) => write(ctx, async (tx, record) => {
      const before = await postCategory(tx, ctx, id);
      const values = postCategoryValues(b);
      await repo.updatePostCategory(tx, ctx.store.id, id, values).catch(slugTaken);
      await record({ action: 'post_category.update', objectType: 'post_category', objectId: id, changes: changedFields({ name: before.name, slug: before.slug }, values) });
      return { category: await postCategory(tx, ctx, id) };
    }),

    /** Its posts stay, without this category. */
    deletePostCategory: (ctx: RequestContext, id: number) => write(ctx, async (tx, record) => {
      const before = await postCategory(tx, ctx, id);
      await repo.deletePostCategory(tx, ctx.store.id, id);
      await record({ action: 'post_category.delete', objectType: 'post_category', objectId: id, changes: removedFields({ name: before.name, slug: before.slug }) });
      return { deleted: true as const };
    }),

    // ---------- Pages and page categories ----------

    async pages(ctx: RequestContext): Promise<AdminPagesResponse> {
      const q = executor(db, ctx);
      const [rows, categories] = await Promise.all([repo.listPages(q, ctx.store.id), repo.listPageCategories(q, ctx.store.id)]);
      return {
        pages: rows.map((r) => ({ id: r.id, title: r.title, url: r.url, placement: r.placement, page_category_id: r.pageCategoryId, sort_order: r.sortOrder })),
        categories: categories.map((c) => ({ id: c.id, name: c.name, sort_order: c.sortOrder, pages: c.pages })),
      };
    },

    page: async (ctx: RequestContext, id: number) => ({ page: await page(executor(db, ctx), ctx, id) }),

    createPage: (ctx: RequestContext, b: AdminPageBody) => write(ctx, async (tx, record) => {
      const values = await pageValues(tx, ctx, b);
      const id = await repo.insertPage(tx, ctx.store.id, values).catch(pageUrlTaken);
      await record({ action: 'page.create', objectType: 'page', objectId: id, changes: changedFields(null, values) });
      return { page: await page(tx, ctx, id) };
    }),

    updatePage: (ctx: RequestContext, id: number, b: AdminPageBody) => write(ctx, async (tx, record) => {
      const found = await repo.findPage(tx, ctx.store.id, id, true);
      if (!found) throw new NotFoundError('This page does not exist.');
      const { id: _id, ...before } = found;
      const values = await pageValues(tx, ctx, b);
      await repo.updatePage(tx, ctx.store.id, id, values).catch(pageUrlTaken);
      await record({ action: 'page.update', objectType: 'page', objectId: id, changes: changedFields(before, values) });
      return { page: await page(tx, ctx, id) };
    }),

    deletePage: (ctx: RequestContext, id: number) => write(ctx, async (tx, record) => {
      const found = await repo.findPage(tx, ctx.store.id, id, true);
      if (!found) throw new NotFoundError('This page does not exist.');
      const { id: _id, ...before } = found;
      await repo.deletePage(tx, ctx.store.id, id);
      await record({ action: 'page.delete', objectType: 'page', objectId: id, changes: removedFields(before) });
      return { deleted: true as const };
    }),

    createPageCategory: (ctx: RequestContext, b: AdminPageCategoryBody) => write(ctx, async (tx, record) => {
      const values = { name: b.name, sortOrder: b.sort_order };
      const id = await repo.insertPageCategory(tx, ctx.store.id, values);
      await record({ action: 'page_category.create', objectType: 'page_category', objectId: id, changes: changedFields(null, values) });
      return { category: await pageCategory(tx, ctx, id) };
    }),

    updatePageCategory: (ctx: RequestContext, id: number, b: AdminPageCategoryBody) => write(ctx, async (tx, record) => {
      const before = await pageCategory(tx, ctx, id);
      const values = { name: b.name, sortOrder: b.sort_order };
      await repo.updatePageCategory(tx, ctx.store.id, id, values);
      await record({ action: 'page_category.update', objectType: 'page_category', objectId: id, changes: changedFields({ name: before.name, sortOrder: before.sort_order }, values) });
      return { category: await pageCategory(tx, ctx, id) };
    }),

    /** Only an empty category goes: its pages would drop out of every menu. */
    deletePageCategory: (ctx: RequestContext, id: number) => write(ctx, async (tx, record) => {
      const before = await pageCategory(tx, ctx, id);
      if (before.pages) throw new ConflictError(`This category still holds ${before.pages} pages: move or remove them first.`, 'category_not_empty');
      await repo.deletePageCategory(tx, ctx.store.id, id);
      await record({ action: 'page_category.delete', objectType: 'page_category', objectId: id, changes: removedFields({ name: before.name, sortOrder: before.sort_order }) });
      return { deleted: true as const };
    }),
  };
}

export type ContentAdminService = ReturnType<typeof createContentAdminService>;
