/**
 * POST /api/orders/{id}/reorder (decision 065): the order's lines back in the cart at today's
 * prices. The answer carries the cart, which becomes the cached cart (the header's badge).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReorderResponse } from '@storefront/shared/quick-order';
import { authRequest } from '../../../lib/api/auth-client';
import { cartQueryOptions } from '../../../lib/api/get-cart';

export function reorderOrder(orderId: string): Promise<ReorderResponse> {
  return authRequest<ReorderResponse>(`/api/orders/${encodeURIComponent(orderId)}/reorder`, {
    method: 'POST',
  });
}

export function useReorderOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderOrder,
    scope: { id: 'cart' },
    onSuccess: (answer) => queryClient.setQueryData(cartQueryOptions().queryKey, answer.cart),
  });
}
