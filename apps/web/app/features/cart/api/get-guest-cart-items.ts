import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { itemsByIdsQueryOptions } from '../../catalog/api/get-items-by-ids.ts';

/**
 * A guest's cart read from the shop (POST items-by-ids, public): each stone as it is now, sold or
 * reserved ones with their status. While a changed list is read again, the last answer stays on
 * screen (the page shows only the stones still in the list), so removing a stone does not flash.
 */
export function useGuestCartItems(itemIds: number[]) {
  return useQuery({ ...itemsByIdsQueryOptions(itemIds), enabled: itemIds.length > 0, placeholderData: keepPreviousData });
}
