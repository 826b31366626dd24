/**
 * POST /api/staff/return-requests/:returnId/refund (finance): the refund of a received request
 * whose refund the desk refused when it was received, asked again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeskReturnRequest } from '@storefront/shared/return-requests';
import { refreshStaffData } from '../../../lib/money-actions';
import { staffRequest } from '../../../lib/staff-client';

export function useRefundReturn(returnId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      staffRequest(`/api/staff/return-requests/${returnId}/refund`, DeskReturnRequest, {
        method: 'POST',
      }),
    onSettled: () => refreshStaffData(queryClient),
  });
}
