/** GET /api/staff/audit: the audit log, newest first, filtered, paged by `before` (owner). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryValues } from '@storefront/shared/catalog-calls';
import { AuditListResponse } from '@storefront/shared/staff';
import { staffRequest } from '../../../lib/staff-client';

export function useAudit(query: QueryValues) {
  return useQuery({
    queryKey: ['staff', 'audit', query],
    queryFn: ({ signal }) => staffRequest('/api/staff/audit', AuditListResponse, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
