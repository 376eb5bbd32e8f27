import { useMutation } from '@tanstack/react-query';
import type { LoginOtpVerifyBody, TokenResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** POST /api/login-otp-verify: signs in with a one-time password. */
export function loginOtpVerify(body: LoginOtpVerifyBody): Promise<TokenResponse> {
  return api.loginOtpVerify({ body });
}

export function useLoginOtpVerify() {
  return useMutation({ mutationKey: ['auth', 'login-otp-verify'], mutationFn: loginOtpVerify });
}
