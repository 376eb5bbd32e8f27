import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { addressesQueryOptions } from './get-addresses.ts';
import { rereadAfterWrite } from '../../../lib/reread-after-write.ts';

/** POST address-delete {addressId} (the primary address cannot be deleted). */
export function deleteAddress(addressId: number): Promise<OkResponse> {
  return api.addressDelete({ body: { addressId } });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => rereadAfterWrite(queryClient, addressesQueryOptions().queryKey),
  });
}
