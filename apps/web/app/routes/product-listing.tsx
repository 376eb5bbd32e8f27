import { useState } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import type { Route } from './+types/product-listing';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { LoadMore } from '../components/ui/load-more.tsx';
import { PriceNote } from '../components/ui/price-note.tsx';
import { useListingItems } from '../features/catalog/api/get-listing-page.ts';
import { FilterPanel } from '../features/catalog/components/filter-panel.tsx';
import { ItemCard } from '../features/catalog/components/item-card.tsx';
import { activeFilterCount, filterFromSearch, filterToSearch, listingBody, type ListingFilter } from '../features/catalog/listing-filter.ts';
import { loadRequired, notFound, requireRef, serverApi } from '../lib/server-api.ts';
import { mediaUrl } from '../lib/media.ts';
import { seo, storeFromMatches } from '../lib/seo.ts';
import { itemPath } from '../lib/item-format.ts';
import { ldJson, itemList } from '../lib/structured-data.ts';
import { ITEMS_PER_PAGE } from '@gemstore/contracts/constants';
import catalogCss from '../styles/catalog.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogCss }];

/** product/{productCategoryId}/{productId}: filters and page 1 render on the server from the query string. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const categoryRef = requireRef(params.productCategoryId);
  const productRef = requireRef(params.productId);
  const search = new URL(request.url).searchParams;
  const filter = filterFromSearch(search);
  const page = pageFromSearch(search);
  const body = listingBody(filter, productRef);
  const api = serverApi(context);
  const [attributes, firstPage] = await Promise.all([
    loadRequired(api.productAttributes({ params: { id: productRef } })),
    loadRequired(api.productItems({ query: { page }, body })),
  ]);
  const category = attributes.product.product_category;
  if (categoryRef !== category.url.content && categoryRef !== String(category.id)) notFound('This product is not in that category.');
  if (page > 1 && firstPage.data.length === 0) notFound('There is no such page of stones.');
  return { attributes, filter, body, firstPage, page };
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
  const { product, product_stocks_count: count } = loaderData.attributes;
  const { page, firstPage } = loaderData;
  const store = storeFromMatches(matches);
  // Filters narrow the one listing: its address is the product's, with the page for later pages.
  const path = `${location.pathname}${page > 1 ? `?page=${page}` : ''}`;
  const tags = seo({
    title: `${product.name}: natural certified stones${page > 1 ? `, page ${page}` : ''}`,
    description: product.description || `${count} natural, certified ${product.name} stones, each unique, with certificate.`,
    image: mediaUrl(product.primary_image.filename, ''),
    store,
    path,
  });
  if (page > 1) tags.push({ tagName: 'link', rel: 'prev', href: `${location.pathname}${pageHref(location.search, page - 1)}`.replace(/\?$/, '') });
  if (firstPage.data.length === ITEMS_PER_PAGE) tags.push({ tagName: 'link', rel: 'next', href: `${location.pathname}${pageHref(location.search, page + 1)}` });
  if (store) tags.push(ldJson(itemList(store.origin, product.name, firstPage.data.map(itemPath), (page - 1) * ITEMS_PER_PAGE)));
  return tags;
}

export default function ProductListing({ loaderData }: Route.ComponentProps) {
  const { attributes, filter, body, firstPage, page } = loaderData;
  const { product } = attributes;
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const query = useListingItems(body, firstPage, page);
  const items = query.data.pages.flatMap((p) => p.data);
  const busy = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const activeCount = activeFilterCount(filter);

  const apply = (next: ListingFilter) => {
    const search = filterToSearch(next).toString();
    setFiltersOpen(false);
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { preventScrollReset: true });
  };

  return (
    <div className="container listing">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: product.product_category.name }, { label: product.name }]} />
      <header className="listing__header">
        <h1 className="page-title">{product.name}</h1>
        {product.description && <p className="listing__intro">{product.description}</p>}
        <p className="listing__count">{attributes.product_stocks_count} stones available · <PriceNote inline /></p>
      </header>

      <div className="listing__layout">
        <aside className={`listing__filters${filtersOpen ? ' is-open' : ''}`} aria-label="Filters">
          <button
            type="button"
            className="button button--ghost listing__filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls="listing-filter"
            onClick={() => setFiltersOpen((v) => !v)}
          >
            Filters{activeCount ? ` (${activeCount})` : ''}
          </button>
          {/* Re-mounted when the URL changes, so back/forward and shared links show their own filter. */}
          <FilterPanel key={location.search} id="listing-filter" attributes={attributes} filter={filter} action={location.pathname} onApply={apply} />
        </aside>

        <section className="listing__results" aria-label={`${product.name} stones`} aria-busy={busy}>
          {items.length === 0 ? (
            <p className="empty" data-testid="no-products">No Products Found.</p>
          ) : (
            <ul className="item-grid" data-testid="item-grid">
              {items.map((item, i) => <ItemCard key={item.id} item={item} eager={i < 4} />)}
            </ul>
          )}
          <LoadMore
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            error={query.isFetchNextPageError}
            onLoadMore={() => { if (!query.isFetching) void query.fetchNextPage(); }}
            label="Show more stones"
            href={pageHref(location.search, page + query.data.pages.length)}
          />
        </section>
      </div>
    </div>
  );
}
