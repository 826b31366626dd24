/** POST /api/staff/login: password and second factor in one call; sets the session cookie. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StaffSessionResponse, type StaffLoginBody } from '@storefront/shared/staff';
import { sessionQueryKey } from '../../../lib/session';
import { staffRequest } from '../../../lib/staff-client';

export function logIn(body: StaffLoginBody) {
  return staffRequest('/api/staff/login', StaffSessionResponse, { method: 'POST', body });
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
