import { useState } from 'react';
import { useNavigate } from 'react-router';
import { cartAddPath, checkoutPath } from '../../lib/checkout-paths.ts';
import { useSession } from '../../lib/session.tsx';
import { useCart } from './api/get-cart.ts';
import { useSaveToCart } from './api/save-to-cart.ts';

/**
 * Add To Cart and Buy Now of one stone. Signed in: the stone is saved and the
 * customer goes to Cart. Signed out: the customer goes to /cart?add={id} or the checkout, both
 * login-required, whose layout remembers the way back and sends them to Login; the cart adds the
 * stone after sign-in.
 */
export function useItemCartActions(itemId: number) {
  const { status } = useSession();
  const navigate = useNavigate();
  const cart = useCart();
  const save = useSaveToCart();
  const [error, setError] = useState<string | null>(null);
  const inCart = status === 'signed-in' && (cart.data?.cart.some((c) => c.item.id === itemId) ?? false);

  const addToCart = () => {
    setError(null);
    if (status !== 'signed-in') return navigate(cartAddPath(itemId));
    if (inCart) return navigate('/cart');
    save.mutate(itemId, {
      onSuccess: () => navigate('/cart'),
      // A sold or reserved stone answers 409 with the reason.
      onError: (e) => setError(e.message),
    });
  };

  const buyNow = () => navigate(checkoutPath([itemId]));

  return { inCart, adding: save.isPending, error, addToCart, buyNow };
}
