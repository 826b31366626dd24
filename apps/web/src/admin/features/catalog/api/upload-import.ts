/** POST /api/staff/catalog/imports: a file uploaded; its dry run starts at once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportJob } from '@storefront/shared/catalog-transfer';
import { staffRequest } from '../../../lib/staff-client';
import { importsKey } from './get-import-job';

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return staffRequest('/api/staff/catalog/imports', ImportJob, { method: 'POST', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importsKey }),
  });
}
