import type { OrderLine } from '@gemstore/contracts';
import { StoneProductCell, StoneThumbCell } from '../../../components/ui/stone-line.tsx';
import { itemPath } from '../../../lib/item-format.ts';
import { usePriceFormatter } from '../../../lib/store-context.tsx';
import { orderLineTitle } from '../format.ts';

/** The order's stones with the amounts they were bought for, and where each stands once returned or refunded. */
export function OrderLines({ lines }: { lines: OrderLine[] }) {
  const price = usePriceFormatter();
  return (
    <table className="lines-table" data-testid="order-lines">
      <caption className="visually-hidden">Stones in this order</caption>
      <thead>
        <tr>
          <th scope="col"><span className="visually-hidden">Image</span></th>
          <th scope="col">Product</th>
          <th scope="col">SKU</th>
          <th scope="col" className="num">Amount</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} data-testid="order-line" data-line-id={line.id}>
            <StoneThumbCell image={line.item.image} />
            <StoneProductCell
              to={itemPath(line.item)}
              title={orderLineTitle(line.item)}
              badge={line.stage_label && <span className={`badge badge--${line.stage}`} data-testid="line-stage">{line.stage_label}</span>}
            />
            <td data-label="SKU" className="lines-table__sku">{line.item.sku}</td>
            <td data-label="Amount" className="num">{price(line.product_amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
