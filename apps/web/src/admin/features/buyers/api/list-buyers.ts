/** GET /api/staff/buyers?q=&after=: buyers, searched and paged by keyset (owner, fulfilment, finance). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BuyerDeskList } from '@storefront/shared/buyer-desk';
import { staffRequest } from '../../../lib/staff-client';

export const buyersKey = ['staff', 'buyers'] as const;

export function useBuyers(q: string | undefined, after: string | undefined) {
  return useQuery({
    queryKey: [...buyersKey, 'list', { q, after }],
    queryFn: ({ signal }) =>
      staffRequest('/api/staff/buyers', BuyerDeskList, { query: { q, after }, signal }),
    placeholderData: keepPreviousData,
  });
}
