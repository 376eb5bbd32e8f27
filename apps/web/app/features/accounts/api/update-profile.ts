import { useMutation } from '@tanstack/react-query';
import type { ProfileResponse, UpdateProfileInput } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

/** POST /api/update-profile: saves the signed-in customer's profile and answers the fresh user. */
export function updateProfile(body: UpdateProfileInput): Promise<ProfileResponse> {
  return api.updateProfile({ body });
}

export function useUpdateProfile() {
  return useMutation({ mutationKey: ['auth', 'update-profile'], mutationFn: updateProfile });
}
