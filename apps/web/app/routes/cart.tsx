import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CartEntry } from '@gemstore/contracts';
import type { Route } from './+types/cart';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { PriceNote } from '../components/ui/price-note.tsx';
import { useCart } from '../features/cart/api/get-cart.ts';
import { useGuestCartItems } from '../features/cart/api/get-guest-cart-items.ts';
import { useDeleteFromCart } from '../features/cart/api/delete-from-cart.ts';
import { useSaveToCart } from '../features/cart/api/save-to-cart.ts';
import { CartTable } from '../features/cart/components/cart-table.tsx';
import { addToGuestCart, removeFromGuestCart, useGuestCart } from '../features/cart/guest-cart.ts';
import { checkoutPath } from '../lib/checkout-paths.ts';
import { positiveId } from '../lib/ids.ts';
import { privatePageMeta } from '../lib/private-page-meta.ts';
import { useSession } from '../lib/session.tsx';
import { useResumedAdd, type StatusMessage } from '../lib/use-resumed-add.ts';
import { usePriceFormatter } from '../lib/store-context.tsx';
import checkoutCss from '../styles/checkout.css?url';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [checkoutCss] };
export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Cart', matches);

/**
 * /cart, open to everyone. A guest's cart is kept in the browser and shows once the page hydrates
 * (the server renders a placeholder of the same place); a signed-in customer's is the account's.
 * Stones sold, reserved or withdrawn since they were added stay, marked, outside the total, until
 * removed. Checkout asks a guest to sign in, and the guest's cart joins the account then.
 */
export default function CartPage() {
  const { status } = useSession();
  if (status === 'guest') return <GuestCartPage />;
  if (status === 'signed-in') return <AccountCartPage />;
  return <CartFrame message={null} loading />;
}

/** The signed-in customer's cart. With ?add={itemId} (a resumed Add To Cart) the stone is added once. */
function AccountCartPage() {
  const cart = useCart();
  const guest = useGuestCart();
  const save = useSaveToCart();
  const remove = useDeleteFromCart();
  const [message, setMessage] = useResumedAdd('/cart', save);
  // While the stones chosen before sign-in join the cart, it shows them once they have.
  const joining = guest?.merging ?? false;
  return (
    <CartFrame message={message} loading={cart.isPending || save.isPending || joining} error={cart.isError ? cart.error.message : null}>
      {cart.data && !save.isPending && !joining && (
        <CartView
          entries={cart.data.cart}
          removingId={remove.isPending ? (remove.variables ?? null) : null}
          onRemove={(entry) => {
            setMessage(null);
            remove.mutate(entry.id, { onError: (error) => setMessage({ text: error.message, error: true }) });
          }}
        />
      )}
    </CartFrame>
  );
}

/** A guest's cart: the stones kept in this browser, read from the shop as they are now. */
function GuestCartPage() {
  const guest = useGuestCart();
  const ids = guest?.ids ?? [];
  const items = useGuestCartItems(ids);
  const [message, setMessage] = useState<StatusMessage>(null);
  useGuestAdd(setMessage);

  const byId = new Map((items.data?.items ?? []).map((item) => [item.id, item]));
  // Entries are named by the stone's id: a guest's cart has no lines of its own.
  const entries: CartEntry[] = ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [{ id, item }] : [];
  });

  // A stone the shop no longer has at all (taken out of the catalogue) leaves the browser's cart, said once.
  const fresh = items.data !== undefined && !items.isPlaceholderData;
  const goneKey = fresh ? ids.filter((id) => !byId.has(id)).join(',') : '';
  useEffect(() => {
    if (!goneKey) return;
    const gone = goneKey.split(',').map(Number);
    removeFromGuestCart(gone);
    setMessage({ text: gone.length === 1 ? 'A stone you chose is no longer in the shop and was taken out of your cart.' : `${gone.length} stones you chose are no longer in the shop and were taken out of your cart.`, error: false });
  }, [goneKey]);

  const loading = ids.length > 0 && items.isPending;
  return (
    <CartFrame message={message} loading={loading} error={items.isError ? items.error.message : null}>
      {(ids.length === 0 || items.data) && (
        <CartView
          entries={entries}
          guest
          removingId={null}
          onRemove={(entry) => {
            setMessage(null);
            removeFromGuestCart([entry.item.id]);
          }}
        />
      )}
    </CartFrame>
  );
}

