import { Link } from 'react-router';
import type { Route } from './+types/search';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '@gemstore/contracts/constants';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { useSearchItems } from '../features/catalog/api/get-search-page.ts';
import { StoneResults } from '../features/catalog/components/stone-results.tsx';
import { filterFromSearch, searchBody } from '../features/catalog/listing-filter.ts';
import { pagePath } from '../features/site/site-data.ts';
import { loadRequired, loadSite, serverApi } from '../lib/server-api.ts';
import { seo, storeFromMatches } from '../lib/seo.ts';
import catalogCss from '../styles/catalog.css?url';
import { publicPage } from '../lib/page-headers.ts';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [catalogCss] };

/** The same for every visitor: browsers and CDNs may keep it (lib/page-headers.ts). */
export const headers: Route.HeadersFunction = publicPage;

/** search?q=...: the stones the words find, with the listing's filters, and the store's pages that match. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  if (q.length < SEARCH_MIN_LENGTH) return { q, results: null };
  const filter = filterFromSearch(params);
  const api = serverApi(context);
  // Prices are typed in the store's currency (the server keeps the store's layout).
  const body = searchBody(filter, (await loadSite(context)).profile.currency, { q });
  const [counts, firstPage, suggestions] = await Promise.all([
    loadRequired(api.stoneCounts({ body })),
    loadRequired(api.search({ query: { page: 1 }, body })),
    loadRequired(api.searchSuggestions({ query: { q } })),
  ]);
  return { q, results: { filter, body, counts, firstPage, pages: suggestions.pages } };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const tags = seo({
    title: loaderData.q ? `Search: ${loaderData.q}` : 'Search',
    description: 'Search the natural, certified stones and pages of this shop.',
    store: storeFromMatches(matches),
  });
  // Result pages are for shoppers, not for search engines' indexes.
  return [...tags, { name: 'robots', content: 'noindex, follow' }];
}

type Results = NonNullable<Route.ComponentProps['loaderData']['results']>;

function SearchResults({ q, results }: { q: string; results: Results }) {
  const query = useSearchItems(results.body, results.firstPage);
  const items = query.data.pages.flatMap((p) => p.data);
  return (
    <StoneResults
      label={`Stones found for ${q}`}
      filter={results.filter}
      counts={results.counts}
      items={items}
      keep={{ q }}
      more={{ hasMore: query.hasNextPage, loading: query.isFetchingNextPage, error: query.isFetchNextPageError, load: () => { if (!query.isFetching) void query.fetchNextPage(); } }}
    >
      {(results.counts.products.length > 1 || results.pages.length > 0) && (
        <nav className="search-also" aria-label="Gem types and pages found">
          {results.counts.products.length > 1 && (
            <ul className="search-also__list" data-testid="search-products">
              {results.counts.products.map((p) => (
                <li key={p.id}>
                  <Link to={`/product/${encodeURIComponent(p.category_url)}/${encodeURIComponent(p.url)}`}>{p.name} ({p.alias})</Link>
                  <span className="check__count"> {p.product_stocks_count}</span>
                </li>
              ))}
            </ul>
          )}
          {results.pages.length > 0 && (
            <ul className="search-also__list" data-testid="search-pages">
              {results.pages.map((p) => <li key={p.id}><Link to={pagePath(p)}>{p.title}</Link></li>)}
            </ul>
          )}
        </nav>
      )}
    </StoneResults>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  return (
    <div className="container listing">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: 'Search' }]} />
      <header className="listing__header">
        <h1 className="page-title">{q ? <>Search: <q>{q}</q></> : 'Search'}</h1>
      </header>
      {results
        ? <SearchResults key={q} q={q} results={results} />
        : <p className="empty">Type at least {SEARCH_MIN_LENGTH} characters into the search box: a gem name (Neelam, Pukhraj, Manik), a colour, an origin, a shape, a SKU or a certificate number.</p>}
    </div>
  );
}
