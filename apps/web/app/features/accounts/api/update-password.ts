import { useMutation } from '@tanstack/react-query';
import type { CustomerUpdatePasswordBody, MessageResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** POST /api/customer-update-password: checks the current password, sets the new one and ends every other sign-in. */
export function updatePassword(body: CustomerUpdatePasswordBody): Promise<MessageResponse> {
  return api.customerUpdatePassword({ body });
}

export function useUpdatePassword() {
  return useMutation({ mutationKey: ['auth', 'update-password'], mutationFn: updatePassword });
}
