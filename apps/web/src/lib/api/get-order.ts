/**
 * GET /api/orders/order/{id} (spec §7): one of the buyer's orders, read by the payment step and
 * the order detail page; retried once like the spec's call.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderResponse } from '@storefront/shared/orders';
import { authRequest } from './auth-client';
import { ORDERS_KEY } from './get-orders';
import { useSession } from '../contexts/session';

export function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return authRequest<OrderResponse>(`/api/orders/order/${encodeURIComponent(orderId)}`, {
    signal,
    errorPrefix: 'Failed to fetch order details',
  }).then((body) => body.payload);
}

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'order', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
    // A missing or foreign order (404) or a malformed id (400) will not appear on a retry.
    retry: (failureCount, error) =>
      failureCount < 1 && !('status' in error && (error.status === 404 || error.status === 400)),
  });

/** One of the signed-in buyer's orders; nothing is fetched for a visitor. */
export function useOrder(orderId: string) {
  const { user } = useSession();
  return useQuery({ ...orderQueryOptions(orderId), enabled: user !== null });
}
