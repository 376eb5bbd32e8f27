import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordSendOtpBody, ForgotPasswordSendOtpResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** POST /api/forgot-password-send-otp {phone}: sends a reset code to the email or mobile number. */
export function forgotPasswordSendOtp(body: ForgotPasswordSendOtpBody): Promise<ForgotPasswordSendOtpResponse> {
  return api.forgotPasswordSendOtp({ body });
}

export function useForgotPasswordSendOtp() {
  return useMutation({ mutationKey: ['auth', 'forgot-password-send-otp'], mutationFn: forgotPasswordSendOtp });
}
