/**
 * POST /api/cart/quick-order/check (decision 065): every row checked at once against the cart
 * as it stands; nothing is written, so it is a mutation only in that it is asked on demand.
 */
import { useMutation } from '@tanstack/react-query';
import type { QuickOrderReport, QuickOrderRowInput } from '@storefront/shared/quick-order';
import { authRequest } from '../../../lib/api/auth-client';

export function checkQuickOrder(rows: QuickOrderRowInput[]): Promise<QuickOrderReport> {
  return authRequest<QuickOrderReport>('/api/cart/quick-order/check', {
    method: 'POST',
    body: { rows },
  });
}

export function useCheckQuickOrder() {
  return useMutation({ mutationFn: checkQuickOrder });
}
