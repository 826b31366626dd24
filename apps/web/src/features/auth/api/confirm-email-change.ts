/**
 * POST /api/user/change-email/confirm (decision 067): the token of the link mailed to the new
 * address. No authorization: the token is the credential (the link may be opened on another
 * device). The signed-in user, if any, is fetched again, since its email has changed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEmailChangeBody, MessageResponse } from '@storefront/shared/accounts';
import { apiRequest } from '../../../lib/api/api-client';
import { CURRENT_USER_KEY } from '../../../lib/api/current-user';

export function confirmEmailChange(body: ConfirmEmailChangeBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/user/change-email/confirm', { method: 'POST', body });
}

export function useConfirmEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}
