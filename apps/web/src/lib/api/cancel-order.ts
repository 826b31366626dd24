/**
 * POST /api/orders/{id}/cancel (issue 19): the buyer cancels their order before it ships; a
 * paid one is refunded in full. The answer is the order as it is now, cached in place of the
 * old one, and the order list is refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderResponse } from '@storefront/shared/orders';
import { authRequest } from './auth-client';
import { orderQueryOptions } from './get-order';
import { ORDERS_KEY } from './get-orders';

export function cancelOrder(orderId: string): Promise<Order> {
  return authRequest<OrderResponse>(`/api/orders/${encodeURIComponent(orderId)}/cancel`, {
    method: 'POST',
    body: {},
    errorPrefix: 'The order could not be cancelled',
  }).then((body) => body.payload);
}

export function useCancelOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueryOptions(orderId).queryKey, order);
      await queryClient.invalidateQueries({ queryKey: ORDERS_KEY, exact: true });
    },
  });
}
