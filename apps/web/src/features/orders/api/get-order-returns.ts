/**
 * GET /api/orders/{id}/returns (issue 22, decision 064): the order's return requests, newest
 * first, and what of it may be returned now (and if not, why), as the server judges a request.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReturnList } from '@storefront/shared/return-requests';
import { authRequest } from '../../../lib/api/auth-client';
import { ORDERS_KEY } from '../../../lib/api/get-orders';

export function getOrderReturns(orderId: string, signal?: AbortSignal): Promise<ReturnList> {
  return authRequest<ReturnList>(`/api/orders/${encodeURIComponent(orderId)}/returns`, {
    signal,
    errorPrefix: 'Failed to fetch returns',
  });
}

export const orderReturnsQuery = (orderId: string) =>
  queryOptions({
    // Under the orders key: whatever refreshes the buyer's orders refreshes their returns too.
    queryKey: [...ORDERS_KEY, 'returns', orderId],
    queryFn: ({ signal }) => getOrderReturns(orderId, signal),
  });

export function useOrderReturns(orderId: string) {
  return useQuery(orderReturnsQuery(orderId));
}
