/** POST /api/quotes/{id}/messages (issue 22): the buyer writes on their quote; the answer is the quote. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote } from '@storefront/shared/quotes';
import { authRequest } from '../../../lib/api/auth-client';
import { quoteQueryOptions } from '../../../lib/api/get-quote';

export function postQuoteMessage(id: string, body: string): Promise<Quote> {
  return authRequest<{ payload: Quote }>(`/api/quotes/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    body: { body },
    errorPrefix: 'The message could not be sent',
  }).then((answer) => answer.payload);
}

export function usePostQuoteMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => postQuoteMessage(id, body),
    onSuccess: (quote) => queryClient.setQueryData(quoteQueryOptions(id).queryKey, quote),
  });
}
