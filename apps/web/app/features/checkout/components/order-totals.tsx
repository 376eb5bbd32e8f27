import type { Currency } from '@gemstore/contracts';
import { INR, formatPrice } from '../../../lib/money.ts';

/**
 * The Review Order summary: shipping as the fixed text 00.00, promotion as
 * Rs.00.00, totals with Rs. (payments are taken in rupees). A store showing dollars also shows the
 * amount in its own currency.
 */
export function OrderTotals({ itemsTotal, count, currency }: { itemsTotal: number; count: number; currency: Currency }) {
  const rupees = formatPrice(itemsTotal, INR);
  return (
    <dl className="summary-card__rows" data-testid="checkout-totals">
      <div><dt>Items ({count})</dt><dd data-testid="checkout-subtotal">{rupees}</dd></div>
      <div><dt>Shipping</dt><dd data-testid="checkout-shipping">00.00</dd></div>
      <div><dt>Promotion</dt><dd data-testid="checkout-promotion">Rs.00.00</dd></div>
      <div className="summary-card__total">
        <dt>Order Total</dt>
        <dd data-testid="checkout-total">{rupees}</dd>
      </div>
      {currency.currency !== 'INR' && (
        <div className="summary-card__converted"><dt>In {currency.currency}</dt><dd>{formatPrice(itemsTotal, currency)}</dd></div>
      )}
    </dl>
  );
}
