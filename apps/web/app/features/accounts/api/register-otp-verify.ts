import { useMutation } from '@tanstack/react-query';
import type { TokenResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

export interface RegisterOtpVerifyInput {
  userId: number;
  regIdPhone?: number;
  regIdEmail?: number;
  phoneOtp?: string;
  emailOtp?: string;
  isPhone: boolean;
}

/** POST /api/register-otp-verify: verifies the phone and/or email code and signs in. */
export function registerOtpVerify(body: RegisterOtpVerifyInput): Promise<TokenResponse> {
  return api.registerOtpVerify({ body });
}

export function useRegisterOtpVerify() {
  return useMutation({ mutationKey: ['auth', 'register-otp-verify'], mutationFn: registerOtpVerify });
}
