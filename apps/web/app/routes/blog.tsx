import type { Route } from './+types/blog';
import { BlogListView } from '../features/blog/components/blog-list-view.tsx';
import { loadBlogList } from '../features/blog/blog-data.server.ts';
import { requireRef } from '../lib/server-api.ts';
import { seo, storeFromMatches } from '../lib/seo.ts';
import contentCss from '../styles/content.css?url';
import { publicPage } from '../lib/page-headers.ts';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [contentCss] };

/** The same for every visitor: browsers and CDNs may keep it (lib/page-headers.ts). */
export const headers: Route.HeadersFunction = publicPage;

/** blog/{page?}: all posts from that page on. A non-numeric segment is a category: /blog/{category}. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.page === undefined) return loadBlogList(context, null, 1);
  if (/^\d+$/.test(params.page)) return loadBlogList(context, null, Number(params.page));
  return loadBlogList(context, requireRef(params.page), 1);
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const category = loaderData.posts.category;
  const page = loaderData.posts.data.current_page;
  return seo({
    title: `${category ? `${category.name}: ` : ''}Journal${page > 1 ? `, page ${page}` : ''}`,
    description: category ? `Posts about ${category.name}.` : 'Notes on gemstones: how to choose, care for and wear them.',
    image: loaderData.posts.data.data[0]?.cover_photo_url,
    store: storeFromMatches(matches),
    path: location.pathname,
  });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return <BlogListView data={loaderData} />;
}
