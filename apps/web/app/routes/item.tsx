import { useEffect, useState } from 'react';
import { listingPath } from '@gemstore/contracts/paths';
import { isSafeWebUrl } from '@gemstore/contracts/urls';
import { TREATMENT_LABELS } from '@gemstore/contracts/constants';
import type { Route } from './+types/item';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { PriceNote } from '../components/ui/price-note.tsx';
import { Tabs } from '../components/ui/tabs.tsx';
import { useItemCartActions } from '../features/cart/use-item-cart-actions.ts';
import { useRelatedItems, useViewedItems } from '../features/catalog/api/get-related.ts';
import { ItemActions } from '../features/catalog/components/item-actions.tsx';
import { ItemGallery } from '../features/catalog/components/item-gallery.tsx';
import { StoneShelf } from '../features/catalog/components/stone-shelf.tsx';
import { WishlistHeart } from '../features/wishlist/components/wishlist-heart.tsx';
import { formatCarats, formatMg, formatRattiBucket, formatWeight } from '@gemstore/contracts/format';
import { formatNumber, itemPath, itemTitle, rattiText } from '../lib/item-format.ts';
import { mediaUrl } from '../lib/media.ts';
import { recentlyViewedIds, rememberViewed } from '../lib/recently-viewed.ts';
import { loadRequired, requireRef, serverApi } from '../lib/server-api.ts';
import { ogImage, seo, storeFromMatches } from '../lib/seo.ts';
import { ldJson, product } from '../lib/structured-data.ts';
import { usePriceFormatter, useStoreProfile } from '../lib/store-context.tsx';
import catalogCss from '../styles/catalog.css?url';
import { publicPage } from '../lib/page-headers.ts';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [catalogCss] };

/** The same for every visitor: browsers and CDNs may keep it (lib/page-headers.ts). */
export const headers: Route.HeadersFunction = publicPage;

