/**
 * GET /api/cart/ (spec §7): the buyer's cart, read by the header badge, the cart page, the
 * checkout summary and the confirmation page (which refreshes it). Cart changes answer the whole
 * cart, so their mutations (useCartChange) write that answer under this key instead of fetching
 * it again. With a ship-to (issue 21) the answer's tax has the place of supply and its heads
 * (the checkout's features/checkout/api/get-taxed-cart.ts).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartQuery, CartResponse } from '@storefront/shared/cart';
import { authRequest } from './auth-client';
import { useSession } from '../contexts/session';

export function getCart(signal?: AbortSignal, shipTo?: CartQuery): Promise<CartResponse> {
  return authRequest<CartResponse>('/api/cart/', {
    signal,
    query: shipTo,
    errorPrefix: 'Failed to fetch cart items',
  });
}

export const cartQueryOptions = () =>
  queryOptions({ queryKey: ['cart'], queryFn: ({ signal }) => getCart(signal) });

/** The signed-in buyer's cart; a visitor has none, so nothing is fetched for them. */
export function useCartQuery() {
  const { user } = useSession();
  return useQuery({ ...cartQueryOptions(), enabled: user !== null });
}

/**
 * The rule of every cart change (add, edit, remove): one shared mutation scope, so changes reach
 * the server one after another and the last answer is the cart. Kept in this module rather than
 * its own: as a separate module, Rolldown split react-query out of the entry chunk.
 */
export function useCartChange<TInput>(mutationFn: (input: TInput) => Promise<CartResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    scope: { id: 'cart' },
    onSuccess: (cart) => queryClient.setQueryData(cartQueryOptions().queryKey, cart),
  });
}
