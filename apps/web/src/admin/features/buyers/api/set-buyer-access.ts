/** POST /api/staff/buyers/:id/disable or …/enable (planned routes). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BuyerActionResponse } from '../../../planned-contracts';
import { staffRequest } from '../../../lib/staff-client';
import { buyersKey } from './list-buyers';

export function useSetBuyerAccess(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'disable' | 'enable') =>
      staffRequest(`/api/staff/buyers/${encodeURIComponent(id)}/${action}`, BuyerActionResponse, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buyersKey }),
  });
}
