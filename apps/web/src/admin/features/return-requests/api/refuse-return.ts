/** POST /api/staff/return-requests/:returnId/refuse {note}: a waiting request refused, saying why. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeskReturnRequest } from '@storefront/shared/return-requests';
import { staffRequest } from '../../../lib/staff-client';
import { returnRequestsKey } from './get-return-requests';

export function useRefuseReturn(returnId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { note: string }) =>
      staffRequest(`/api/staff/return-requests/${returnId}/refuse`, DeskReturnRequest, {
        method: 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnRequestsKey }),
  });
}
