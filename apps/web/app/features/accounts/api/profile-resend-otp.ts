import { useMutation } from '@tanstack/react-query';
import type { OtpSentResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

export interface ProfileResendInput {
  regId: number;
  /** A voice call to the new mobile number instead of a text. */
  voice: boolean;
}

/** POST /api/profile-resend-otp or /api/profile-voice-otp {regId}: a new code replaces the old one. */
export function profileResendOtp({ regId, voice }: ProfileResendInput): Promise<OtpSentResponse> {
  return (voice ? api.profileVoiceOtp : api.profileResendOtp)({ body: { regId } });
}

export function useProfileResendOtp() {
  return useMutation({ mutationKey: ['auth', 'profile-resend-otp'], mutationFn: profileResendOtp });
}
