import type { Route } from './+types/static-page';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { loadRequired, requireRef, serverApi } from '../lib/server-api.ts';
import { seo, storeFromMatches, textOf } from '../lib/seo.ts';
import contentCss from '../styles/content.css?url';
import { publicPage } from '../lib/page-headers.ts';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [contentCss] };

/** The same for every visitor: browsers and CDNs may keep it (lib/page-headers.ts). */
export const headers: Route.HeadersFunction = publicPage;

/** /{id}: a static content page by url or id. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { page } = await loadRequired(serverApi(context).page({ params: { id: requireRef(params.pageId) } }));
  return { page };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const { page } = loaderData;
  return seo({
    title: page.title,
    description: page.meta_description || textOf(page.body),
    type: 'article',
    store: storeFromMatches(matches),
    path: location.pathname,
  });
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="container page" data-testid="static-page">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: page.title }]} />
      <h1 className="page-title">{page.title}</h1>
      {/* The API sanitises page HTML. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.body }} />
    </article>
  );
}
