/** GET /api/staff/return-requests/:returnId: one request with its lines, photos and buyer. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DeskReturnRequest } from '@storefront/shared/return-requests';
import { staffRequest } from '../../../lib/staff-client';
import { returnRequestsKey } from './get-return-requests';

export const returnRequestQuery = (returnId: number) =>
  queryOptions({
    queryKey: [...returnRequestsKey, 'detail', returnId],
    queryFn: ({ signal }) =>
      staffRequest(`/api/staff/return-requests/${returnId}`, DeskReturnRequest, { signal }),
  });

export function useReturnRequest(returnId: number) {
  return useQuery(returnRequestQuery(returnId));
}
