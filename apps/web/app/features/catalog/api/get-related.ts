import { useQuery } from '@tanstack/react-query';
import type { Item } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** GET item-related/{id}: available stones of the same gem, nearest in weight and price. */
export function useRelatedItems(itemId: number) {
  return useQuery({
    queryKey: ['item-related', itemId] as const,
    queryFn: ({ signal }) => api.itemRelated({ params: { id: String(itemId) } }, { signal }),
    staleTime: 60_000,
  });
}

/** POST items-by-ids for the stones this browser viewed, in the order they were viewed. */
export function useViewedItems(ids: number[]) {
  return useQuery({
    queryKey: ['items-by-ids', ids] as const,
    queryFn: async ({ signal }): Promise<Item[]> => {
      const { items } = await api.itemsByIds({ body: { itemIds: ids } }, { signal });
      const byId = new Map(items.map((item) => [item.id, item]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}
