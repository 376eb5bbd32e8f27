import { useState } from 'react';
import { useNavigate } from 'react-router';
import { cartAddPath, checkoutPath, loginPath } from '../../lib/checkout-paths.ts';
import { rememberRedirect, useSession } from '../../lib/session.tsx';
import { useCart } from './api/get-cart.ts';
import { useSaveToCart } from './api/save-to-cart.ts';

/**
 * Add To Cart and Buy Now of one stone (spec section 4). Signed in: the stone is saved and the
 * customer goes to Cart. Signed out: the way back (/cart?add={id}, or the checkout) is remembered
 * and the customer goes to Login; the cart adds the stone after sign-in.
 */
export function useItemCartActions(itemId: number) {
  const { status } = useSession();
  const navigate = useNavigate();
  const cart = useCart();
  const save = useSaveToCart();
  const [error, setError] = useState<string | null>(null);
  const inCart = status === 'signed-in' && (cart.data?.cart.some((c) => c.item.id === itemId) ?? false);

  const toLogin = (next: string) => {
    rememberRedirect(next);
    navigate(loginPath(next));
  };

  const addToCart = () => {
    setError(null);
    if (status !== 'signed-in') return toLogin(cartAddPath(itemId));
    if (inCart) return navigate('/cart');
    save.mutate(itemId, {
      onSuccess: () => navigate('/cart'),
      // A sold or reserved stone answers 409 with the reason.
      onError: (e) => setError(e.message),
    });
  };

  const buyNow = () => {
    const next = checkoutPath([itemId]);
    if (status !== 'signed-in') return toLogin(next);
    navigate(next);
  };

  return { inCart, adding: save.isPending, error, addToCart, buyNow };
}
