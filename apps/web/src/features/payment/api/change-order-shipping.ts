/**
 * PUT /api/orders/{id}/shipping (issue 22, decision 066): the payment step's way back to shipping
 * changes the unpaid order's ship-to in place; the answer is the order as it now is (its place
 * of supply and tax heads worked out again), cached in place of the old one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderResponse, OrderShippingInput } from '@storefront/shared/orders';
import { authRequest } from '../../../lib/api/auth-client';
import { orderQueryOptions } from '../../../lib/api/get-order';
import { ORDERS_KEY } from '../../../lib/api/get-orders';

export function changeOrderShipping(orderId: string, body: OrderShippingInput): Promise<Order> {
  return authRequest<OrderResponse>(`/api/orders/${encodeURIComponent(orderId)}/shipping`, {
    method: 'PUT',
    body,
  }).then((answer) => answer.payload);
}

export function useChangeOrderShipping(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderShippingInput) => changeOrderShipping(orderId, body),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(orderId).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
    },
  });
}
