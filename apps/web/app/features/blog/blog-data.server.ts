import { loadOptional, loadRequired, notFound, serverApi, type LoadContextApi } from '../../lib/server-api.ts';

/** Loader data of a blog list: one page of posts (all, or one category's) and the categories sidebar. */
export async function loadBlogList(context: LoadContextApi, category: string | null, page: number) {
  if (!Number.isInteger(page) || page < 1 || page > 100000) notFound();
  const api = serverApi(context);
  const [posts, categories] = await Promise.all([
    loadRequired(category ? api.postsByCategory({ params: { id: category }, query: { page } }) : api.posts({ query: { page } })),
    loadOptional(api.postCategories()),
  ]);
  if (page > 1 && posts.data.data.length === 0) notFound('There is no such page of posts.');
  return { kind: 'list' as const, category, posts, categories: categories?.categories ?? [] };
}

export type BlogListData = Awaited<ReturnType<typeof loadBlogList>>;
