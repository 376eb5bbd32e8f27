import { Link } from 'react-router';
import type { CartEntry } from '@gemstore/contracts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { itemPath, itemTitle, rattiLabel } from '../../../lib/item-format.ts';
import { mediaUrl } from '../../../lib/media.ts';
import { usePriceFormatter } from '../../../lib/store-context.tsx';

/** Spec section 2: image (at most 100 px wide), SKU, product, ratti with a plus sign, amount and remove. */
export function CartTable({ cart, removingId, onRemove }: { cart: CartEntry[]; removingId: number | null; onRemove: (entry: CartEntry) => void }) {
  const price = usePriceFormatter();
  return (
    <table className="lines-table cart-table" data-testid="cart-table">
      <caption className="visually-hidden">Stones in your cart</caption>
      <thead>
        <tr>
          <th scope="col"><span className="visually-hidden">Image</span></th>
          <th scope="col">SKU</th>
          <th scope="col">Product</th>
          <th scope="col">Ratti</th>
          <th scope="col" className="num">Amount</th>
          <th scope="col"><span className="visually-hidden">Remove</span></th>
        </tr>
      </thead>
      <tbody>
        {cart.map((entry) => {
          const { item } = entry;
          const available = item.status === 'available';
          const title = itemTitle(item);
          return (
            <tr key={entry.id} className={available ? undefined : 'is-unavailable'} data-testid="cart-row" data-item-id={item.id} data-cart-id={entry.id}>
              <td className="lines-table__thumb">
                <Link to={itemPath(item)} tabIndex={-1} aria-hidden="true">
                  <SafeImage src={mediaUrl(item.image)} alt="" width={100} height={100} className="thumb" />
                </Link>
              </td>
              <td data-label="SKU" className="lines-table__sku" data-testid="cart-sku">{item.sku}</td>
              <td data-label="Product" className="lines-table__product">
                <Link to={itemPath(item)}>{title}</Link>
                {!available && <span className="badge badge--muted" data-testid="cart-unavailable">Unavailable</span>}
              </td>
              <td data-label="Ratti" data-testid="cart-ratti">{rattiLabel(item.ratti.rati_standard)}</td>
              <td data-label="Amount" className="num" data-testid="cart-amount">{price(item.amounts.mrpAmount)}</td>
              <td className="lines-table__action">
                <button type="button" className="text-button text-button--danger" disabled={removingId === entry.id}
                  onClick={() => onRemove(entry)} data-testid="cart-remove" aria-label={`Remove ${title}`}>
                  {removingId === entry.id ? 'Removing…' : 'Remove'}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
