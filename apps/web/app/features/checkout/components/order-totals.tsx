import type { CheckoutQuoteResponse, Currency } from '@gemstore/contracts';
import { INR, formatPrice, formatRate } from '../../../lib/money.ts';

/**
 * The Review Order summary, from the server's quote for the chosen shipping address and code: the
 * stones, shipping (free, or the zone's charge), the promotion a code takes off, and the total with
 * the GST it includes. Rupees for a rupee shop; a shop showing dollars shows its dollars first, with
 * the rupees charged and the rate beside the total (payments are taken in rupees). Without an
 * address the shipping and total wait for one.
 */
export function OrderTotals({ itemsTotal, count, currency, quote, pending }: {
  itemsTotal: number; count: number; currency: Currency; quote: CheckoutQuoteResponse | undefined; pending: boolean;
}) {
  const shown = (rupees: number) => formatPrice(rupees, currency);
  const stones = quote?.stones_amount ?? itemsTotal;
  const waiting = pending ? 'Working it out…' : 'Choose a shipping address';
  return (
    <>
    <dl className="summary-card__rows" data-testid="checkout-totals">
      <div><dt>Items ({count})</dt><dd data-testid="checkout-subtotal">{shown(stones)}</dd></div>
      {quote?.promotion && (
        <div><dt>Promotion ({quote.promotion.code})</dt><dd data-testid="checkout-promotion">-{shown(quote.promotion.amount)}</dd></div>
      )}
      <div>
        <dt>Shipping{quote ? (quote.zone === 'home' ? ' (within the country)' : ' (international)') : ''}</dt>
        <dd data-testid="checkout-shipping">{quote ? (quote.shipping_amount === 0 ? 'Free' : shown(quote.shipping_amount)) : waiting}</dd>
      </div>
      {!quote ? (
        <div className="summary-card__total"><dt>Order Total</dt><dd data-testid="checkout-total">{waiting}</dd></div>
      ) : currency.currency === 'INR' ? (
        <div className="summary-card__total"><dt>Order Total</dt><dd data-testid="checkout-total">{formatPrice(quote.total_amount, INR)}</dd></div>
      ) : (
        <>
          <div className="summary-card__total"><dt>Order Total</dt><dd data-testid="checkout-total-shown">{shown(quote.total_amount)}</dd></div>
          <div className="summary-card__converted"><dt>Charged in rupees</dt><dd data-testid="checkout-total">{formatPrice(quote.total_amount, INR)}</dd></div>
          <div className="summary-card__converted"><dt>Rate</dt><dd data-testid="checkout-rate">{formatRate(currency)}</dd></div>
        </>
      )}
      {quote && quote.tax_included > 0 && (
        <div className="summary-card__converted"><dt>Includes GST</dt><dd data-testid="checkout-tax">{formatPrice(quote.tax_included, INR)}</dd></div>
      )}
    </dl>
    {quote && quote.shipping_amount > 0 && quote.free_shipping_from !== null && (
      <p className="summary-card__note" data-testid="checkout-free-shipping">Free shipping on orders of {shown(quote.free_shipping_from)} or more.</p>
    )}
    </>
  );
}
