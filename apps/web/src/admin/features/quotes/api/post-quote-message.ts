/** POST /api/staff/quotes/:id/messages {body} (owner, finance): audited and emailed to the buyer. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QuoteResponse } from '@storefront/shared/quotes';
import { staffRequest } from '../../../lib/staff-client';
import { quoteQuery } from './get-quote';

export function usePostQuoteMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      staffRequest(`/api/staff/quotes/${encodeURIComponent(id)}/messages`, QuoteResponse, {
        method: 'POST',
        body: { body },
      }).then((answer) => answer.payload),
    onSuccess: (quote) => queryClient.setQueryData(quoteQuery(id).queryKey, quote),
  });
}
