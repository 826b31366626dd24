/** GET /api/staff/catalog/imports/:id: an import's status, progress, counts and first issues. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ImportJob } from '@storefront/shared/catalog-transfer';
import { staffRequest } from '../../../lib/staff-client';

export const importsKey = ['catalog-imports'] as const;

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

export const importJobQuery = (id: string) =>
  queryOptions({
    queryKey: [...importsKey, 'job', id],
    queryFn: ({ signal }) =>
      staffRequest(`/api/staff/catalog/imports/${encodeURIComponent(id)}`, ImportJob, { signal }),
    // Polled while the dry run or the apply runs: the progress bar follows the job's cursor.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'validating' || status === 'applying' ? IMPORT_POLL_MS : false;
    },
  });

export function useImportJob(id: string | null) {
  return useQuery({ ...importJobQuery(id ?? ''), enabled: id !== null });
}
