/**
 * GET /api/payments/pay/{orderId} (spec §7): starts a payment attempt and answers the gateway
 * page to send the browser to. The page turns the outcome into the spec's messages (§8).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRequest } from '../../../lib/api/auth-client';
import { orderQueryOptions } from '../../../lib/api/get-order';

export function startPayment(orderId: string): Promise<{ paymentUrl?: string }> {
  return authRequest<{ paymentUrl?: string }>(`/api/payments/pay/${encodeURIComponent(orderId)}`);
}

export function useStartPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startPayment(orderId),
    onError: (error) => {
      // 409: the order was paid meanwhile; reloading it shows that instead of the button.
      if ('status' in error && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: orderQueryOptions(orderId).queryKey });
      }
    },
  });
}
