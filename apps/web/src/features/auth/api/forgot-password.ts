/**
 * POST /api/user/forgot-password (decision 058): mails a reset link if the email has an
 * account. The server answers the same for every email.
 */
import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@storefront/shared/accounts';
import { apiRequest } from '../../../lib/api/api-client';

export function forgotPassword(email: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/user/forgot-password', {
    method: 'POST',
    body: { email },
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
