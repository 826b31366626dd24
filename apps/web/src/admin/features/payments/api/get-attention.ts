/** GET /api/staff/payments/attention: payments someone must look at (planned route). */
import { useQuery } from '@tanstack/react-query';
import { PaymentsAttentionResponse } from '../../../planned-contracts';
import { staffRequest } from '../../../lib/staff-client';

export function usePaymentsNeedingAttention() {
  return useQuery({
    queryKey: ['staff', 'payments', 'attention'],
    queryFn: ({ signal }) =>
      staffRequest('/api/staff/payments/attention', PaymentsAttentionResponse, { signal }),
  });
}
