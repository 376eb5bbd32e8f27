import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '@gemstore/contracts/constants';
import { api } from '../../../lib/api.ts';

/** GET search-suggestions?q=: gem types, stones and pages for the text typed so far. */
export function suggestionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['search-suggestions', q] as const,
    queryFn: ({ signal }) => api.searchSuggestions({ query: { q } }, { signal }),
    staleTime: 60_000,
  });
}

/** Suggestions for the search box; the last answer stays shown while the next one loads. */
export function useSuggestions(q: string) {
  const text = q.trim();
  return useQuery({ ...suggestionsQueryOptions(text), enabled: text.length >= SEARCH_MIN_LENGTH, placeholderData: keepPreviousData });
}
