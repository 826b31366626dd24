/**
 * POST /api/staff/payments/:paymentId/refund {reason} (finance): a payment the order did not
 * need (paid twice, or after it was cancelled) refunded in full. The dialog's Idempotency-Key
 * makes a repeated submit answer the same refund.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@storefront/shared/constants';
import { RefundResponse, type RefundPaymentBody } from '@storefront/shared/order-desk';
import type { z } from 'zod';
import { refreshStaffData } from '../../../lib/money-actions';
import { staffRequest } from '../../../lib/staff-client';

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      paymentId,
      body,
      key,
    }: {
      paymentId: number;
      body: z.output<typeof RefundPaymentBody>;
      key: string;
    }) =>
      staffRequest(`/api/staff/payments/${paymentId}/refund`, RefundResponse, {
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      }),
    onSuccess: () => refreshStaffData(queryClient),
  });
}
