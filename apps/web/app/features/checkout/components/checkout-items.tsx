import type { Item } from '@gemstore/contracts';
import { StoneLineCells, StoneLinesHead } from '../../../components/ui/stone-line.tsx';

/** The Review Order's stones; a stone sold or reserved meanwhile is marked and left out of the total. */
export function CheckoutItems({ items }: { items: Item[] }) {
  return (
    <table className="lines-table" data-testid="checkout-items">
      <caption className="visually-hidden">Stones in this order</caption>
      <StoneLinesHead />
      <tbody>
        {items.map((item) => (
          <tr key={item.id} className={item.status === 'available' ? undefined : 'is-unavailable'} data-testid="checkout-item" data-item-id={item.id}>
            <StoneLineCells item={item} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
