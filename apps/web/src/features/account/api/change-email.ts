/**
 * POST /api/user/change-email (decision 067): the new address and the current password. The
 * answer says a link went to the new address; the email changes only when it is used there.
 */
import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailBody, MessageResponse } from '@storefront/shared/accounts';
import { authRequest } from '../../../lib/api/auth-client';

export function changeEmail(body: ChangeEmailBody): Promise<MessageResponse> {
  return authRequest<MessageResponse>('/api/user/change-email', { method: 'POST', body });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
