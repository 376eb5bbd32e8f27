import { useMutation } from '@tanstack/react-query';
import type { RegisterInput, RegisterResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** POST /api/register: creates the account and sends the codes for RegisterOtp. */
export function register(body: RegisterInput): Promise<RegisterResponse> {
  return api.register({ body });
}

export function useRegister() {
  return useMutation({ mutationKey: ['auth', 'register'], mutationFn: register });
}
