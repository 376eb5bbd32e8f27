import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

export interface SubmitNewPasswordInput {
  password: string;
  password_confirmation: string;
  userId: number;
  verification_token: string;
  isPhone: boolean;
}

/** POST /api/submit-new-password: sets the new password with the single-use verification token. */
export function submitNewPassword(body: SubmitNewPasswordInput): Promise<MessageResponse> {
  return api.submitNewPassword({ body });
}

export function useSubmitNewPassword() {
  return useMutation({ mutationKey: ['auth', 'submit-new-password'], mutationFn: submitNewPassword });
}
