/** PUT /api/staff/tax-rates/:hsnPrefix (catalog, owner): sets a prefix's rate, adding it if new. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TaxRate, type TaxRateBody } from '@storefront/shared/tax-rates';
import { staffRequest } from '../../../lib/staff-client';
import { taxRatesKey } from '../../../lib/tax-rates';

export function useSetTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hsnPrefix, ...body }: TaxRateBody & { hsnPrefix: string }) =>
      staffRequest(`/api/staff/tax-rates/${encodeURIComponent(hsnPrefix)}`, TaxRate, {
        method: 'PUT',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesKey }),
  });
}
