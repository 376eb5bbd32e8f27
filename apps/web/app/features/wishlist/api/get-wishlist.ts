import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WishlistResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';

/** GET wishlist: the signed-in customer's stones of this store, newest first, sold ones with their status. */
export function fetchWishlist(signal?: AbortSignal): Promise<WishlistResponse> {
  return api.wishlist({}, { signal });
}

export function wishlistQueryOptions() {
  return queryOptions({ queryKey: ['wishlist'] as const, queryFn: ({ signal }) => fetchWishlist(signal) });
}

/** The wishlist, fetched only for a signed-in customer (pages are rendered without the token). */
export function useWishlist() {
  const { status } = useSession();
  return useQuery({ ...wishlistQueryOptions(), enabled: status === 'signed-in' });
}