/** /item/{itemId}: the friendly url or the id. A sold stone still has its page, marked Sold. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { item } = await loadRequired(serverApi(context).itemDetails({ params: { id: requireRef(params.itemId) } }));
  return { item };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { item } = loaderData;
  const store = storeFromMatches(matches);
  const title = itemTitle(item);
  const description = item.description
    || `${title}: ${formatCarats(item.carat)} (${formatRattiBucket(item.ratti.rati_standard)} ratti range), ${item.color.color}, ${item.clarity.clarity}, ${item.origin.origin}. Certified by ${item.certificate.lab}.`;
  // Sites that show a link's picture read raster images: a photo's JPEG copy, or the catalogue SVG drawn as a PNG.
  const image = item.photos[0]?.jpeg ?? mediaUrl(item.image, '');
  // One address per stone, whether it was opened by its friendly url or its id.
  const path = itemPath(item);
  const tags = seo({ title, description, type: 'product', image, store, path });
  if (store) tags.push(ldJson(product(store.profile, item, { title, description, path, image: ogImage(image) || image })));
  return tags;
}

function StatusNote({ status }: { status: string }) {
  if (status === 'sold') return <p className="item-status item-status--sold" data-testid="sold">Sold. This stone has found its owner.</p>;
  if (status === 'reserved') return <p className="item-status" data-testid="reserved">Reserved: this stone is held for another customer's order.</p>;
  return null;
}

export default function ItemPage({ loaderData }: Route.ComponentProps) {
  const { item } = loaderData;
  const profile = useStoreProfile();
  const price = usePriceFormatter();
  const cart = useItemCartActions(item.id);
  // Below the stone, read in the browser so the server-rendered page costs no more: similar stones
  // and the ones this browser viewed before this one.
  const related = useRelatedItems(item.id);
  const [viewedIds, setViewedIds] = useState<number[]>([]);
  useEffect(() => {
    setViewedIds(recentlyViewedIds().filter((id) => id !== item.id));
    rememberViewed(item.id);
  }, [item.id]);
  const viewed = useViewedItems(viewedIds);
  const title = itemTitle(item);
  const pricePerCarat = item.carat > 0 ? price(item.amounts.mrpAmount / item.carat) : null;
  const attributes: [string, string][] = [
    ['Weight', `${formatMg(item.weight)} (${formatCarats(item.carat)})`],
    ['Ratti', rattiText(item, profile.ratti_mg)],
    ['Colour', item.color.color],
    ['Clarity', item.clarity.clarity],
    ['Grade', item.product_grade.grade || item.product_grade.alias],
    ['Origin', item.origin.origin],
    ['Shape', item.shape.shape],
    ['Treatment', TREATMENT_LABELS[item.treatment]],
    ['Width', `${formatNumber(item.width)} mm`],
    ['Length', `${formatNumber(item.length)} mm`],
    ['Depth', `${formatNumber(item.depth)} mm`],
    ['Certificate', `${item.certificate.lab}, report ${item.certificate.number}`],
  ];

  return (
    <div className="container item">
      <Breadcrumbs items={[
        { label: 'Home', to: '/home' },
        { label: item.product.name, to: listingPath(item.product.category_url, item.product.url) },
        { label: title },
      ]} />
      <div className="item__layout">
        <ItemGallery item={item} alt={`${title}, ${item.color.color} ${item.shape.shape}`}
          certificateAlt={`${item.certificate.lab} certificate, report ${item.certificate.number}`}
          certificateCaption={<>
            Certified by <strong data-testid="certificate-lab">{item.certificate.lab}</strong>, report no. <strong data-testid="certificate-number">{item.certificate.number}</strong>
            {isSafeWebUrl(item.certificate_verification_url) && (
              <>
                {' '}
                <a className="item__verify" href={item.certificate_verification_url} target="_blank" rel="noopener noreferrer" data-testid="certificate-verify">
                  Verify<span className="visually-hidden"> report {item.certificate.number} on the {item.certificate.lab} website (opens in a new tab)</span>
                </a>
              </>
            )}
          </>}
        />
        <div className="item__summary">
          <p className="eyebrow">{item.product.name}</p>
          <h1 className="page-title" data-testid="item-name">{title}</h1>
          <p className="item__price" data-testid="stone-price">{price(item.amounts.mrpAmount)}</p>
          <PriceNote />
          <StatusNote status={item.status} />
          <dl className="item__facts">
            <div><dt>SKU</dt><dd data-testid="item-sku">{item.sku}</dd></div>
            <div><dt>Weight</dt><dd data-testid="item-weight">{formatWeight({ mg: item.weight, carats: item.carat })}</dd></div>
            <div><dt>Ratti</dt><dd data-testid="stone-ratti">{rattiText(item, profile.ratti_mg)}</dd></div>
            {pricePerCarat && <div><dt>Price per carat</dt><dd data-testid="price-per-carat">{pricePerCarat}</dd></div>}
            <div><dt>Colour</dt><dd>{item.color.color}</dd></div>
            <div><dt>Origin</dt><dd>{item.origin.origin}</dd></div>
            <div><dt>Treatment</dt><dd data-testid="item-treatment">{TREATMENT_LABELS[item.treatment]}</dd></div>
          </dl>
          <p className="item__ratti-note" data-testid="ratti-definition">1 ratti = {formatMg(profile.ratti_mg)} at this store</p>
          <ItemActions item={item} inCart={cart.inCart} adding={cart.adding} error={cart.error}
            onAddToCart={cart.addToCart} onBuyNow={cart.buyNow} />
          <div data-testid="item-summary-heart"><WishlistHeart itemId={item.id} name={title} showText /></div>
        </div>
      </div>

      <Tabs
        label="Stone details"
        tabs={[
          {
            id: 'description',
            label: 'Description',
            content: <div className="prose" data-testid="item-description"><p>{item.description || `${title}, natural and certified.`}</p></div>,
          },
          {
            id: 'additional',
            label: 'Additional Information',
            content: (
              <table className="attr-table" data-testid="attribute-table">
                <caption className="visually-hidden">Attributes of {title}</caption>
                <tbody>
                  {attributes.map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>)}
                </tbody>
              </table>
            ),
          },
        ]}
      />
      <StoneShelf title={`More ${item.product.name} like this`} items={related.data?.items} testId="related-stones" />
      <StoneShelf title="Recently viewed" items={viewed.data} testId="recently-viewed" />
    </div>
  );
}
