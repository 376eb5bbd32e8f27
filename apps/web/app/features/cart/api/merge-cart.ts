import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { rereadAfterWrite } from '../../../lib/reread-after-write.ts';
import { refreshPending, useSession } from '../../../lib/session.tsx';
import { isMerging, readGuestCart, removeFromGuestCart, trackMerge } from '../guest-cart.ts';
import { cartQueryOptions } from './get-cart.ts';

/**
 * POST cart-merge {itemIds}: the stones kept in this browser join the account's cart in one call
 * (those already there are skipped), then leave the browser. A failed merge keeps them for the
 * next page the customer opens.
 */
export async function mergeGuestCart(queryClient: QueryClient): Promise<void> {
  const itemIds = readGuestCart();
  if (itemIds.length === 0 || isMerging()) return;
  await trackMerge(api.cartMerge({ body: { itemIds } }).then(() => removeFromGuestCart(itemIds)));
  await rereadAfterWrite(queryClient, cartQueryOptions().queryKey);
}

/**
 * Joins the guest cart to the account once the customer is signed in (sign-in, registration, or a
 * page opened signed in while stones wait in the browser). Right after sign-in the layout reloads
 * the page once: the reloaded page merges, so the call is made once.
 */
export function useGuestCartMerge() {
  const { status } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (status !== 'signed-in' || refreshPending()) return;
    mergeGuestCart(queryClient).catch(() => { /* kept in the browser; the next page tries again */ });
  }, [status, queryClient]);
}
