/**
 * GET /api/orders/ (spec §7): the buyer's orders, newest first — the orders page and the
 * profile's Recent Orders (product decision #2). Every order query sits under the 'orders' key, so
 * a new order or a payment result refreshes them all at once.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderListResponse } from '@storefront/shared/orders';
import { authRequest } from './auth-client';
import { useSession } from '../contexts/session';

export const ORDERS_KEY = ['orders'] as const;

export function getOrders(signal?: AbortSignal): Promise<Order[]> {
  return authRequest<OrderListResponse>('/api/orders/', {
    signal,
    errorPrefix: 'Failed to fetch orders',
  }).then((body) => body.payload);
}

export const ordersQueryOptions = () =>
  queryOptions({ queryKey: [...ORDERS_KEY, 'list'], queryFn: ({ signal }) => getOrders(signal) });

/** The signed-in buyer's orders; nothing is fetched for a visitor. */
export function useOrders() {
  const { user } = useSession();
  return useQuery({ ...ordersQueryOptions(), enabled: user !== null });
}
