import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartSaveResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { cartQueryOptions } from './get-cart.ts';
import { rereadAfterWrite } from '../../../lib/reread-after-write.ts';

/** POST cart-save {itemId}: a stone already in the cart answers its line; a sold or reserved one gives 409. */
export function saveToCart(itemId: number): Promise<CartSaveResponse> {
  return api.cartSave({ body: { itemId } });
}

export function useSaveToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveToCart,
    onSuccess: () => rereadAfterWrite(queryClient, cartQueryOptions().queryKey),
  });
}
