import type { CartEntry } from '@gemstore/contracts';
import { StoneLineCells, StoneLinesHead } from '../../../components/ui/stone-line.tsx';
import { itemTitle } from '../../../lib/item-format.ts';

/** Image (at most 100 px wide), SKU, product, ratti with a plus sign, amount and remove. */
export function CartTable({ cart, removingId, onRemove }: { cart: CartEntry[]; removingId: number | null; onRemove: (entry: CartEntry) => void }) {
  return (
    <table className="lines-table cart-table" data-testid="cart-table">
      <caption className="visually-hidden">Stones in your cart</caption>
      <StoneLinesHead action="Remove" />
      <tbody>
        {cart.map((entry) => {
          const { item } = entry;
          const available = item.status === 'available';
          return (
            <tr key={entry.id} className={available ? undefined : 'is-unavailable'} data-testid="cart-row" data-item-id={item.id} data-cart-id={entry.id}>
              <StoneLineCells item={item} linkThumb testIdPrefix="cart" />
              <td className="lines-table__action">
                <button type="button" className="text-button text-button--danger" disabled={removingId === entry.id}
                  onClick={() => onRemove(entry)} data-testid="cart-remove" aria-label={`Remove ${itemTitle(item)}`}>
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
