/**
 * PATCH /api/user/me (decision 058): the buyer's contact and company details. The answer is
 * the new profile, cached at once as the session's user.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateBodyInput, UserProfile } from '@storefront/shared/accounts';
import { authRequest } from '../../../lib/api/auth-client';
import { CURRENT_USER_KEY } from '../../../lib/api/current-user';

export function updateProfile(body: ProfileUpdateBodyInput): Promise<UserProfile> {
  return authRequest<UserProfile>('/api/user/me', { method: 'PATCH', body });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => client.setQueryData(CURRENT_USER_KEY, profile),
  });
}
