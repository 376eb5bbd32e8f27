import { Link } from 'react-router';
import type { Item } from '@gemstore/contracts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { itemPath, itemTitle, rattiLabel } from '../../../lib/item-format.ts';
import { mediaUrl } from '../../../lib/media.ts';
import { usePriceFormatter } from '../../../lib/store-context.tsx';

/** The Review Order's stones; a stone sold or reserved meanwhile is marked and left out of the total. */
export function CheckoutItems({ items }: { items: Item[] }) {
  const price = usePriceFormatter();
  return (
    <table className="lines-table" data-testid="checkout-items">
      <caption className="visually-hidden">Stones in this order</caption>
      <thead>
        <tr>
          <th scope="col"><span className="visually-hidden">Image</span></th>
          <th scope="col">SKU</th>
          <th scope="col">Product</th>
          <th scope="col">Ratti</th>
          <th scope="col" className="num">Amount</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} className={item.status === 'available' ? undefined : 'is-unavailable'} data-testid="checkout-item" data-item-id={item.id}>
            <td className="lines-table__thumb"><SafeImage src={mediaUrl(item.image)} alt="" width={100} height={100} className="thumb" /></td>
            <td data-label="SKU" className="lines-table__sku">{item.sku}</td>
            <td data-label="Product" className="lines-table__product">
              <Link to={itemPath(item)}>{itemTitle(item)}</Link>
              {item.status !== 'available' && <span className="badge badge--muted">Unavailable</span>}
            </td>
            <td data-label="Ratti">{rattiLabel(item.ratti.rati_standard)}</td>
            <td data-label="Amount" className="num">{price(item.amounts.mrpAmount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
