/**
 * POST /api/staff/setup/start: who the link invites, and the second factor to enrol. The same
 * secret comes back for the same link until setup is done, so a reload shows the same QR code.
 */
import { useQuery } from '@tanstack/react-query';
import { StaffSetupStartResponse } from '@storefront/shared/staff';
import { staffRequest } from '../../../lib/staff-client';

export function useStartSetup(token: string) {
  return useQuery({
    queryKey: ['staff', 'setup', token],
    queryFn: ({ signal }) =>
      staffRequest('/api/staff/setup/start', StaffSetupStartResponse, {
        method: 'POST',
        body: { token },
        signal,
      }),
    enabled: token !== '',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
