/**
 * GET /api/staff/payments/attention (finance, owner): payments and failed refunds someone must
 * settle, listed by the payments page.
 */
import { useQuery } from '@tanstack/react-query';
import { AttentionList } from '@storefront/shared/order-desk';
import { staffRequest } from './staff-client';

export function usePaymentsNeedingAttention() {
  return useQuery({
    queryKey: ['staff', 'payments', 'attention'],
    queryFn: ({ signal }) =>
      staffRequest('/api/staff/payments/attention', AttentionList, { signal }),
  });
}
