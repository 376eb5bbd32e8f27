import type { CheckoutQuoteResponse, Currency } from '@gemstore/contracts';
import { INR, formatPrice, formatRate } from '../../../lib/money.ts';

/**
 * The Review Order summary, from the server's quote for the chosen shipping address and code: the
 * stones, shipping (free, or the zone's charge), the promotion a code takes off, and the total with
 * the GST it includes. Rupees for a rupee shop; a shop showing dollars shows its dollars first, with
 * the rupees charged and the rate beside the total (payments are taken in rupees). Without an
 * address the stones and the promotion show; shipping and the total wait for one.
 */
export function OrderTotals({ itemsTotal, count, currency, quote, pending }: {
  itemsTotal: number; count: number; currency: Currency; quote: CheckoutQuoteResponse | undefined; pending: boolean;
}) {
  const shown = (rupees: number) => formatPrice(rupees, currency);
  const stones = quote?.stones_amount ?? itemsTotal;
  // Shipping and the total depend on the address: until the quote has one they say what they wait for.
  const shipped = quote && quote.shipping_amount !== null && quote.total_amount !== null
    ? { zone: quote.zone, shipping: quote.shipping_amount, total: quote.total_amount, tax: quote.tax_included ?? 0, freeFrom: quote.free_shipping_from } : null;
  const waiting = <span className="summary-card__waiting">{pending ? 'Working it out…' : 'Needs a shipping address'}</span>;
  return (
    <>
    <dl className="summary-card__rows" data-testid="checkout-totals">
      <div><dt>Items ({count})</dt><dd data-testid="checkout-subtotal">{shown(stones)}</dd></div>
      {quote?.promotion && (
        <div><dt>Promotion ({quote.promotion.code})</dt><dd data-testid="checkout-promotion">-{shown(quote.promotion.amount)}</dd></div>
      )}
      <div>
        <dt>Shipping{shipped ? (shipped.zone === 'home' ? ' (within the country)' : ' (international)') : ''}</dt>
        <dd data-testid="checkout-shipping">{shipped ? (shipped.shipping === 0 ? 'Free' : shown(shipped.shipping)) : waiting}</dd>
      </div>
      {!shipped ? (
        <div className="summary-card__total"><dt>Order Total</dt><dd data-testid="checkout-total">{waiting}</dd></div>
      ) : currency.currency === 'INR' ? (
        <div className="summary-card__total"><dt>Order Total</dt><dd data-testid="checkout-total">{formatPrice(shipped.total, INR)}</dd></div>
      ) : (
        <>
          <div className="summary-card__total"><dt>Order Total</dt><dd data-testid="checkout-total-shown">{shown(shipped.total)}</dd></div>
          <div className="summary-card__converted"><dt>Charged in rupees</dt><dd data-testid="checkout-total">{formatPrice(shipped.total, INR)}</dd></div>
          <div className="summary-card__converted"><dt>Rate</dt><dd data-testid="checkout-rate">{formatRate(currency)}</dd></div>
        </>
      )}
      {shipped && shipped.tax > 0 && (
        <div className="summary-card__converted"><dt>Includes GST</dt><dd data-testid="checkout-tax">{formatPrice(shipped.tax, INR)}</dd></div>
      )}
    </dl>
    {shipped && shipped.shipping > 0 && shipped.freeFrom !== null && (
      <p className="summary-card__note" data-testid="checkout-free-shipping">Free shipping on orders of {shown(shipped.freeFrom)} or more.</p>
    )}
    </>
  );
}
