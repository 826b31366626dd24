/**
 * PATCH /api/cart/items/{productId} (spec §7): sets a line's quantity. Cart changes share one
 * mutation scope, so they reach the server one after another and the last answer is the cart.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartItemPatchBody, CartResponse } from '@storefront/shared/cart';
import { authRequest } from '../../../lib/api/auth-client';
import { cartQueryOptions } from '../../../lib/api/get-cart';

/** The line's source as the cart answered it; the server checks it against its list. */
export interface UpdateCartItemInput extends Omit<CartItemPatchBody, 'source'> {
  productId: string;
  source: string;
}

export function updateCartItem({ productId, ...body }: UpdateCartItemInput): Promise<CartResponse> {
  return authRequest<CartResponse>(`/api/cart/items/${encodeURIComponent(productId)}`, {
    method: 'PATCH',
    body,
  });
}

export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartItem,
    scope: { id: 'cart' },
    onSuccess: (cart) => queryClient.setQueryData(cartQueryOptions().queryKey, cart),
  });
}
