/** GET /api/staff/payments/attention (finance, owner): payments and refunds someone must settle. */
import { useQuery } from '@tanstack/react-query';
import { AttentionList } from '@storefront/shared/order-desk';
import { staffRequest } from '../../../lib/staff-client';

export function usePaymentsNeedingAttention() {
  return useQuery({
    queryKey: ['staff', 'payments', 'attention'],
    queryFn: ({ signal }) =>
      staffRequest('/api/staff/payments/attention', AttentionList, { signal }),
  });
}
