/** GET /api/staff/return-requests: a page of the return requests, newest first, by status. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryValues } from '@storefront/shared/catalog-calls';
import { DeskReturnList } from '@storefront/shared/return-requests';
import { staffRequest } from '../../../lib/staff-client';

export const returnRequestsKey = ['staff', 'return-requests'] as const;

export const returnRequestsQuery = (query: QueryValues) =>
  queryOptions({
    queryKey: [...returnRequestsKey, 'list', query],
    queryFn: ({ signal }) =>
      staffRequest('/api/staff/return-requests', DeskReturnList, { query, signal }),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useReturnRequests(query: QueryValues) {
  return useQuery(returnRequestsQuery(query));
}
