/** POST /api/staff/return-requests/:returnId/accept {note?}: a waiting request accepted. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeskReturnRequest } from '@storefront/shared/return-requests';
import { staffRequest } from '../../../lib/staff-client';
import { returnRequestsKey } from './get-return-requests';

export function useAcceptReturn(returnId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { note?: string }) =>
      staffRequest(`/api/staff/return-requests/${returnId}/accept`, DeskReturnRequest, {
        method: 'POST',
        body,
      }),
    // Refused or not, the request may have moved meanwhile: the page shows where it stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnRequestsKey }),
  });
}
