import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartAllResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';
import { mergeSettled, useGuestCart } from '../guest-cart.ts';

/**
 * POST cart-all: the signed-in customer's cart, with the total over the stones still available.
 * Read after a guest cart under way has joined it, so it holds those stones.
 */
export async function fetchCart(signal?: AbortSignal): Promise<CartAllResponse> {
  await mergeSettled();
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

/**
 * How many stones the header's cart link shows: the account's cart once signed in, the stones kept
 * in this browser for a guest, 0 while the page renders on the server.
 */
export function useCartCount(): number {
  const { status } = useSession();
  const { data } = useCart();
  const guest = useGuestCart();
  if (status === 'signed-in') return data?.cart.length ?? 0;
  return status === 'guest' ? (guest?.ids.length ?? 0) : 0;
}
