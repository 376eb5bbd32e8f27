import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordOtpSubmitBody, ForgotPasswordOtpSubmitResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** POST /api/forgot-password-otp-submit: trades the reset code for a verification_token. */
export function forgotPasswordOtpSubmit(body: ForgotPasswordOtpSubmitBody): Promise<ForgotPasswordOtpSubmitResponse> {
  return api.forgotPasswordOtpSubmit({ body });
}

export function useForgotPasswordOtpSubmit() {
  return useMutation({ mutationKey: ['auth', 'forgot-password-otp-submit'], mutationFn: forgotPasswordOtpSubmit });
}
