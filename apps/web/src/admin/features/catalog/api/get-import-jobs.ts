/** GET /api/staff/catalog/imports: the latest imports, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ImportJobList } from '@storefront/shared/catalog-transfer';
import { staffRequest } from '../../../lib/staff-client';
import { importsKey } from './get-import-job';

export const importJobsQuery = () =>
  queryOptions({
    queryKey: [...importsKey, 'list'],
    queryFn: ({ signal }) => staffRequest('/api/staff/catalog/imports', ImportJobList, { signal }),
  });

export function useImportJobs() {
  return useQuery(importJobsQuery());
}
