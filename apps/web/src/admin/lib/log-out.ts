/** POST /api/staff/logout: ends the session on the server, which clears the cookie. */
import { useMutation } from '@tanstack/react-query';
import { staffRequest } from './staff-client';

export function useLogOut() {
  return useMutation({
    mutationFn: () => staffRequest('/api/staff/logout', null, { method: 'POST' }),
  });
}
