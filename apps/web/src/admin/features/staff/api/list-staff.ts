/** GET /api/staff/members: the members and the open invitations (owner). */
import { useQuery } from '@tanstack/react-query';
import { StaffListResponse } from '@storefront/shared/staff';
import { staffRequest } from '../../../lib/staff-client';

export const staffKey = ['staff', 'members'] as const;

export function useStaffList() {
  return useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => staffRequest('/api/staff/members', StaffListResponse, { signal }),
  });
}
