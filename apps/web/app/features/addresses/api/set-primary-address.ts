import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { addressesQueryOptions } from './get-addresses.ts';
import { rereadAfterWrite } from '../../../lib/reread-after-write.ts';

/** POST address-set-primary {addressId}: "Set as default". */
export function setPrimaryAddress(addressId: number): Promise<OkResponse> {
  return api.addressSetPrimary({ body: { addressId } });
}

export function useSetPrimaryAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryAddress,
    onSuccess: () => rereadAfterWrite(queryClient, addressesQueryOptions().queryKey),
  });
}
