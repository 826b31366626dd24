/** GET /api/staff/quotes/:id (owner, finance): a quote with its buyer, versions and messages. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { QuoteResponse } from '@storefront/shared/quotes';
import { staffRequest } from '../../../lib/staff-client';
import { quotesKey } from './get-quotes';

export const quoteQuery = (id: string) =>
  queryOptions({
    queryKey: [...quotesKey, 'detail', id],
    queryFn: ({ signal }) =>
      staffRequest(`/api/staff/quotes/${encodeURIComponent(id)}`, QuoteResponse, { signal }).then(
        (answer) => answer.payload,
      ),
  });

export function useQuote(id: string) {
  return useQuery(quoteQuery(id));
}
