import { z } from 'zod';
import { PageLink } from './store.ts';

export const PageCategory = z.object({ id: z.number(), name: z.string(), pages: z.array(PageLink) });
export type PageCategory = z.infer<typeof PageCategory>;
export const PageCategoriesResponse = z.object({ categories: z.array(PageCategory) });
export type PageCategoriesResponse = z.infer<typeof PageCategoriesResponse>;
export const PagesResponse = z.object({ pages: z.array(PageLink) });
export type PagesResponse = z.infer<typeof PagesResponse>;

export const Page = PageLink.extend({ body: z.string(), meta_description: z.string() });
export type Page = z.infer<typeof Page>;
export const PageResponse = z.object({ page: Page });
export type PageResponse = z.infer<typeof PageResponse>;

export const PostCategory = z.object({ id: z.number(), slug: z.string(), name: z.string() });
export type PostCategory = z.infer<typeof PostCategory>;
export const PostCategoriesResponse = z.object({ categories: z.array(PostCategory) });
export type PostCategoriesResponse = z.infer<typeof PostCategoriesResponse>;

export const PostSummary = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  cover_photo_url: z.string().nullable(),
  published_at: z.string(),
  categories: z.array(PostCategory.pick({ slug: true, name: true })),
});
export type PostSummary = z.infer<typeof PostSummary>;

export const Post = PostSummary.extend({
  body: z.string(),
  meta_values: z.array(z.object({ meta: z.object({ name: z.string() }), content: z.string() })),
});
export type Post = z.infer<typeof Post>;

/** Laravel-style paginator: clients of the API read the list at data.data. */
export const PostsResponse = z.object({
  data: z.object({
    data: z.array(PostSummary),
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
  }),
  category: PostCategory.optional(),
});
export type PostsResponse = z.infer<typeof PostsResponse>;
export const PostResponse = z.object({ post: Post });
export type PostResponse = z.infer<typeof PostResponse>;
