/**
 * POST /api/user/change-password (decision 029): every session of the account ends, this one
 * included, and the answer carries the new pair, stored at once so the tab stays signed in.
 * A wrong current password is a 400 on its field, not a 401, so the client does not refresh.
 */
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, ChangePasswordResponse } from '@storefront/shared/accounts';
import { authRequest } from '../../../lib/api/auth-client';
import { storeTokens } from '../../../lib/api/auth-tokens';

export async function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  const answer = await authRequest<ChangePasswordResponse>('/api/user/change-password', {
    method: 'POST',
    body,
  });
  storeTokens(answer);
  return answer;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
