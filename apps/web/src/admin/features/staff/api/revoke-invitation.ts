/** DELETE /api/staff/invitations/:id: the setup link stops working. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-client';
import { staffKey } from './list-staff';

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      staffRequest(`/api/staff/invitations/${encodeURIComponent(id)}`, null, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
