/**
 * POST /api/user/reset-password (decision 058): the emailed link's token and a new password.
 * No authorization: the token is the credential, and every session ends on success.
 */
import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordBody } from '@storefront/shared/accounts';
import { apiRequest } from '../../../lib/api/api-client';

export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/user/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
