import { useLocation } from 'react-router';
import type { Route } from './+types/product-listing';
import { ITEMS_PER_PAGE } from '@gemstore/contracts/constants';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { SafeImage } from '../components/ui/safe-image.tsx';
import { useListingItems } from '../features/catalog/api/get-listing-page.ts';
import { StoneResults } from '../features/catalog/components/stone-results.tsx';
import { filterFromSearch, listingBody } from '../features/catalog/listing-filter.ts';
import { itemPath } from '../lib/item-format.ts';
import { loadRequired, loadSite, notFound, requireRef, serverApi } from '../lib/server-api.ts';
import { mediaUrl } from '../lib/media.ts';
import { seo, storeFromMatches } from '../lib/seo.ts';
import { ldJson, itemList } from '../lib/structured-data.ts';
import catalogCss from '../styles/catalog.css?url';
import { publicPage } from '../lib/page-headers.ts';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [catalogCss] };

/** The same for every visitor: browsers and CDNs may keep it (lib/page-headers.ts). */
export const headers: Route.HeadersFunction = publicPage;

/** product/{productCategoryId}/{productId}: filters, their counts and the page (?page=n) render on the server from the query string. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const categoryRef = requireRef(params.productCategoryId);
  const productRef = requireRef(params.productId);
  const search = new URL(request.url).searchParams;
  const filter = filterFromSearch(search);
  const page = pageFromSearch(search);
  const api = serverApi(context);
  // The store's layout (kept per store by the server) has its currency and its product list.
  const { profile, products } = await loadSite(context);
  // Prices are typed in the store's currency.
  const body = listingBody(filter, productRef, profile.currency);
  // The filter's values and their counts come with stone-counts.
  const [counts, firstPage] = await Promise.all([
    loadRequired(api.stoneCounts({ body })),
    loadRequired(api.productItems({ query: { page }, body })),
  ]);
  const product = products.find((p) => p.url.content === productRef || String(p.id) === productRef);
  if (!product) notFound('This product does not exist.');
  const category = product.product_category;
  if (categoryRef !== category.url.content && categoryRef !== String(category.id)) notFound('This product is not in that category.');
  if (page > 1 && firstPage.data.length === 0) notFound('There is no such page of stones.');
  return { product, counts, filter, body, firstPage, page };
}

/** ?page=n of a listing: a whole number from 1; anything else reads as page 1. */
function pageFromSearch(search: URLSearchParams): number {
  const n = Number(search.get('page') ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= 100000 ? n : 1;
}

/** The listing's address of page n: filters kept, page 1 without the parameter. */
function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const text = params.toString();
  return text ? `?${text}` : '?';
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const { product, counts, page, firstPage } = loaderData;
  const store = storeFromMatches(matches);
  // Filters narrow the one listing: its address is the product's, with the page for later pages.
  const path = `${location.pathname}${page > 1 ? `?page=${page}` : ''}`;
  const tags = seo({
    title: `${product.name}: natural certified stones${page > 1 ? `, page ${page}` : ''}`,
    description: product.description || `${counts.product_stocks_count} natural, certified ${product.name} stones, each unique, with certificate.`,
    // Sites that show a link's picture read raster images: an uploaded picture's JPEG copy.
    image: product.picture?.jpeg ?? mediaUrl(product.primary_image.filename, ''),
    store,
    path,
  });
  if (page > 1) tags.push({ tagName: 'link', rel: 'prev', href: `${location.pathname}${pageHref(location.search, page - 1)}`.replace(/\?$/, '') });
  if (firstPage.data.length === ITEMS_PER_PAGE) tags.push({ tagName: 'link', rel: 'next', href: `${location.pathname}${pageHref(location.search, page + 1)}` });
  if (store) tags.push(ldJson(itemList(store.origin, product.name, firstPage.data.map(itemPath), (page - 1) * ITEMS_PER_PAGE)));
  return tags;
}

export default function ProductListing({ loaderData }: Route.ComponentProps) {
  const { product, counts, filter, body, firstPage, page } = loaderData;
  const location = useLocation();
  const query = useListingItems(body, firstPage, page);
  const items = query.data.pages.flatMap((p) => p.data);

  return (
    <div className="container listing">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: product.product_category.name }, { label: product.name }]} />
      <header className="listing__header">
        <h1 className="page-title">{product.name}</h1>
      </header>
      <StoneResults
        label={`${product.name} stones`}
        filter={filter}
        counts={counts}
        items={items}
        more={{
          hasMore: query.hasNextPage, loading: query.isFetchingNextPage, error: query.isFetchNextPageError,
          load: () => { if (!query.isFetching) void query.fetchNextPage(); },
          href: pageHref(location.search, page + query.data.pages.length),
        }}
      />
      {/* The gem's story comes after its stones, so a phone shows stones on its first screen. */}
      {product.description && (
        <details className="listing__about" data-testid="listing-about">
          <summary>About {product.name}</summary>
          {product.primary_image.filename && (
            <SafeImage src={product.picture?.src ?? mediaUrl(product.primary_image.filename)} srcSet={product.picture?.srcset}
              sizes={product.picture ? '(max-width: 480px) 112px, 160px' : undefined} alt={product.name} width={160} height={160} className="listing__picture" data-testid="product-picture" />
          )}
          <p className="listing__intro">{product.description}</p>
        </details>
      )}
    </div>
  );
}
