import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET countries, states/{countryId}, cities/{stateId}: the cascading drop-downs (the lists change only between releases). */
export function countriesQueryOptions() {
  return queryOptions({
    queryKey: ['locations', 'countries'] as const,
    queryFn: ({ signal }) => api.countries({}, { signal }),
    staleTime: Infinity,
  });
}

export function statesQueryOptions(countryId: string) {
  return queryOptions({
    queryKey: ['locations', 'states', countryId] as const,
    queryFn: ({ signal }) => api.states({ params: { countryId } }, { signal }),
    staleTime: Infinity,
  });
}

export function citiesQueryOptions(stateId: string) {
  return queryOptions({
    queryKey: ['locations', 'cities', stateId] as const,
    queryFn: ({ signal }) => api.cities({ params: { stateId } }, { signal }),
    staleTime: Infinity,
  });
}

export function useCountries() {
  return useQuery(countriesQueryOptions());
}

export function useStates(countryId: string) {
  return useQuery({ ...statesQueryOptions(countryId), enabled: countryId !== '' });
}

export function useCities(stateId: string) {
  return useQuery({ ...citiesQueryOptions(stateId), enabled: stateId !== '' });
}
