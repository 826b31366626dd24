/** GET /api/staff/buyers/:id: a buyer's account, latest orders and sessions (owner, fulfilment, finance). */
import { useQuery } from '@tanstack/react-query';
import { BuyerDetail } from '@storefront/shared/buyer-desk';
import { staffRequest } from '../../../lib/staff-client';
import { buyersKey } from './list-buyers';

export function useBuyer(id: string) {
  return useQuery({
    queryKey: [...buyersKey, 'detail', id],
    queryFn: ({ signal }) =>
      staffRequest(`/api/staff/buyers/${encodeURIComponent(id)}`, BuyerDetail, { signal }),
  });
}
