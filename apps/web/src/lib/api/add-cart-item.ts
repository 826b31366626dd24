/**
 * POST /api/cart/items/{productId} (spec §7): adds the quantity to the line with the same
 * variant and source; a cart change (useCartChange), so its answer becomes the cached cart.
 */
import type { CartItemAddBody, CartResponse } from '@storefront/shared/cart';
import { authRequest } from './auth-client';
import { useCartChange } from './get-cart';

/** The line's source as the cart answered it; the server checks it against its list. */
export interface AddCartItemInput extends Omit<CartItemAddBody, 'source'> {
  productId: string;
  source: string;
}

export function addCartItem({ productId, ...body }: AddCartItemInput): Promise<CartResponse> {
  return authRequest<CartResponse>(`/api/cart/items/${encodeURIComponent(productId)}`, {
    method: 'POST',
    body,
  });
}

export function useAddCartItem() {
  return useCartChange(addCartItem);
}
