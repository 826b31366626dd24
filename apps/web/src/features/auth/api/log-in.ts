/**
 * POST /api/user/login (spec §7): on success both tokens are stored and the user cached under
 * ['/api/user'] (spec §4 "Auth"). Plain apiRequest, never the refresh-once client: a 401 here
 * means wrong credentials and a 403 an unverified email (docs/api-accounts.md).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@storefront/shared/accounts';
import { apiRequest } from '../../../lib/api/api-client';
import { startSession } from '../../../lib/api/current-user';

export function logIn(body: LoginBody): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/api/user/login', { method: 'POST', body });
}

export function useLogIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: (login) => startSession(client, login),
  });
}
