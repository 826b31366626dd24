/**
 * The profile's Recent Orders (product decision #2): the first orders of the shared orders query
 * (lib/api/get-orders.ts), so the tab and the orders page share one request and one cache entry,
 * and whatever refreshes the orders (a new order, a payment result) refreshes these too.
 */
import { useQuery } from '@tanstack/react-query';
import type { Order } from '@storefront/shared/orders';
import { ordersQueryOptions } from '../../../lib/api/get-orders';

/** How many orders the profile tab lists; the orders page has them all. */
export const RECENT_ORDERS_SHOWN = 5;

// The server answers newest first. A module-level function, so select keeps its result between
// renders instead of slicing anew each time.
const latestOrders = (orders: Order[]) => orders.slice(0, RECENT_ORDERS_SHOWN);

export function useRecentOrders() {
  return useQuery({ ...ordersQueryOptions(), select: latestOrders });
}
