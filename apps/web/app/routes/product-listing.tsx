import type { Route } from './+types/product-listing';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { useListingItems } from '../features/catalog/api/get-listing-page.ts';
import { StoneResults } from '../features/catalog/components/stone-results.tsx';
import { filterFromSearch, listingBody } from '../features/catalog/listing-filter.ts';
import { INR } from '../lib/money.ts';
import { loadRequired, notFound, requireRef, serverApi } from '../lib/server-api.ts';
import { mediaUrl } from '../lib/media.ts';
import { seo, storeFromMatches } from '../lib/seo.ts';
import catalogCss from '../styles/catalog.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogCss }];

/** product/{productCategoryId}/{productId}: filters, their counts and page 1 render on the server from the query string. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const categoryRef = requireRef(params.productCategoryId);
  const productRef = requireRef(params.productId);
  const filter = filterFromSearch(new URL(request.url).searchParams);
  const api = serverApi(context);
  // Prices are typed in the store's currency; only a price filter needs it to make the body.
  const currency = filter.priceMin !== undefined || filter.priceMax !== undefined ? (await loadRequired(api.storeProfile())).profile.currency : INR;
  const body = listingBody(filter, productRef, currency);
  const [attributes, counts, firstPage] = await Promise.all([
    loadRequired(api.productAttributes({ params: { id: productRef } })),
    loadRequired(api.stoneCounts({ body })),
    loadRequired(api.productItems({ query: { page: 1 }, body })),
  ]);
  const category = attributes.product.product_category;
  if (categoryRef !== category.url.content && categoryRef !== String(category.id)) notFound('This product is not in that category.');
  return { product: attributes.product, counts, filter, body, firstPage };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { product, counts } = loaderData;
  return seo({
    title: `${product.name}: natural certified stones`,
    description: product.description || `${counts.product_stocks_count} natural, certified ${product.name} stones, each unique, with certificate.`,
    image: mediaUrl(product.primary_image.filename, ''),
    store: storeFromMatches(matches),
  });
}

export default function ProductListing({ loaderData }: Route.ComponentProps) {
  const { product, counts, filter, body, firstPage } = loaderData;
  const query = useListingItems(body, firstPage);
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
        more={{ hasMore: query.hasNextPage, loading: query.isFetchingNextPage, error: query.isFetchNextPageError, load: () => { if (!query.isFetching) void query.fetchNextPage(); } }}
      />
      {/* The gem's story comes after its stones, so a phone shows stones on its first screen. */}
      {product.description && (
        <details className="listing__about" data-testid="listing-about">
          <summary>About {product.name}</summary>
          <p className="listing__intro">{product.description}</p>
        </details>
      )}
    </div>
  );
}
