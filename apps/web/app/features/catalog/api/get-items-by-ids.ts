import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST items-by-ids {itemIds}: these stones and their total over the ones still available (the checkout, recently viewed). */
export function itemsByIdsQueryOptions(itemIds: number[]) {
  return queryOptions({
    queryKey: ['items-by-ids', itemIds] as const,
    queryFn: ({ signal }) => api.itemsByIds({ body: { itemIds } }, { signal }),
    // Availability changes as others buy: always ask again when the checkout opens.
    staleTime: 0,
  });
}

export function useItemsByIds(itemIds: number[]) {
  return useQuery({ ...itemsByIdsQueryOptions(itemIds), enabled: itemIds.length > 0 });
}
