import { useQuery } from '@tanstack/react-query';
import type { Item } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { itemsByIdsQueryOptions } from './get-items-by-ids.ts';

/** GET item-related/{id}: available stones of the same gem, nearest in weight and price. */
export function useRelatedItems(itemId: number) {
  return useQuery({
    queryKey: ['item-related', itemId] as const,
    queryFn: ({ signal }) => api.itemRelated({ params: { id: String(itemId) } }, { signal }),
    staleTime: 60_000,
  });
}

/**
 * POST items-by-ids for the stones this browser viewed, in the order they were viewed. It shares the
 * checkout's query (same key, same answer), so each reads what the other cached in the shape it was
 * written; the order is chosen when the answer is read.
 */
export function useViewedItems(ids: number[]) {
  return useQuery({
    ...itemsByIdsQueryOptions(ids),
    select: ({ items }): Item[] => {
      const byId = new Map(items.map((item) => [item.id, item]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}
