import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** POST /api/login {phone}: the account behind an email or mobile number. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api.login({ body });
}

export function useLogin() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
