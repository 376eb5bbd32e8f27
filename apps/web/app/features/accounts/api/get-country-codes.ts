import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode, CountryCodesResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** GET /api/country-codes: the phone country codes (the register and profile selects). */
export function getCountryCodes(): Promise<CountryCodesResponse> {
  return api.countryCodes();
}

export const countryCodesQuery = () => queryOptions({
  queryKey: ['country-codes'],
  queryFn: getCountryCodes,
  // The list changes with a release, not during a visit.
  staleTime: Infinity,
});

/** The codes; `initial` is the list a loader already fetched on the server. */
export function useCountryCodes(initial?: CountryCode[] | null) {
  return useQuery({ ...countryCodesQuery(), initialData: initial ? { country_codes: initial } : undefined });
}
