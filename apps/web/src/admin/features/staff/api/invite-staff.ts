/** POST /api/staff/invitations: an invitation, and its one-time setup link (shown once). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StaffInviteResponse, type StaffInviteBody } from '@storefront/shared/staff';
import { staffRequest } from '../../../lib/staff-client';
import { staffKey } from './list-staff';

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffInviteBody) =>
      staffRequest('/api/staff/invitations', StaffInviteResponse, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
