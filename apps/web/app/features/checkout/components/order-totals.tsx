import type { Currency } from '@gemstore/contracts';
import { INR, formatPrice, formatRate } from '../../../lib/money.ts';

/**
 * The Review Order summary: shipping as the fixed text 00.00, the promotion a discount code gives
 * (Rs.00.00 without one), totals with Rs. (payments are taken in rupees). A store showing dollars shows its
 * dollars first, with the rupees charged and the rate beside them.
 */
export function OrderTotals({ itemsTotal, discount = 0, total = itemsTotal, count, currency }: {
  itemsTotal: number; discount?: number; total?: number; count: number; currency: Currency;
}) {
  const rupees = formatPrice(total, INR);
  return (
    <dl className="summary-card__rows" data-testid="checkout-totals">
      <div><dt>Items ({count})</dt><dd data-testid="checkout-subtotal">{formatPrice(itemsTotal, INR)}</dd></div>
      <div><dt>Shipping</dt><dd data-testid="checkout-shipping">00.00</dd></div>
      <div><dt>Promotion</dt><dd data-testid="checkout-promotion">{discount > 0 ? `-${formatPrice(discount, INR)}` : 'Rs.00.00'}</dd></div>
      {currency.currency === 'INR' ? (
        <div className="summary-card__total"><dt>Order Total</dt><dd data-testid="checkout-total">{rupees}</dd></div>
      ) : (
        <>
          <div className="summary-card__total"><dt>Order Total</dt><dd data-testid="checkout-total-shown">{formatPrice(total, currency)}</dd></div>
          <div className="summary-card__converted"><dt>Charged in rupees</dt><dd data-testid="checkout-total">{rupees}</dd></div>
          <div className="summary-card__converted"><dt>Rate</dt><dd data-testid="checkout-rate">{formatRate(currency)}</dd></div>
        </>
      )}
    </dl>
  );
}
