import type { Route } from './+types/blog-category-or-post';
import { BlogListView } from '../features/blog/components/blog-list-view.tsx';
import { PostView } from '../features/blog/components/post-view.tsx';
import { loadBlogList } from '../features/blog/blog-data.server.ts';
import { DEFAULT_BLOG_COVER, mediaUrl } from '../lib/media.ts';
import { loadRequired, requireRef, serverApi } from '../lib/server-api.ts';
import { postPath } from '../features/blog/post-paths.ts';
import { ogImage, seo, storeFromMatches, textOf } from '../lib/seo.ts';
import { blogPosting, ldJson } from '../lib/structured-data.ts';
import contentCss from '../styles/content.css?url';
import { publicPage } from '../lib/page-headers.ts';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [contentCss] };

/** The same for every visitor: browsers and CDNs may keep it (lib/page-headers.ts). */
export const headers: Route.HeadersFunction = publicPage;

/**
 * The blog has both /blog/{categoryId}/{page?} and /blog/{categoryUrl}/{url}. A purely numeric
 * second segment is a page of the category's list; anything else is a post's url.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const category = requireRef(params.category);
  if (/^\d+$/.test(params.second)) return loadBlogList(context, category, Number(params.second));
  const { post } = await loadRequired(serverApi(context).post({ params: { url: requireRef(params.second) } }));
  return { kind: 'post' as const, post };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const store = storeFromMatches(matches);
  if (loaderData.kind === 'list') {
    const category = loaderData.posts.category;
    const page = loaderData.posts.data.current_page;
    return seo({
      title: `${category?.name ?? 'Journal'}${page > 1 ? `, page ${page}` : ''}`,
      description: category ? `Posts about ${category.name}.` : 'Notes on gemstones.',
      store,
      path: location.pathname,
    });
  }
  const { post } = loaderData;
  const metaDescription = post.meta_values.find((m) => m.meta.name === 'description')?.content;
  const description = metaDescription || post.description || textOf(post.body);
  const image = mediaUrl(post.cover_photo_url, DEFAULT_BLOG_COVER);
  // One address per post: the path its first category gives, whichever category's path it was opened on.
  const path = postPath(post);
  return [
    ...seo({
      title: post.meta_values.find((m) => m.meta.name === 'title')?.content || post.title,
      description,
      type: 'article',
      image,
      store,
      path,
    }),
    { property: 'article:published_time', content: post.published_at },
    ...(store ? [ldJson(blogPosting(store.profile, post, path, ogImage(image) || image, description))] : []),
  ];
}

export default function BlogCategoryOrPost({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === 'list' ? <BlogListView data={loaderData} /> : <PostView post={loaderData.post} />;
}
