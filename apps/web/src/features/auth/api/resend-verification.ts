/**
 * POST /api/user/resend-verification: a new verification link for an account whose login
 * answered 403 email_not_verified. The server answers the same for every email.
 */
import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@storefront/shared/accounts';
import { apiRequest } from '../../../lib/api/api-client';

export function resendVerification(email: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/user/resend-verification', {
    method: 'POST',
    body: { email },
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
