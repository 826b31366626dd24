/**
 * PATCH /api/staff/members/:id: a new role, or disabled or enabled. The server refuses to leave
 * the store without an active owner (409 last_owner) and ends the member's sessions.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StaffMember, type StaffUpdateBody } from '@storefront/shared/staff';
import { staffRequest } from '../../../lib/staff-client';
import { staffKey } from './list-staff';

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: StaffUpdateBody & { id: string }) =>
      staffRequest(`/api/staff/members/${encodeURIComponent(id)}`, StaffMember, {
        method: 'PATCH',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
