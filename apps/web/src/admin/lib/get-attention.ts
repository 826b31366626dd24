/**
 * GET /api/staff/payments/attention (finance, owner): payments and failed refunds someone must
 * settle. The payments page lists them; the order page reads it too, to offer Retry and Settle
 * by hand only on a failed refund still open (DeskRefund does not say whether one was settled
 * by hand; the queue does).
 */
import { useQuery } from '@tanstack/react-query';
import { AttentionList } from '@storefront/shared/order-desk';
import { staffRequest } from './staff-client';

export function usePaymentsNeedingAttention({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['staff', 'payments', 'attention'],
    queryFn: ({ signal }) =>
      staffRequest('/api/staff/payments/attention', AttentionList, { signal }),
    enabled,
  });
}
