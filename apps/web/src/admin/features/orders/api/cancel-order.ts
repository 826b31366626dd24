/**
 * POST /api/staff/orders/:mkpOrderId/cancel {reason?} (fulfilment, owner): an order cancelled
 * before it ships; a paid order's full refund starts with it (decision 044).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeskCancelResponse } from '@storefront/shared/order-desk';
import type { OrderCancelBody } from '@storefront/shared/orders';
import { refreshStaffData } from '../../../lib/money-actions';
import { staffRequest } from '../../../lib/staff-client';

export function useCancelOrder(mkpOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderCancelBody) =>
      staffRequest(
        `/api/staff/orders/${encodeURIComponent(mkpOrderId)}/cancel`,
        DeskCancelResponse,
        { method: 'POST', body },
      ),
    onSuccess: () => refreshStaffData(queryClient),
  });
}
