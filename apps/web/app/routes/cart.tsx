import { Link } from 'react-router';
import type { Route } from './+types/cart';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { PriceNote } from '../components/ui/price-note.tsx';
import { useCart } from '../features/cart/api/get-cart.ts';
import { useDeleteFromCart } from '../features/cart/api/delete-from-cart.ts';
import { useSaveToCart } from '../features/cart/api/save-to-cart.ts';
import { CartTable } from '../features/cart/components/cart-table.tsx';
import { checkoutPath } from '../lib/checkout-paths.ts';
import { privatePageMeta } from '../lib/private-page-meta.ts';
import { useResumedAdd } from '../lib/use-resumed-add.ts';
import { usePriceFormatter } from '../lib/store-context.tsx';
import checkoutCss from '../styles/checkout.css?url';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [checkoutCss] };
export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Cart', matches);

/**
 * /cart. With ?add={itemId} (a guest's Add To Cart, resumed after sign-in) the stone is added once,
 * the query is dropped and the cart shows.
 */
export default function CartPage() {
  const cart = useCart();
  const save = useSaveToCart();
  const remove = useDeleteFromCart();
  const price = usePriceFormatter();
  const [message, setMessage] = useResumedAdd('/cart', save);

  const entries = cart.data?.cart ?? [];
  const availableIds = entries.filter((e) => e.item.status === 'available').map((e) => e.item.id);
  const count = cart.data?.availableCount ?? 0;

  return (
    <div className="container checkout-page">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: 'Cart' }]} />
      <h1 className="page-title">Cart</h1>
      <p className={`status-line${message?.error ? ' is-error' : ''}`} role="status" aria-live="polite" data-testid="cart-message">{message?.text}</p>
      {(cart.isPending || save.isPending) && <p className="loading" role="status">Loading your cart…</p>}
      {cart.isError && <p className="form-error" role="alert">{cart.error.message}</p>}
      {cart.data && !save.isPending && (entries.length === 0
        ? (
          <div className="empty" data-testid="cart-empty">
            <p>Empty Cart</p>
            <Link to="/home" className="button button--ghost">Browse gemstones</Link>
          </div>
        )
        : (
          <div className="cart-layout">
            <CartTable
              cart={entries}
              removingId={remove.isPending ? (remove.variables ?? null) : null}
              onRemove={(entry) => {
                setMessage(null);
                remove.mutate(entry.id, { onError: (error) => setMessage({ text: error.message, error: true }) });
              }}
            />
            <aside className="summary-card" aria-label="Cart total">
              <dl className="summary-card__rows">
                <div className="summary-card__total">
                  <dt>Total <span className="summary-card__count" data-testid="cart-count-label">({count} {count === 1 ? 'item' : 'items'})</span></dt>
                  <dd data-testid="cart-total">{price(cart.data.totalAmount)}</dd>
                </div>
              </dl>
              <PriceNote />
              {availableIds.length < entries.length && (
                <p className="summary-card__note">Unavailable stones are not counted and cannot be checked out.</p>
              )}
              <Link
                to={checkoutPath(availableIds)}
                className={`button button--accent summary-card__cta${availableIds.length === 0 ? ' is-disabled' : ''}`}
                aria-disabled={availableIds.length === 0 || undefined}
                onClick={(e) => { if (availableIds.length === 0) e.preventDefault(); }}
                data-testid="proceed-to-checkout"
              >
                Proceed to checkout
              </Link>
            </aside>
          </div>
        ))}
    </div>
  );
}
