import { useMutation } from '@tanstack/react-query';
import type { OtpResendBody, OtpSentResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** The three code flows; each has a resend and a voice call. */
export type OtpFlow = 'login' | 'register' | 'forgot-password';

/** Each flow's resend call and voice call. */
const RESEND_CALLS = {
  login: [api.loginResendOtp, api.loginVoiceOtp],
  register: [api.registerResendOtp, api.registerVoiceOtp],
  'forgot-password': [api.forgotPasswordResendOtp, api.forgotPasswordVoiceOtp],
} as const satisfies Record<OtpFlow, readonly unknown[]>;

export interface ResendOtpInput extends OtpResendBody {
  /** A voice call to the mobile number instead of a new text or email. */
  voice: boolean;
}

/**
 * POST /api/{flow}-resend-otp or /api/{flow}-voice-otp {userId, regId}: a new code replaces the old
 * one, so the answer's regId must be used from now on.
 */
export function resendOtp(flow: OtpFlow, { voice, userId, regId }: ResendOtpInput): Promise<OtpSentResponse> {
  const [resend, voiceCall] = RESEND_CALLS[flow];
  return (voice ? voiceCall : resend)({ body: { userId, regId } });
}

export function useResendOtp(flow: OtpFlow) {
  return useMutation({ mutationKey: ['auth', flow, 'resend-otp'], mutationFn: (input: ResendOtpInput) => resendOtp(flow, input) });
}
