import { useMutation } from '@tanstack/react-query';
import type { ProfileResponse, VerifyProfileIdentifierBody } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/**
 * POST /api/verify-profile-identifier: the code sent to a new email or mobile number; right, the
 * profile switches to it and the fresh user comes back (with what still waits in `verify`).
 */
export function verifyProfileIdentifier(body: VerifyProfileIdentifierBody): Promise<ProfileResponse> {
  return api.verifyProfileIdentifier({ body });
}

export function useVerifyProfileIdentifier() {
  return useMutation({ mutationKey: ['auth', 'verify-profile-identifier'], mutationFn: verifyProfileIdentifier });
}
