/**
 * POST /api/quotes/{id}/withdraw (decision 073): the buyer withdraws a request not yet priced,
 * with an optional reason; the answer is the quote, cached in place, and the list is refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteWithdrawBody } from '@storefront/shared/quotes';
import { authRequest } from '../../../lib/api/auth-client';
import { QUOTES_KEY, quoteQueryOptions } from '../../../lib/api/get-quote';

export function withdrawQuote(id: string, body: QuoteWithdrawBody): Promise<Quote> {
  return authRequest<{ payload: Quote }>(`/api/quotes/${encodeURIComponent(id)}/withdraw`, {
    method: 'POST',
    body,
    errorPrefix: 'The request could not be withdrawn',
  }).then((answer) => answer.payload);
}

export function useWithdrawQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteWithdrawBody) => withdrawQuote(id, body),
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQueryOptions(id).queryKey, quote);
      void queryClient.invalidateQueries({ queryKey: [...QUOTES_KEY, 'list'] });
    },
    // Refused because the quote moved on (priced, replaced, accepted): show it as it now is.
    onError: () => void queryClient.invalidateQueries({ queryKey: quoteQueryOptions(id).queryKey }),
  });
}
