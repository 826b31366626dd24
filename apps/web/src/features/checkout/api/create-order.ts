/**
 * POST /api/orders/ (spec §7; product decision #1): the server creates the order from its own cart
 * and prices it; the client sends only the shipping details and the attempt's Idempotency-Key,
 * so a retried submit replays the first answer instead of placing a second order.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@storefront/shared/constants';
import type { Order, OrderCreateBody, OrderCreateResponse } from '@storefront/shared/orders';
import { authRequest } from '../../../lib/api/auth-client';
import { ADDRESS_BOOK_KEY } from '../../../lib/api/get-address-book';
import { cartQueryOptions } from '../../../lib/api/get-cart';
import { orderQueryOptions } from '../../../lib/api/get-order';
import { ORDERS_KEY } from '../../../lib/api/get-orders';

export interface CreateOrderInput {
  body: OrderCreateBody;
  idempotencyKey: string;
}

export function createOrder({ body, idempotencyKey }: CreateOrderInput): Promise<Order> {
  return authRequest<OrderCreateResponse>('/api/orders/', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  }).then((answer) => answer.payload);
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order, { body }) => {
      queryClient.setQueryData(orderQueryOptions(order._id.$oid).queryKey, order);
      // The server emptied the cart and the order list has a new entry; the caller navigates
      // to the order without waiting for these.
      void queryClient.invalidateQueries({ queryKey: cartQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
      if (body.saveAddress || body.saveBilling)
        void queryClient.invalidateQueries({ queryKey: ADDRESS_BOOK_KEY });
    },
  });
}
