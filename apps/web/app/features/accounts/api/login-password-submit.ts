import { useMutation } from '@tanstack/react-query';
import type { LoginPasswordSubmitBody, LoginPasswordSubmitResponse, TokenResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** POST /api/login-password-submit: token and user, or (account not verified yet) the codes sent for RegisterOtp. */
export function loginPasswordSubmit(body: LoginPasswordSubmitBody): Promise<LoginPasswordSubmitResponse> {
  return api.loginPasswordSubmit({ body });
}

export function isTokenResponse(res: LoginPasswordSubmitResponse): res is TokenResponse {
  return 'token' in res && typeof res.token === 'string';
}

export function useLoginPasswordSubmit() {
  return useMutation({ mutationKey: ['auth', 'login-password-submit'], mutationFn: loginPasswordSubmit });
}
