import { useState } from 'react';
import { useNavigate } from 'react-router';
import { checkoutPath } from '../../lib/checkout-paths.ts';
import { useSession } from '../../lib/session.tsx';
import { useCart } from './api/get-cart.ts';
import { useSaveToCart } from './api/save-to-cart.ts';
import { addToGuestCart, useGuestCart } from './guest-cart.ts';

/**
 * Add To Cart and Buy Now of one stone. Signed in: the stone is saved and the customer goes to
 * Cart. Signed out: the stone is kept in this browser's cart (it joins the account at sign-in) and
 * the guest goes to Cart. Buy Now goes to the checkout, which asks a guest to sign in first.
 */
export function useItemCartActions(itemId: number) {
  const { status } = useSession();
  const navigate = useNavigate();
  const cart = useCart();
  const guest = useGuestCart();
  const save = useSaveToCart();
  const [error, setError] = useState<string | null>(null);
  const inCart = status === 'signed-in'
    ? (cart.data?.cart.some((c) => c.item.id === itemId) ?? false)
    : status === 'guest' && (guest?.ids.includes(itemId) ?? false);

  const addToCart = () => {
    setError(null);
    if (status === 'unknown') return;
    if (inCart) return navigate('/cart');
    if (status === 'guest') {
      if (addToGuestCart(itemId) === 'full') return setError('Your cart is full: remove a stone to add another.');
      return navigate('/cart');
    }
    save.mutate(itemId, {
      onSuccess: () => navigate('/cart'),
      // A sold or reserved stone answers 409 with the reason.
      onError: (e) => setError(e.message),
    });
  };

  const buyNow = () => navigate(checkoutPath([itemId]));

  return { inCart, adding: save.isPending, error, addToCart, buyNow };
}
