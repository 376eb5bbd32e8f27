import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListingFilterInput, ListingResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { ITEMS_PER_PAGE } from '@gemstore/contracts/constants';

/** POST product-items?page=n with the whole filter body (spec section 7). */
export function fetchListingPage(body: ListingFilterInput, page: number, signal?: AbortSignal): Promise<ListingResponse> {
  return api.productItems({ query: { page }, body }, { signal });
}

export function listingQueryOptions(body: ListingFilterInput) {
  return infiniteQueryOptions({
    queryKey: ['listing', body] as const,
    queryFn: ({ pageParam, signal }) => fetchListingPage(body, pageParam, signal),
    initialPageParam: 1,
    // Spec section 4: loading continues only while a page returns exactly 20 stones.
    getNextPageParam: (last, _all, lastPage) => (last.data.length === ITEMS_PER_PAGE ? lastPage + 1 : undefined),
  });
}

/** The listing's stones: page 1 from the server render, pages 2+ fetched as the visitor scrolls. */
export function useListingItems(body: ListingFilterInput, firstPage: ListingResponse) {
  return useInfiniteQuery({
    ...listingQueryOptions(body),
    initialData: { pages: [firstPage], pageParams: [1] },
    staleTime: 5 * 60_000,
  });
}
