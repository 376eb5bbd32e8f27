import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListingResponse, StoneSearchInput } from '@gemstore/contracts';
import { ITEMS_PER_PAGE } from '@gemstore/contracts/constants';
import { api } from '../../../lib/api.ts';

/** POST search?page=n: the stones a search and its filter find. */
export function searchQueryOptions(body: StoneSearchInput) {
  return infiniteQueryOptions({
    queryKey: ['search', body] as const,
    queryFn: ({ pageParam, signal }) => api.search({ query: { page: pageParam }, body }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.data.length === ITEMS_PER_PAGE ? lastPage + 1 : undefined),
  });
}

/** The search's stones: page 1 from the server render, pages 2+ fetched as the visitor scrolls. */
export function useSearchItems(body: StoneSearchInput, firstPage: ListingResponse) {
  return useInfiniteQuery({ ...searchQueryOptions(body), initialData: { pages: [firstPage], pageParams: [1] }, staleTime: 5 * 60_000 });
}
