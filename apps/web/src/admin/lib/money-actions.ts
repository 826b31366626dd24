/**
 * The money actions that both the order page and the payments queue offer (decision 044):
 * retry a failed refund, settle a failed refund or a flagged payment by hand. Each changes an
 * order, the queue and the dashboard at once, so each refreshes every staff query but the
 * session.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { RefundResponse } from '@storefront/shared/order-desk';
import { staffRequest } from './staff-client';

export function refreshStaffData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'staff' && query.queryKey[1] !== 'session',
  });
}

/** POST /api/staff/refunds/:refundId/retry (finance): a new refund of the failed one's amount. */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refundId: number) =>
      staffRequest(`/api/staff/refunds/${refundId}/retry`, RefundResponse, { method: 'POST' }),
    onSuccess: () => refreshStaffData(queryClient),
  });
}

/** POST /api/staff/refunds/:refundId/resolve or /api/staff/payments/:paymentId/resolve {note}. */
export function useSettleByHand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ what, id, note }: { what: 'refund' | 'payment'; id: number; note: string }) =>
      staffRequest(
        what === 'refund'
          ? `/api/staff/refunds/${id}/resolve`
          : `/api/staff/payments/${id}/resolve`,
        null,
        { method: 'POST', body: { note } },
      ),
    onSuccess: () => refreshStaffData(queryClient),
  });
}
