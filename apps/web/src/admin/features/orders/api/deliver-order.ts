/** POST /api/staff/orders/:mkpOrderId/deliver: a shipped order delivered. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeskOrderActionResponse } from '@storefront/shared/order-desk';
import { staffRequest } from '../../../lib/staff-client';
import { ordersKey } from './get-orders';

export function useDeliverOrder(mkpOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      staffRequest(
        `/api/staff/orders/${encodeURIComponent(mkpOrderId)}/deliver`,
        DeskOrderActionResponse,
        { method: 'POST' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
