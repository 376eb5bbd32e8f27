import type { ItemDetail } from '@gemstore/contracts';

interface ItemActionsProps {
  item: Pick<ItemDetail, 'status'>;
  /** The stone is already in the cart: the button reads Added. */
  inCart: boolean;
  adding: boolean;
  /** Why the stone could not be added (the server's message). */
  error: string | null;
  onAddToCart: () => void;
  onBuyNow: () => void;
}

/** Add To Cart and Buy Now; what they do is the cart's business, wired by the item route. */
export function ItemActions({ item, inCart, adding, error, onAddToCart, onBuyNow }: ItemActionsProps) {
  if (item.status !== 'available') return null;
  return (
    <>
      <div className="item-actions">
        <button type="button" className={`button ${inCart ? 'button--ghost' : 'button--primary'}`} data-testid="add-to-cart"
          disabled={adding} aria-describedby={error ? 'item-actions-error' : undefined} onClick={onAddToCart}>
          {inCart ? 'Added' : adding ? 'Adding…' : 'Add To Cart'}
        </button>
        <button type="button" className="button button--accent" data-testid="buy-now" onClick={onBuyNow}>
          Buy Now
        </button>
      </div>
      {error && <p className="item-actions__error" id="item-actions-error" role="alert" data-testid="add-to-cart-error">{error}</p>}
    </>
  );
}
