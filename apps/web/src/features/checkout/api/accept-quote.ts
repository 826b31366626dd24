/**
 * POST /api/quotes/{id}/accept (issue 22, decisions 060, 063): the version the buyer saw and the
 * checkout's billing and shipping; the server makes one order at the quoted prices (refusing an
 * expired, replaced or already accepted quote with 409) and the buyer goes on to pay for it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderCreateBody, OrderCreateResponse } from '@storefront/shared/orders';
import { authRequest } from '../../../lib/api/auth-client';
import { orderQueryOptions } from '../../../lib/api/get-order';
import { ORDERS_KEY } from '../../../lib/api/get-orders';
import { QUOTES_KEY } from '../../../lib/api/get-quote';

export interface AcceptQuoteInput {
  quoteId: string;
  version: number;
  order: OrderCreateBody;
}

export function acceptQuote({ quoteId, version, order }: AcceptQuoteInput): Promise<Order> {
  return authRequest<OrderCreateResponse>(`/api/quotes/${encodeURIComponent(quoteId)}/accept`, {
    method: 'POST',
    body: { version, order },
  }).then((answer) => answer.payload);
}

export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuote,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(order._id.$oid).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: QUOTES_KEY });
      void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
    },
  });
}
