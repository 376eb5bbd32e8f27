import { Link } from 'react-router';
import type { Route } from './+types/order-list';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { SafeImage } from '../components/ui/safe-image.tsx';
import { useOrders } from '../features/orders/api/get-orders.ts';
import { orderLineTitle } from '../features/orders/format.ts';
import { itemPath } from '../lib/item-format.ts';
import { mediaUrl } from '../lib/media.ts';
import { privatePageMeta } from '../lib/private-page-meta.ts';
import { INR, formatPrice } from '../lib/money.ts';
import { usePriceFormatter, useShopDates } from '../lib/store-context.tsx';
import checkoutCss from '../styles/checkout.css?url';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [checkoutCss] };
export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Your Orders', matches);

/** /order/all: placed date, quantity, total, ship-to, order number, details link, where it stands and the stones of each order. */
export default function OrderList() {
  const dates = useShopDates();
  const orders = useOrders();
  const price = usePriceFormatter();
  return (
    <div className="container checkout-page">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: 'Your Orders' }]} />
      <h1 className="page-title">Your Orders</h1>
      {orders.isPending && <p className="loading" role="status">Loading your orders…</p>}
      {orders.isError && <p className="form-error" role="alert">{orders.error.message}</p>}
      {orders.data && orders.data.orders.length === 0 && (
        <div className="empty" data-testid="orders-empty"><p>No Orders</p><Link to="/home" className="button button--ghost">Browse gemstones</Link></div>
      )}
      {orders.data && orders.data.orders.length > 0 && (
        <ol className="order-list" data-testid="order-list">
          {orders.data.orders.map((order) => (
            <li key={order.id} className="order-card" data-testid="order-card" data-order-id={order.id}>
              <dl className="order-card__head">
                <div><dt>Order placed</dt><dd>{dates.date(order.placed_on)}</dd></div>
                <div><dt>Quantity</dt><dd>{order.total_qty}</dd></div>
                <div><dt>Total</dt><dd>{price(order.total_amount)}</dd></div>
                <div><dt>Ship to</dt><dd>{order.shipping_address2.name}</dd></div>
                <div className="order-card__number">
                  <dt>Order</dt><dd data-testid="order-number">{order.order_number}</dd>
                  <Link to={`/order/view/${order.id}`} className="order-card__link" data-testid="order-details-link">View order details</Link>
                </div>
              </dl>
              <div className="order-card__body">
                <p className={`order-status order-status--${order.stage}`} data-testid="order-stage">{order.stage_label}</p>
                {order.refunded_amount > 0 && (
                  <p className="muted" data-testid="order-refunded">
                    Refunded {formatPrice(order.refunded_amount, INR)}{order.refunded_on && <> on {dates.date(order.refunded_on)}</>}
                    {' · '}net paid {formatPrice(order.net_paid, INR)}
                  </p>
                )}
                <ul className="order-card__items">
                  {order.details.map((line) => (
                    <li key={line.id} className="mini-item">
                      <SafeImage src={mediaUrl(line.item.image)} alt="" width={64} height={64} className="mini-item__thumb" />
                      <span className="mini-item__text">
                        <Link to={itemPath(line.item)}>{orderLineTitle(line.item)}</Link>
                        <span className="muted">SKU {line.item.sku}{line.stage_label && <> · {line.stage_label}</>}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
