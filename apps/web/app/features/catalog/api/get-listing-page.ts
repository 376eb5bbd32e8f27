import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListingFilterInput, ListingResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { ITEMS_PER_PAGE } from '@gemstore/contracts/constants';

/** POST product-items?page=n with the whole filter body. */
export function fetchListingPage(body: ListingFilterInput, page: number, signal?: AbortSignal): Promise<ListingResponse> {
  return api.productItems({ query: { page }, body }, { signal });
}

export function listingQueryOptions(body: ListingFilterInput, startPage = 1) {
  return infiniteQueryOptions({
    queryKey: ['listing', body, startPage] as const,
    queryFn: ({ pageParam, signal }) => fetchListingPage(body, pageParam, signal),
    initialPageParam: startPage,
    // Loading continues only while a page returns exactly 20 stones (a full page).
    getNextPageParam: (last, _all, lastPage) => (last.data.length === ITEMS_PER_PAGE ? lastPage + 1 : undefined),
  });
}

/**
 * The listing's stones: the page the address names (?page=n, 1 by default) from the server render,
 * the following pages fetched as the visitor scrolls.
 */
export function useListingItems(body: ListingFilterInput, firstPage: ListingResponse, startPage = 1) {
  return useInfiniteQuery({
    ...listingQueryOptions(body, startPage),
    initialData: { pages: [firstPage], pageParams: [startPage] },
    staleTime: 5 * 60_000,
  });
}
