import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ItemsByIdsResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/**
 * A guest's cart read from the shop (POST items-by-ids, public): each stone as it is now, sold or
 * reserved ones with their status, asked again whenever the cart opens. While a changed list is
 * read again, the last answer stays on screen (the page shows only the stones still in the list),
 * so removing a stone does not flash.
 */
export function useGuestCartItems(itemIds: number[]) {
  return useQuery({
    queryKey: ['guest-cart', itemIds] as const,
    queryFn: ({ signal }): Promise<ItemsByIdsResponse> => api.itemsByIds({ body: { itemIds } }, { signal }),
    staleTime: 0,
    enabled: itemIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
