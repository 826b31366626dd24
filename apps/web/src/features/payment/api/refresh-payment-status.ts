/**
 * POST /api/payments/status/{orderId}: when the browser comes back from the gateway, the server
 * asks the gateway for the payment's status (the return itself never marks an order paid,
 * ARCHITECTURE.md "Payments"). The answer refreshes every order query.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { authRequest } from '../../../lib/api/auth-client';
import { ORDERS_KEY } from '../../../lib/api/get-orders';

export function refreshPaymentStatus(orderId: string): Promise<{ pStatus: string }> {
  return authRequest<{ pStatus: string }>(`/api/payments/status/${encodeURIComponent(orderId)}`, {
    method: 'POST',
  });
}

/**
 * A query rather than a mutation: the confirmation page asks once on entry and shows the answer
 * (a remount or a second render does not ask twice). It lives outside ORDERS_KEY, so the order
 * refresh it triggers does not ask the gateway again.
 */
export const paymentStatusQueryOptions = (queryClient: QueryClient, orderId: string) =>
  queryOptions({
    queryKey: ['payment-status', orderId],
    queryFn: async () => {
      const answer = await refreshPaymentStatus(orderId);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      return answer;
    },
    gcTime: 0,
  });

export function usePaymentStatus(orderId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...paymentStatusQueryOptions(queryClient, orderId ?? ''),
    enabled: orderId !== null,
  });
}
