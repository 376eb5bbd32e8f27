import { useMutation } from '@tanstack/react-query';
import type { LoginSendOtpBody, OtpSentResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** POST /api/login-send-otp: sends a sign-in code; regId names it. */
export function loginSendOtp(body: LoginSendOtpBody): Promise<OtpSentResponse> {
  return api.loginSendOtp({ body });
}

export function useLoginSendOtp() {
  return useMutation({ mutationKey: ['auth', 'login-send-otp'], mutationFn: loginSendOtp });
}
