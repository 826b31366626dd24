/** GET /api/staff/orders: a page of the order desk's list, filtered and sorted. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryValues } from '@storefront/shared/catalog-calls';
import { DeskOrderList } from '@storefront/shared/order-desk';
import { staffRequest } from '../../../lib/staff-client';

export const ordersKey = ['staff', 'orders'] as const;

export const ordersQuery = (query: QueryValues) =>
  queryOptions({
    queryKey: [...ordersKey, 'list', query],
    queryFn: ({ signal }) => staffRequest('/api/staff/orders', DeskOrderList, { query, signal }),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useOrders(query: QueryValues) {
  return useQuery(ordersQuery(query));
}
