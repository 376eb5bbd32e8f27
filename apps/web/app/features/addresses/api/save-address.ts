import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressFields, AddressResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { addressesQueryOptions } from './get-addresses.ts';

/** POST address-save {address} (a new address) or address-update {address with id}. */
export function saveAddress(address: AddressFields & { id?: number }): Promise<AddressResponse> {
  return address.id === undefined
    ? api<AddressResponse>('address-save', { method: 'POST', body: { address } })
    : api<AddressResponse>('address-update', { method: 'POST', body: { address } });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryOptions().queryKey }),
  });
}
