/**
 * POST /api/quotes/{id}/decline (decision 073): the buyer declines the price they saw (its
 * version), with an optional reason; the answer is the quote, cached in place, and the list is
 * refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteBuyerDeclineBody } from '@storefront/shared/quotes';
import { authRequest } from '../../../lib/api/auth-client';
import { QUOTES_KEY, quoteQueryOptions } from '../../../lib/api/get-quote';

export function declineQuote(id: string, body: QuoteBuyerDeclineBody): Promise<Quote> {
  return authRequest<{ payload: Quote }>(`/api/quotes/${encodeURIComponent(id)}/decline`, {
    method: 'POST',
    body,
    errorPrefix: 'The price could not be declined',
  }).then((answer) => answer.payload);
}

export function useDeclineQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteBuyerDeclineBody) => declineQuote(id, body),
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQueryOptions(id).queryKey, quote);
      void queryClient.invalidateQueries({ queryKey: [...QUOTES_KEY, 'list'] });
    },
    // Refused because the quote moved on (priced, replaced, accepted): show it as it now is.
    onError: () => void queryClient.invalidateQueries({ queryKey: quoteQueryOptions(id).queryKey }),
  });
}
