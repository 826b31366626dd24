/** GET /api/staff/buyers/:id: a buyer with their orders and sessions (planned route). */
import { useQuery } from '@tanstack/react-query';
import { BuyerDetailResponse } from '../../../planned-contracts';
import { staffRequest } from '../../../lib/staff-client';
import { buyersKey } from './list-buyers';

export function useBuyer(id: string) {
  return useQuery({
    queryKey: [...buyersKey, 'detail', id],
    queryFn: ({ signal }) =>
      staffRequest(`/api/staff/buyers/${encodeURIComponent(id)}`, BuyerDetailResponse, {
        signal,
      }),
  });
}
