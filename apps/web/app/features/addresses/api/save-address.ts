import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressFields, AddressResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { addressesQueryOptions } from './get-addresses.ts';
import { rereadAfterWrite } from '../../../lib/reread-after-write.ts';

/** POST address-save {address} (a new address) or address-update {address with id}. */
export function saveAddress({ id, ...address }: AddressFields & { id?: number }): Promise<AddressResponse> {
  return id === undefined
    ? api.addressSave({ body: { address } })
    : api.addressUpdate({ body: { address: { ...address, id } } });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => rereadAfterWrite(queryClient, addressesQueryOptions().queryKey),
  });
}
