import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressesResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** POST address: the customer's addresses, the primary one (address_type_id 1) first. */
export function fetchAddresses(signal?: AbortSignal): Promise<AddressesResponse> {
  return api.addresses({}, { signal });
}

export function addressesQueryOptions() {
  return queryOptions({ queryKey: ['addresses'] as const, queryFn: ({ signal }) => fetchAddresses(signal) });
}

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
