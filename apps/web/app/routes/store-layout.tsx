import { useEffect, type ReactNode } from 'react';
import { Outlet, isRouteErrorResponse, useRouteError, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/store-layout';
import { NotFound } from '../components/ui/not-found.tsx';
import { useCartCount } from '../features/cart/api/get-cart.ts';
import { useGuestCartMerge } from '../features/cart/api/merge-cart.ts';
import { SiteFooter } from '../features/site/components/site-footer.tsx';
import { SiteHeader } from '../features/site/components/site-header.tsx';
import { SearchBox } from '../features/catalog/components/search-box.tsx';
import { siteData, type SiteData } from '../features/site/site-data.ts';
import { loadSite } from '../lib/server-api.ts';
import { takeRefreshFlag } from '../lib/session.tsx';
import { StoreProvider } from '../lib/store-context.tsx';
import { seo } from '../lib/seo.ts';

/** The public layout: the store's header, menu and footer, loaded once per document from the server's per-store copy. */
export async function loader({ context }: Route.LoaderArgs) {
  const site = siteData(await loadSite(context));
  /** Canonical and Open Graph URLs are on the store's own domain, whatever Host the request named. */
  return { ...site, origin: site.profile.site_url };
}

// The chrome does not change while a visitor browses; child loaders carry the page data.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== 'GET' ? defaultShouldRevalidate : false;
}

/** Reached when a child route throws (404s and failures): the meta of the error page. */
export function meta({ error, loaderData }: Route.MetaArgs) {
  if (!error) return [];
  const store = loaderData ? { profile: loaderData.profile, origin: loaderData.origin } : undefined;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return seo({
    title: notFound ? 'Page not found' : 'Something went wrong',
    description: notFound ? 'The page you are looking for does not exist.' : 'Please try again in a moment.',
    store,
  });
}

function Chrome({ site, children }: { site: SiteData; children: ReactNode }) {
  // A guest's cart joins the account on the first page opened signed in.
  useGuestCartMerge();
  const cartCount = useCartCount();
  return (
    <StoreProvider profile={site.profile}>
      <SiteHeader site={site} cartCount={cartCount} search={<SearchBox />} />
      <main id="main" className="site-main" tabIndex={-1}>{children}</main>
      <SiteFooter site={site} />
    </StoreProvider>
  );
}

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  // Layout pages reload once if the one-time refresh flag was stored (set at sign-in).
  useEffect(() => {
    if (takeRefreshFlag()) window.location.reload();
  }, []);
  return <Chrome site={loaderData}><Outlet /></Chrome>;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const site = useRouteLoaderData<typeof loader>('routes/store-layout');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) ? (error.data as { message?: string } | null)?.message : undefined;
  const body = status === 404
    ? <NotFound />
    : (
      <section className="not-found" aria-labelledby="error-title">
        <h1 id="error-title">Something went wrong</h1>
        <p>{message ?? 'Please try again in a moment.'}</p>
      </section>
    );
  // Without the store (unknown domain, API down) there is no chrome to draw.
  if (!site) {
    return (
      <main className="bare-error">
        <h1>{status === 404 ? 'Shop not found' : 'Something went wrong'}</h1>
        <p>{message ?? 'Please try again in a moment.'}</p>
      </main>
    );
  }
  return <Chrome site={site}>{body}</Chrome>;
}
