/** POST /api/staff/setup/complete: the member is created and signed in; recovery codes once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StaffSetupCompleteResponse, type StaffSetupCompleteBody } from '@storefront/shared/staff';
import { sessionQueryKey } from '../../../lib/session';
import { staffRequest } from '../../../lib/staff-client';

export function useCompleteSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffSetupCompleteBody) =>
      staffRequest('/api/staff/setup/complete', StaffSetupCompleteResponse, {
        method: 'POST',
        body,
      }),
    // The session, for the frame to open without asking; the codes stay with the page.
    onSuccess: ({ staff, recoveryCodesLeft }) =>
      queryClient.setQueryData(sessionQueryKey, { staff, recoveryCodesLeft }),
  });
}
