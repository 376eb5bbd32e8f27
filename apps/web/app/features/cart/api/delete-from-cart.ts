import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { cartQueryOptions } from './get-cart.ts';
import { rereadAfterWrite } from '../../../lib/reread-after-write.ts';

/** POST cart-delete {cartId}. */
export function deleteFromCart(cartId: number): Promise<OkResponse> {
  return api.cartDelete({ body: { cartId } });
}

export function useDeleteFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFromCart,
    onSuccess: () => rereadAfterWrite(queryClient, cartQueryOptions().queryKey),
  });
}
