/**
 * DELETE /api/staff/tax-rates/:hsnPrefix (catalog, owner): its goods then take a shorter
 * prefix's rate, else 18 %.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-client';
import { taxRatesKey } from '../../../lib/tax-rates';

export function useDeleteTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hsnPrefix: string) =>
      staffRequest(`/api/staff/tax-rates/${encodeURIComponent(hsnPrefix)}`, null, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesKey }),
  });
}
