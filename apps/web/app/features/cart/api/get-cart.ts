import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartAllResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';

/** POST cart-all: the signed-in customer's cart, with the total over the stones still available. */
export function fetchCart(signal?: AbortSignal): Promise<CartAllResponse> {
  return api.cartAll({}, { signal });
}

export function cartQueryOptions() {
  return queryOptions({ queryKey: ['cart'] as const, queryFn: ({ signal }) => fetchCart(signal) });
}

/** The cart, fetched only for a signed-in customer (the server never sees the token while rendering). */
export function useCart() {
  const { status } = useSession();
  return useQuery({ ...cartQueryOptions(), enabled: status === 'signed-in' });
}

/** How many stones the header's cart link shows: 0 for a guest, whatever is cached. */
export function useCartCount(): number {
  const { status } = useSession();
  const { data } = useCart();
  return status === 'signed-in' ? (data?.cart.length ?? 0) : 0;
}
