/**
 * POST /api/quotes/ (issue 22): the lines and note the buyer asks a price for; the answer is
 * the new quote, cached so its page opens at once, and the list is refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteRequestBody } from '@storefront/shared/quotes';
import { authRequest } from '../../../lib/api/auth-client';
import { QUOTES_KEY, quoteQueryOptions } from '../../../lib/api/get-quote';

export function requestQuote(body: QuoteRequestBody): Promise<Quote> {
  return authRequest<{ payload: Quote }>('/api/quotes/', {
    method: 'POST',
    body,
    errorPrefix: 'The quote could not be requested',
  }).then((answer) => answer.payload);
}

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestQuote,
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQueryOptions(quote.id).queryKey, quote);
      void queryClient.invalidateQueries({ queryKey: [...QUOTES_KEY, 'list'] });
    },
  });
}
