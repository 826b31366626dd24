/**
 * PATCH /api/cart/items/{productId} (spec §7): sets a line's quantity; a cart change
 * (useCartChange), so edits reach the server one after another.
 */
import type { CartItemPatchBody, CartResponse } from '@storefront/shared/cart';
import { authRequest } from '../../../lib/api/auth-client';
import { useCartChange } from '../../../lib/api/get-cart';

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
  return useCartChange(updateCartItem);
}
