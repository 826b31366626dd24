/**
 * GET /api/orders/ through the authenticated client: the profile's Recent Orders, the buyer's
 * latest orders (product decision #2). Under the 'orders' key, so whatever refreshes the orders
 * (a new order, a payment result) refreshes these too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderListResponse } from '@storefront/shared/orders';
import { authRequest } from '../../../lib/api/auth-client';

/** How many orders the profile tab lists; the orders page has them all. */
export const RECENT_ORDERS_SHOWN = 5;

export async function getRecentOrders(signal?: AbortSignal): Promise<Order[]> {
  const body = await authRequest<OrderListResponse>('/api/orders/', {
    signal,
    errorPrefix: 'Failed to fetch orders',
  });
  // The server answers newest first.
  return body.payload.slice(0, RECENT_ORDERS_SHOWN);
}

export const recentOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ['orders', 'recent'],
    queryFn: ({ signal }) => getRecentOrders(signal),
  });

export function useRecentOrders() {
  return useQuery(recentOrdersQueryOptions());
}
