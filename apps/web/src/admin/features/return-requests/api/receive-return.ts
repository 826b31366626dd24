/**
 * POST /api/staff/return-requests/:returnId/receive: an accepted request's goods received, which
 * refunds them through the order desk's refund (decision 061). Should the desk refuse the refund,
 * the request is still marked received: every staff answer is fetched again either way.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeskReturnRequest } from '@storefront/shared/return-requests';
import { refreshStaffData } from '../../../lib/money-actions';
import { staffRequest } from '../../../lib/staff-client';

export function useReceiveReturn(returnId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      staffRequest(`/api/staff/return-requests/${returnId}/receive`, DeskReturnRequest, {
        method: 'POST',
      }),
    // The order, its refunds and the payments queue change with it.
    onSettled: () => refreshStaffData(queryClient),
  });
}
