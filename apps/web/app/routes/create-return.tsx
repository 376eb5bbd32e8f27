import { Link, useNavigate, useParams } from 'react-router';
import type { Route } from './+types/create-return';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { useOrder } from '../features/orders/api/get-order.ts';
import { ReturnForm } from '../features/orders/components/return-form.tsx';
import { privatePageMeta } from '../lib/private-page-meta.ts';
import checkoutCss from '../styles/checkout.css?url';
import { positiveId } from '../lib/ids.ts';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [checkoutCss] };
export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Return Request', matches);

/** /create-return/{orderId}: the return request form for one order; success goes to the order's details. */
export default function CreateReturn() {
  const params = useParams();
  const navigate = useNavigate();
  const orderId = positiveId(params.orderId);
  const result = useOrder(orderId);
  const order = result.data?.order;

  return (
    <div className="container checkout-page checkout-page--narrow">
      <Breadcrumbs items={[
        { label: 'Home', to: '/home' },
        { label: 'Your Orders', to: '/order/all' },
        { label: order ? `Order ${order.order_number}` : 'Order', to: orderId ? `/order/view/${orderId}` : undefined },
        { label: 'Return' },
      ]} />
      <h1 className="page-title">Return Request</h1>
      {orderId === null && <p className="form-error" role="alert">This order does not exist.</p>}
      {result.isLoading && <p className="loading" role="status">Loading the order…</p>}
      {result.isError && <p className="form-error" role="alert">{result.error.message} <Link to="/order/all">Your orders</Link></p>}
      {order && !order.order_dispatch && (
        <p className="notice" role="status">This order has not been dispatched yet; a return can be requested once it has. <Link to={`/order/view/${order.id}`}>Back to the order</Link></p>
      )}
      {order && order.order_dispatch && (
        <>
          <p className="muted">Order {order.order_number}. Tick the stones to return and tell us why; photos help us settle it quickly.</p>
          <ReturnForm order={order} onCreated={(res) => navigate(`/order/view/${res.orderId}`)} />
        </>
      )}
    </div>
  );
}
