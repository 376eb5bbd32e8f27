import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session.tsx';
import { useDeleteFromWishlist } from '../api/delete-from-wishlist.ts';
import { useWishlist } from '../api/get-wishlist.ts';
import { useSaveToWishlist } from '../api/save-to-wishlist.ts';
import { wishlistAddPath } from '../wishlist-paths.ts';

/**
 * The heart of a stone: signed in, it puts the stone on the wishlist or takes it off; signed out, it
 * goes to /wishlist?add={id}, a login-required page whose layout sends the shopper to Login and
 * back, where the stone is added.
 */
export function WishlistHeart({ itemId, name, showText = false }: { itemId: number; name: string; showText?: boolean }) {
  const { status } = useSession();
  const navigate = useNavigate();
  const wishlist = useWishlist();
  const save = useSaveToWishlist();
  const remove = useDeleteFromWishlist();
  const kept = status === 'signed-in' && (wishlist.data?.items.some((i) => i.id === itemId) ?? false);
  const busy = save.isPending || remove.isPending;
  const toggle = () => {
    if (status !== 'signed-in') return navigate(wishlistAddPath(itemId));
    if (kept) remove.mutate(itemId);
    else save.mutate(itemId);
  };
  return (
    <button type="button" className={`wishlist-heart${kept ? ' is-kept' : ''}${showText ? ' wishlist-heart--text' : ''}`} aria-pressed={kept} disabled={busy}
      onClick={toggle} data-testid="wishlist-heart" data-item-id={itemId}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill={kept ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.7"
        strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.6 4 7.2 4c2 0 3.6 1.1 4.8 2.9C13.2 5.1 14.8 4 16.8 4c3.6 0 5.8 3.6 4.5 7.1-1.8 4.8-9.3 9.4-9.3 9.4z" />
      </svg>
      {showText
        ? <span>{kept ? 'On your wishlist' : 'Save to wishlist'}<span className="visually-hidden">: {name}</span></span>
        : <span className="visually-hidden">Save {name} to your wishlist</span>}
    </button>
  );
}
