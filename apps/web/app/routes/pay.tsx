import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/pay';
import { retryPay } from '../features/checkout/api/retry-pay.ts';
import { privatePageMeta } from '../lib/private-page-meta.ts';
import checkoutCss from '../styles/checkout.css?url';
import { positiveId } from '../lib/ids.ts';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [checkoutCss] };
export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Payment', matches);

/**
 * /pay?orderId=…: asks retry-pay for the payment page and sends the browser there at once
 * (the retry-pay call); the payment page ends on /order/view/{id}.
 */
export default function PayPage() {
  const [params] = useSearchParams();
  const orderId = positiveId(params.get('orderId'));
  const [error, setError] = useState<string | null>(orderId ? null : 'No order was given to pay for.');
  const [orderNumber, setOrderNumber] = useState<string | null>(null);
  const started = useRef<number | null>(null);

  useEffect(() => {
    if (!orderId || started.current === orderId) return;
    started.current = orderId;
    setError(null);
    retryPay(orderId)
      .then((pay) => {
        setOrderNumber(pay.order_number);
        window.location.assign(pay.url);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : 'The payment could not be started.'));
  }, [orderId]);

  return (
    <div className="container checkout-page pay-page">
      {error
        ? (
          <div className="pay-page__box" role="alert" data-testid="pay-error">
            <h1 className="page-title">Payment could not start</h1>
            <p>{error}</p>
            <Link to="/order/all" className="button button--ghost">Your orders</Link>
          </div>
        )
        : (
          <div className="pay-page__box" role="status" data-testid="pay-redirecting">
            <span className="spinner" aria-hidden="true" />
            <h1 className="page-title">Redirecting to payment…</h1>
            <p>Please wait while we open the secure payment page for {orderNumber ? <>order <span data-testid="pay-order-number">{orderNumber}</span></> : 'your order'}.</p>
          </div>
        )}
    </div>
  );
}
