/** POST /api/user/signup (spec §7): registration; a verification email follows, no login. */
import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, SignupBodyInput } from '@storefront/shared/accounts';
import { apiRequest } from '../../../lib/api/api-client';

export function signUp(body: SignupBodyInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/user/signup', { method: 'POST', body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
