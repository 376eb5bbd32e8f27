import { z } from 'zod';
import { Item } from './catalog.ts';
import { CartSaveBody } from './checkout.ts';

/**
 * The wishlist: stones a signed-in customer keeps an eye on, per store like the account (shaped
 * like the cart's calls). A stone sold or reserved since stays, with its status.
 */
export const WishlistResponse = z.object({
  /** Newest first. */
  items: z.array(Item),
});
export type WishlistResponse = z.infer<typeof WishlistResponse>;
/** `{itemId}`, checked as the cart's. */
export const WishlistBody = CartSaveBody;
export type WishlistBody = z.infer<typeof WishlistBody>;
export const WishlistSaveResponse = z.object({ item: Item, message: z.string() });
export type WishlistSaveResponse = z.infer<typeof WishlistSaveResponse>;
