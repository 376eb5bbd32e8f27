import { Link } from 'react-router';
import type { Item } from '@gemstore/contracts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { mediaUrl } from '../../../lib/media.ts';
import { usePriceFormatter, useStoreProfile } from '../../../lib/store-context.tsx';
import { formatNumber, itemPath, itemTitle, rattiText } from '../../../lib/item-format.ts';

/** A stone in a listing: image, name with weight, ratti, price; the whole card links to the stone. */
export function ItemCard({ item, eager = false }: { item: Item; eager?: boolean }) {
  const price = usePriceFormatter();
  const { ratti_mg: rattiMg } = useStoreProfile();
  return (
    <li className="item-card" data-testid="item-card" data-item-id={item.id}>
      <Link to={itemPath(item)} className="item-card__link">
        <div className="item-card__media">
          <SafeImage src={mediaUrl(item.image)} alt={`${item.name}, ${item.shape.shape}`} width={300} height={300} loading={eager ? 'eager' : 'lazy'} />
        </div>
        <div className="item-card__body">
          <h2 className="item-card__title" data-testid="item-title">{itemTitle(item)}</h2>
          <p className="item-card__meta">
            <span>{formatNumber(item.carat)} ct</span>
            <span aria-hidden="true"> · </span>
            <span data-testid="item-ratti">{rattiText(item, rattiMg)}</span>
            <span aria-hidden="true"> · </span>
            <span>{item.shape.shape}</span>
          </p>
          <p className="item-card__price" data-testid="item-price">{price(item.amounts.mrpAmount)}</p>
        </div>
      </Link>
    </li>
  );
}
