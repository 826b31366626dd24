/** POST /api/staff/catalog/imports/:id/apply: a validated import applied in the background. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportJob } from '@storefront/shared/catalog-transfer';
import { staffRequest } from '../../../lib/staff-client';
import { importsKey } from './get-import-job';

export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      staffRequest(`/api/staff/catalog/imports/${encodeURIComponent(id)}/apply`, ImportJob, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importsKey }),
  });
}
