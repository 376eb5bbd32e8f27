import { Link, useParams, useSearchParams } from 'react-router';
import type { Route } from './+types/order-view';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { PostalAddress } from '../components/ui/postal-address.tsx';
import { useOrder } from '../features/orders/api/get-order.ts';
import { CreditNoteDownloads, InvoiceDownload } from '../features/orders/components/invoice-download.tsx';
import { OrderLines } from '../features/orders/components/order-lines.tsx';
import { TrackingNumber } from '../features/orders/components/tracking-number.tsx';
import { OrderTimeline } from '../features/orders/components/order-timeline.tsx';
import { ReturnRequestCard } from '../features/orders/components/return-request-card.tsx';
import { INR, formatPrice, formatRate, usdAt } from '../lib/money.ts';
import { privatePageMeta } from '../lib/private-page-meta.ts';
import { usePriceFormatter, useShopDates } from '../lib/store-context.tsx';
import checkoutCss from '../styles/checkout.css?url';
import { positiveId } from '../lib/ids.ts';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [checkoutCss] };
export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Order Details', matches);

/** Payments are taken in rupees: the amount paid is shown as charged. */

/** /order/view/{id}: the order's details, payment (or Retry Payment), its history, returns and the return tracking form. */
export default function OrderView() {
  const dates = useShopDates();
  const params = useParams();
  const [query] = useSearchParams();
  const orderId = positiveId(params.id);
  const result = useOrder(orderId);
  const price = usePriceFormatter();
  const order = result.data?.order;
  // A dollar shop's order: its dollars at the rate its customer saw, with the rupees charged beside them.
  const usd = order?.shown_in_usd ? usdAt(order.shown_in_usd.usd_rate) : null;
  const shown = (rupees: number) => (usd ? formatPrice(rupees, usd) : price(rupees));
  const paymentNote = query.get('payment');

  return (
    <div className="container checkout-page order-view">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: 'Your Orders', to: '/order/all' }, { label: order ? `Order ${order.order_number}` : 'Order' }]} />
      {orderId === null && <p className="form-error" role="alert">This order does not exist.</p>}
      {result.isLoading && <p className="loading" role="status">Loading the order…</p>}
      {result.isError && <p className="form-error" role="alert">{result.error.message} <Link to="/order/all">Your orders</Link></p>}
      {order && (
        <>
          <header className="order-view__head">
            <div>
              <h1 className="page-title">Order Details</h1>
              <p className="order-view__meta">
                Ordered on <span data-testid="order-placed">{dates.date(order.placed_on)}</span>
                <span aria-hidden="true"> · </span>
                Order <span data-testid="order-number">{order.order_number}</span>
                <span aria-hidden="true"> · </span>
                {order.total_qty} {order.total_qty === 1 ? 'stone' : 'stones'}
              </p>
            </div>
            <span className={`order-status order-status--${order.stage}`} data-testid="order-status">{order.stage_label}</span>
          </header>

          {paymentNote === 'failed' && !order.payment && (
            <p className="notice notice--error" role="alert" data-testid="payment-failed">The payment did not go through. You can try again with Retry Payment.</p>
          )}
          {order.refund_pending && (
            <p className="notice" role="status">A payment arrived after this order could no longer be completed. The shop will refund it.</p>
          )}

          <div className="order-view__grid">
            <section className="panel" aria-labelledby="ship-title">
              <h2 id="ship-title" className="panel__title">Shipping Address</h2>
              <PostalAddress value={order.shipping_address2} />
            </section>
            <section className="panel" aria-labelledby="bill-title">
              <h2 id="bill-title" className="panel__title">Billing Address</h2>
              <PostalAddress value={order.billing_address2} />
            </section>
            <section className="panel" aria-labelledby="pay-title" data-testid="payment-details">
              <h2 id="pay-title" className="panel__title">Payment</h2>
              {order.payment
                ? (
                  <dl className="facts facts--stacked">
                    <div><dt>Reference</dt><dd data-testid="payment-reference">{order.payment.razorpay_payment_id}</dd></div>
                    <div><dt>Amount</dt><dd data-testid="payment-amount">{formatPrice(order.payment.amount, INR)}</dd></div>
                    <div><dt>Status</dt><dd data-testid="payment-status">{order.payment.status_label}</dd></div>
                  </dl>
                )
                : order.can_retry_payment
                  ? (
                    <>
                      <p className="muted">Not paid yet.</p>
                      <Link to={`/pay?orderId=${order.id}`} className="button button--accent" data-testid="retry-payment">Retry Payment</Link>
                    </>
                  )
                  : <p className="muted">{order.status_label}</p>}
              {order.refunds.length > 0 && (
                <>
                  <h3 className="panel__subtitle">Refunds</h3>
                  <ul className="refund-list" data-testid="order-refunds">
                    {order.refunds.map((r, i) => (
                      <li key={i}>
                        {r.status === 'processed' ? 'Refunded' : 'Refund on its way:'} {formatPrice(r.amount, INR)}
                        {r.status === 'processed' ? ' on ' : ', asked on '}{dates.date(r.at)}
                      </li>
                    ))}
                  </ul>
                  <dl className="facts facts--stacked">
                    <div><dt>Refunded</dt><dd data-testid="refunded-amount">{formatPrice(order.refunded_amount, INR)}</dd></div>
                    <div><dt>Net paid</dt><dd data-testid="net-paid">{formatPrice(order.net_paid, INR)}</dd></div>
                  </dl>
                </>
              )}
              {order.status === 'paid' && <InvoiceDownload orderId={order.id} />}
              {order.credit_notes.length > 0 && <CreditNoteDownloads orderId={order.id} notes={order.credit_notes} />}
            </section>
            <section className="panel" aria-labelledby="summary-title">
              <h2 id="summary-title" className="panel__title">Order Summary</h2>
              <dl className="summary-card__rows">
                <div><dt>Items ({order.total_qty})</dt><dd data-testid="order-stones">{shown(order.stones_amount)}</dd></div>
                {order.promotion && (
                  <div><dt>Promotion ({order.promotion.code})</dt><dd data-testid="order-promotion">-{shown(order.promotion.amount)}</dd></div>
                )}
                <div><dt>Shipping</dt><dd data-testid="order-shipping">{order.shipping_amount === 0 ? 'Free' : shown(order.shipping_amount)}</dd></div>
                <div className="summary-card__total"><dt>Total</dt><dd data-testid="order-total">{shown(order.total_amount)}</dd></div>
                {usd && (
                  <>
                    <div className="summary-card__converted"><dt>Charged in rupees</dt><dd data-testid="order-total-charged">{formatPrice(order.total_amount, INR)}</dd></div>
                    <div className="summary-card__converted"><dt>Rate</dt><dd data-testid="order-rate">{formatRate(usd)}</dd></div>
                  </>
                )}
              </dl>
            </section>
          </div>

          <section className="order-view__section" aria-labelledby="items-title">
            <div className="order-view__section-head">
              <h2 id="items-title" className="checkout-section__title">Items</h2>
              {order.order_dispatch && order.details.some((l) => !l.returned) && (
                <Link to={`/create-return/${order.id}`} className="button button--ghost" data-testid="return-button">Return</Link>
              )}
            </div>
            {order.order_dispatch && (
              <p className="muted" data-testid="dispatch">
                Dispatched on {dates.date(order.order_dispatch.dispatched_on)} with {order.order_dispatch.courier_partner}, tracking number{' '}
                <TrackingNumber number={order.order_dispatch.tracking_number} url={order.order_dispatch.tracking_url} testId="dispatch-tracking" />.
              </p>
            )}
            <OrderLines lines={order.details} />
          </section>

          {order.timeline.length > 0 && (
            <section className="order-view__section" aria-labelledby="timeline-title">
              <h2 id="timeline-title" className="checkout-section__title">Order History</h2>
              <OrderTimeline entries={order.timeline} />
            </section>
          )}

          {order.returns.length > 0 && (
            <section className="order-view__section" aria-labelledby="returns-title" data-testid="return-requests">
              <h2 id="returns-title" className="checkout-section__title">Return Requests</h2>
              <div className="return-list">
                {order.returns.map((r) => <ReturnRequestCard key={r.id} request={r} />)}
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}
