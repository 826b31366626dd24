/** DELETE /api/cart/items/{productId} (spec §7): removes the line keyed by variant and source. */
import type { CartItemDeleteBody, CartResponse } from '@storefront/shared/cart';
import { authRequest } from '../../../lib/api/auth-client';
import { useCartChange } from '../../../lib/api/get-cart';

/** The line's source as the cart answered it; the server checks it against its list. */
export interface RemoveCartItemInput extends Omit<CartItemDeleteBody, 'source'> {
  productId: string;
  source: string;
}

export function removeCartItem({ productId, ...body }: RemoveCartItemInput): Promise<CartResponse> {
  return authRequest<CartResponse>(`/api/cart/items/${encodeURIComponent(productId)}`, {
    method: 'DELETE',
    body,
  });
}

export function useRemoveCartItem() {
  return useCartChange(removeCartItem);
}
