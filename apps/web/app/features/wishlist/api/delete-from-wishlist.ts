import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { wishlistQueryOptions } from './get-wishlist.ts';
import { rereadAfterWrite } from '../../../lib/reread-after-write.ts';

/** POST wishlist-delete {itemId}. */
export function deleteFromWishlist(itemId: number): Promise<OkResponse> {
  return api.wishlistDelete({ body: { itemId } });
}

export function useDeleteFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFromWishlist,
    onSuccess: () => rereadAfterWrite(queryClient, wishlistQueryOptions().queryKey),
  });
}
