/** GET /api/staff/buyers?q=&cursor=: buyers, searched and paged (planned route). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BuyerListResponse } from '../../../planned-contracts';
import { staffRequest } from '../../../lib/staff-client';

export const buyersKey = ['staff', 'buyers'] as const;

export function useBuyers(q: string | undefined, cursor: string | undefined) {
  return useQuery({
    queryKey: [...buyersKey, 'list', { q, cursor }],
    queryFn: ({ signal }) =>
      staffRequest('/api/staff/buyers', BuyerListResponse, { query: { q, cursor }, signal }),
    placeholderData: keepPreviousData,
  });
}
