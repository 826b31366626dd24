/**
 * POST /api/staff/buyers/:id/disable {reason} or …/enable (owner): the account as it now is,
 * whether it changed, and how many sessions the disable ended.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BuyerStatusResponse, type BuyerDisableBody } from '@storefront/shared/buyer-desk';
import { staffRequest } from '../../../lib/staff-client';
import { buyersKey } from './list-buyers';

export type BuyerAccessChange =
  { action: 'disable'; body: BuyerDisableBody } | { action: 'enable' };

export function useSetBuyerAccess(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BuyerAccessChange) =>
      staffRequest(
        `/api/staff/buyers/${encodeURIComponent(id)}/${change.action}`,
        BuyerStatusResponse,
        { method: 'POST', ...(change.action === 'disable' ? { body: change.body } : {}) },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buyersKey }),
  });
}
