import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishlistSaveResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { wishlistQueryOptions } from './get-wishlist.ts';
import { rereadAfterWrite } from '../../../lib/reread-after-write.ts';

/** POST wishlist-save {itemId}: a stone already there stays where it is. */
export function saveToWishlist(itemId: number): Promise<WishlistSaveResponse> {
  return api.wishlistSave({ body: { itemId } });
}

export function useSaveToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveToWishlist,
    onSuccess: () => rereadAfterWrite(queryClient, wishlistQueryOptions().queryKey),
  });
}
