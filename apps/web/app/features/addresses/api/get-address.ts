import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressEditResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** POST address-edit {addressId}: the form's values of one address. */
export function fetchAddress(addressId: number, signal?: AbortSignal): Promise<AddressEditResponse> {
  return api.addressEdit({ body: { addressId } }, { signal });
}

export function addressQueryOptions(addressId: number) {
  return queryOptions({
    queryKey: ['addresses', 'edit', addressId] as const,
    queryFn: ({ signal }) => fetchAddress(addressId, signal),
    // The form is edited from this snapshot; a refetch must not overwrite what is being typed.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useAddress(addressId: number | null) {
  return useQuery({ ...addressQueryOptions(addressId ?? 0), enabled: addressId !== null });
}