/** /cart?add={itemId} opened by a guest: the stone joins the browser's cart and the query is dropped. */
function useGuestAdd(setMessage: (message: StatusMessage) => void) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const done = useRef<string | null>(null);
  const add = params.get('add');
  useEffect(() => {
    if (!add || done.current === add) return;
    done.current = add;
    const itemId = positiveId(add);
    if (itemId) {
      const outcome = addToGuestCart(itemId);
      setMessage(outcome === 'full'
        ? { text: 'Your cart is full: remove a stone to add another.', error: true }
        : { text: outcome === 'added' ? 'The stone was added to your cart.' : 'The stone is already in your cart.', error: false });
    }
    void navigate('/cart', { replace: true });
  }, [add, navigate, setMessage]);
}

/** The page around either cart: heading, status line, loading and error lines. */
function CartFrame({ message, loading, error = null, children }: { message: StatusMessage; loading: boolean; error?: string | null; children?: ReactNode }) {
  return (
    <div className="container checkout-page">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: 'Cart' }]} />
      <h1 className="page-title">Cart</h1>
      <p className={`status-line${message?.error ? ' is-error' : ''}`} role="status" aria-live="polite" data-testid="cart-message">{message?.text}</p>
      {loading && <p className="loading cart-loading" role="status">Loading your cart…</p>}
      {error && <p className="form-error" role="alert">{error}</p>}
      {!loading && children}
    </div>
  );
}

/** The stones with their total over those still for sale, or Empty Cart. */
function CartView({ entries, guest = false, removingId, onRemove }: {
  entries: CartEntry[];
  guest?: boolean;
  removingId: number | null;
  onRemove: (entry: CartEntry) => void;
}) {
  const price = usePriceFormatter();
  if (entries.length === 0) {
    return (
      <div className="empty" data-testid="cart-empty">
        <p>Empty Cart</p>
        <Link to="/home" className="button button--ghost">Browse gemstones</Link>
      </div>
    );
  }
  const available = entries.filter((e) => e.item.status === 'available');
  const availableIds = available.map((e) => e.item.id);
  // Summed in paise, as the server sums the account's cart.
  const total = available.reduce((paise, e) => paise + Math.round(e.item.amounts.mrpAmount * 100), 0) / 100;
  const count = available.length;
  return (
    <div className="cart-layout">
      <CartTable cart={entries} removingId={removingId} onRemove={onRemove} />
      <aside className="summary-card" aria-label="Cart total">
        <dl className="summary-card__rows">
          <div className="summary-card__total">
            <dt>Total <span className="summary-card__count" data-testid="cart-count-label">({count} {count === 1 ? 'item' : 'items'})</span></dt>
            <dd data-testid="cart-total">{price(total)}</dd>
          </div>
        </dl>
        <PriceNote />
        {count < entries.length && (
          <p className="summary-card__note" data-testid="cart-unavailable-note">Stones sold or no longer for sale are not counted and cannot be checked out.</p>
        )}
        <Link
          to={checkoutPath(availableIds)}
          className={`button button--accent summary-card__cta${count === 0 ? ' is-disabled' : ''}`}
          aria-disabled={count === 0 || undefined}
          onClick={(e) => { if (count === 0) e.preventDefault(); }}
          data-testid="proceed-to-checkout"
        >
          Proceed to checkout
        </Link>
        {guest && (
          <p className="summary-card__note" data-testid="cart-guest-note">You will sign in or create an account at checkout; the stones in your cart come with you.</p>
        )}
      </aside>
    </div>
  );
}
