/**
 * GET /api/cart/ with a ship-to (issue 21): the cart taxed for the place of supply the checkout
 * has so far, with its heads (CGST + SGST, CGST + UTGST or IGST). Kept under ['cart', …], so
 * every invalidation of the cart (an order placed) reaches it too.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CartQuery } from '@storefront/shared/cart';
import { getCart } from '../../../lib/api/get-cart';
import { useSession } from '../../../lib/contexts/session';

export const taxedCartQueryOptions = (shipTo: CartQuery) =>
  queryOptions({
    queryKey: ['cart', 'ship-to', shipTo],
    queryFn: ({ signal }) => getCart(signal, shipTo),
  });

/** The cart taxed for `shipTo`; nothing is asked without one. The last answer stays meanwhile. */
export function useTaxedCart(shipTo: CartQuery | null) {
  const { user } = useSession();
  return useQuery({
    ...taxedCartQueryOptions(shipTo ?? {}),
    enabled: shipTo !== null && user !== null,
    placeholderData: keepPreviousData,
  });
}
