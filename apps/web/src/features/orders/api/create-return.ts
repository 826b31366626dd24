/**
 * POST /api/orders/{id}/returns (issue 22, decision 061): asks to return units of lines of the
 * buyer's delivered order, for a reason; the server prices it and may refuse (window closed,
 * units left, a line already in an open request). The order's returns are fetched again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnCreateBody, ReturnRequest } from '@storefront/shared/return-requests';
import { authRequest } from '../../../lib/api/auth-client';
import { orderReturnsQuery } from './get-order-returns';

export function createReturn(orderId: string, body: ReturnCreateBody): Promise<ReturnRequest> {
  return authRequest<ReturnRequest>(`/api/orders/${encodeURIComponent(orderId)}/returns`, {
    method: 'POST',
    body,
    errorPrefix: 'The return could not be requested',
  });
}

export function useCreateReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnCreateBody) => createReturn(orderId, body),
    onSettled: () => queryClient.invalidateQueries(orderReturnsQuery(orderId)),
  });
}
