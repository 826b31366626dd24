/**
 * POST /api/staff/catalog/imports: a file uploaded, with the zip of the photos its image cells
 * name if there is one; its dry run starts at once (after the zip's photos are stored).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportJob } from '@storefront/shared/catalog-transfer';
import { staffRequest } from '../../../lib/staff-client';
import { importsKey } from './get-import-job';

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, images }: { file: File; images?: File | null }) => {
      const body = new FormData();
      body.append('file', file, file.name);
      if (images) body.append('images', images, images.name);
      return staffRequest('/api/staff/catalog/imports', ImportJob, { method: 'POST', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importsKey }),
  });
}
