/**
 * POST /api/staff/orders/:mkpOrderId/refunds (finance, owner): a refund by amount or by line.
 * The Idempotency-Key is the refund dialog's (lib/idempotency-key.ts): every submit of one
 * opened dialog carries the same key, so the server makes one refund of them (decision 044).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@storefront/shared/constants';
import { RefundResponse, type RefundBody } from '@storefront/shared/order-desk';
import { refreshStaffData } from '../../../lib/money-actions';
import { staffRequest } from '../../../lib/staff-client';

export function useRefundOrder(mkpOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: RefundBody; key: string }) =>
      staffRequest(`/api/staff/orders/${encodeURIComponent(mkpOrderId)}/refunds`, RefundResponse, {
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      }),
    onSuccess: () => refreshStaffData(queryClient),
  });
}
