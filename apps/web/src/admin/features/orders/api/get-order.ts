/** GET /api/staff/orders/:mkpOrderId: an order with its buyer, payments, history and emails. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DeskOrderDetail } from '@storefront/shared/order-desk';
import { staffRequest } from '../../../lib/staff-client';
import { ordersKey } from './get-orders';

export const orderQuery = (mkpOrderId: string) =>
  queryOptions({
    queryKey: [...ordersKey, 'detail', mkpOrderId],
    queryFn: ({ signal }) =>
      staffRequest(`/api/staff/orders/${encodeURIComponent(mkpOrderId)}`, DeskOrderDetail, {
        signal,
      }),
  });

export function useOrder(mkpOrderId: string) {
  return useQuery(orderQuery(mkpOrderId));
}
