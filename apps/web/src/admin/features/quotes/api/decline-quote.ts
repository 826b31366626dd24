/** POST /api/staff/quotes/:id/decline {reason} (owner, finance): audited and emailed to the buyer. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QuoteResponse } from '@storefront/shared/quotes';
import { staffRequest } from '../../../lib/staff-client';
import { quoteQuery } from './get-quote';
import { quotesKey } from './get-quotes';

export function useDeclineQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string }) =>
      staffRequest(`/api/staff/quotes/${encodeURIComponent(id)}/decline`, QuoteResponse, {
        method: 'POST',
        body,
      }).then((answer) => answer.payload),
    onSuccess: async (quote) => {
      queryClient.setQueryData(quoteQuery(id).queryKey, quote);
      await queryClient.invalidateQueries({ queryKey: [...quotesKey, 'list'] });
    },
  });
}
