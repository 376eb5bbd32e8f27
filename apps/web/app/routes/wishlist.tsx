import { Link } from 'react-router';
import type { Route } from './+types/wishlist';
import { Breadcrumbs } from '../components/ui/breadcrumbs.tsx';
import { ItemCard } from '../features/catalog/components/item-card.tsx';
import { useWishlist } from '../features/wishlist/api/get-wishlist.ts';
import { useSaveToWishlist } from '../features/wishlist/api/save-to-wishlist.ts';
import { privatePageMeta } from '../lib/private-page-meta.ts';
import { useResumedAdd } from '../lib/use-resumed-add.ts';
import catalogCss from '../styles/catalog.css?url';
import accountCss from '../styles/account.css?url';
import type { RouteHandle } from '../lib/stylesheets.tsx';

export const handle: RouteHandle = { stylesheets: [accountCss, catalogCss] };
export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Your Wishlist', matches);

/**
 * /wishlist (signed in): the stones the customer keeps an eye on, sold ones marked Sold. With
 * ?add={itemId} (a guest's heart, resumed after sign-in) the stone is added once and the query dropped.
 */
export default function WishlistPage() {
  const wishlist = useWishlist();
  const save = useSaveToWishlist();
  const [message] = useResumedAdd('/wishlist', save);

  const items = wishlist.data?.items ?? [];
  return (
    <div className="container account-page">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: 'Your account', to: '/dashboard' }, { label: 'Wishlist' }]} />
      <h1 className="page-title">Your Wishlist</h1>
      <p className={`status-line${message?.error ? ' is-error' : ''}`} role="status" aria-live="polite" data-testid="wishlist-message">{message?.text}</p>
      {(wishlist.isPending || save.isPending) && <p className="loading" role="status">Loading your wishlist…</p>}
      {wishlist.isError && <p className="form-error" role="alert">{wishlist.error.message}</p>}
      {wishlist.data && !save.isPending && (items.length === 0
        ? (
          <div className="empty" data-testid="wishlist-empty">
            <p>Your wishlist is empty. Tap the heart on a stone to keep it here.</p>
            <Link to="/home" className="button button--ghost">Browse gemstones</Link>
          </div>
        )
        : (
          <ul className="item-grid" data-testid="wishlist-items">
            {items.map((item) => <ItemCard key={item.id} item={item} />)}
          </ul>
        ))}
    </div>
  );
}
