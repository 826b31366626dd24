/**
 * POST /api/staff/quotes/:id/answer (owner, finance): a unit price per line, in line order, and
 * the expiry; a new version (a sent one never changes), audited and emailed to the buyer. The
 * answer is the quote as it now is; the queue is refetched, since its status changed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QuoteResponse } from '@storefront/shared/quotes';
import { staffRequest } from '../../../lib/staff-client';
import { quoteQuery } from './get-quote';
import { quotesKey } from './get-quotes';

export function useAnswerQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { unitPricesPaise: number[]; expiresAt: string }) =>
      staffRequest(`/api/staff/quotes/${encodeURIComponent(id)}/answer`, QuoteResponse, {
        method: 'POST',
        body,
      }).then((answer) => answer.payload),
    onSuccess: async (quote) => {
      queryClient.setQueryData(quoteQuery(id).queryKey, quote);
      await queryClient.invalidateQueries({ queryKey: [...quotesKey, 'list'] });
    },
  });
}
