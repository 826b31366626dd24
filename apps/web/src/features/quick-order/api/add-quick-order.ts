/**
 * POST /api/cart/quick-order (decision 065): every row added to the cart in one request, or
 * none; a cart change (useCartChange), so its answer becomes the cached cart.
 */
import type { CartResponse } from '@storefront/shared/cart';
import type { QuickOrderRowInput } from '@storefront/shared/quick-order';
import { authRequest } from '../../../lib/api/auth-client';
import { useCartChange } from '../../../lib/api/get-cart';

export function addQuickOrder(rows: QuickOrderRowInput[]): Promise<CartResponse> {
  return authRequest<CartResponse>('/api/cart/quick-order', { method: 'POST', body: { rows } });
}

export function useAddQuickOrder() {
  return useCartChange(addQuickOrder);
}
