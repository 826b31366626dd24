/** GET /api/staff/quotes (owner, finance): a page of the quote queue, newest first, by status. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryValues } from '@storefront/shared/catalog-calls';
import { QuoteListResponse } from '@storefront/shared/quotes';
import { staffRequest } from '../../../lib/staff-client';

export const quotesKey = ['staff', 'quotes'] as const;

export const quotesQuery = (query: QueryValues) =>
  queryOptions({
    queryKey: [...quotesKey, 'list', query],
    queryFn: ({ signal }) =>
      staffRequest('/api/staff/quotes', QuoteListResponse, { query, signal }),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useQuotes(query: QueryValues) {
  return useQuery(quotesQuery(query));
}
