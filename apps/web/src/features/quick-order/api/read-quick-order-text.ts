/**
 * POST /api/cart/quick-order/csv (decision 065): a CSV file (its bytes as they are, so a
 * Windows-1252 file reads right) or rows pasted from a spreadsheet (text/plain), read and
 * checked by the server; nothing is added until the buyer confirms.
 */
import { useMutation } from '@tanstack/react-query';
import type { QuickOrderReport } from '@storefront/shared/quick-order';
import { authRequest } from '../../../lib/api/auth-client';

export type QuickOrderText = { file: Blob } | { pasted: string };

export function readQuickOrderText(input: QuickOrderText): Promise<QuickOrderReport> {
  return authRequest<QuickOrderReport>('/api/cart/quick-order/csv', {
    method: 'POST',
    text:
      'file' in input
        ? { content: input.file, type: 'text/csv' }
        : { content: input.pasted, type: 'text/plain; charset=utf-8' },
  });
}

export function useReadQuickOrderText() {
  return useMutation({ mutationFn: readQuickOrderText });
}
