/** POST /api/staff/orders/:mkpOrderId/ship: a paid order shipped, with carrier and tracking. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeskOrderActionResponse } from '@storefront/shared/order-desk';
import type { OrderShipBody } from '@storefront/shared/orders';
import { staffRequest } from '../../../lib/staff-client';
import { ordersKey } from './get-orders';

export function useShipOrder(mkpOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderShipBody) =>
      staffRequest(
        `/api/staff/orders/${encodeURIComponent(mkpOrderId)}/ship`,
        DeskOrderActionResponse,
        { method: 'POST', body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
