import { Link } from 'react-router';
import type { Item } from '@gemstore/contracts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { mediaUrl } from '../../../lib/media.ts';
import { usePriceFormatter, useStoreProfile } from '../../../lib/store-context.tsx';
import { formatCarats } from '@gemstore/contracts/format';
import { itemPath, itemTitle, rattiText, STONE_STATUS_WORDS as STATUS_WORDS } from '../../../lib/item-format.ts';
import { WishlistHeart } from '../../wishlist/components/wishlist-heart.tsx';

/**
 * A stone in a listing: image, name with weight, ratti, price; the whole card links to the stone,
 * and its heart (beside the link, not in it) keeps it on the wishlist. A stone no longer for sale
 * (on a wishlist) says so. `heading` is the title's level: h2 in a listing, h3 under a section's own h2.
 * `eager` cards are in the first screen; the `first` one's picture is the largest thing a phone
 * paints there, so the browser fetches it before the rest.
 */
export function ItemCard({ item, eager = false, first = false, heading: Heading = 'h2' }: { item: Item; eager?: boolean; first?: boolean; heading?: 'h2' | 'h3' }) {
  const price = usePriceFormatter();
  const { ratti_mg: rattiMg } = useStoreProfile();
  return (
    <li className="item-card" data-testid="item-card" data-item-id={item.id}>
      <Link to={itemPath(item)} className="item-card__link">
        <div className="item-card__media">
          <SafeImage src={mediaUrl(item.image)} alt={`${item.name}, ${item.shape.shape}`} width={300} height={300}
            loading={eager || first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : undefined} />
        </div>
        <div className="item-card__body">
          <Heading className="item-card__title" data-testid="item-title">{itemTitle(item)}</Heading>
          <p className="item-card__meta">
            <span>{formatCarats(item.carat)}</span>
            <span aria-hidden="true"> · </span>
            <span data-testid="item-ratti">{rattiText(item, rattiMg)}</span>
            <span aria-hidden="true"> · </span>
            <span>{item.shape.shape}</span>
          </p>
          <p className="item-card__price" data-testid="item-price">{price(item.amounts.mrpAmount)}</p>
          {STATUS_WORDS[item.status] && <p className="item-card__status" data-testid="item-status">{STATUS_WORDS[item.status]}</p>}
        </div>
      </Link>
      <WishlistHeart itemId={item.id} name={itemTitle(item)} />
    </li>
  );
}
