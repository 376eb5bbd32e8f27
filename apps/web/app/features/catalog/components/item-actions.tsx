import { useNavigate } from 'react-router';
import type { ItemDetail } from '@gemstore/contracts';

/**
 * Add To Cart and Buy Now. The checkout work wires these to the cart; until then both send a
 * visitor to sign in, keeping where they were going.
 */
export function ItemActions({ item, path }: { item: Pick<ItemDetail, 'id' | 'status'>; path: string }) {
  const navigate = useNavigate();
  if (item.status !== 'available') return null;
  const checkout = `/checkout?itemIds=${encodeURIComponent(JSON.stringify([item.id]))}`;
  return (
    <div className="item-actions">
      <button type="button" className="button button--primary" data-testid="add-to-cart"
        onClick={() => navigate(`/login?redirect=${encodeURIComponent(path)}`)}>
        Add To Cart
      </button>
      <button type="button" className="button button--accent" data-testid="buy-now"
        onClick={() => navigate(`/login?redirect=${encodeURIComponent(checkout)}`)}>
        Buy Now
      </button>
    </div>
  );
}
