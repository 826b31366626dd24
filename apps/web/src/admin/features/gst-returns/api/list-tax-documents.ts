/** GET /api/staff/tax-documents: a page of the tax documents, a month's sums on its first page. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryValues } from '@storefront/shared/catalog-calls';
import { TaxDocumentList } from '@storefront/shared/gst-returns';
import { staffRequest } from '../../../lib/staff-client';

export const taxDocumentsKey = ['staff', 'tax-documents'] as const;

export const taxDocumentsQuery = (query: QueryValues) =>
  queryOptions({
    queryKey: [...taxDocumentsKey, 'list', query],
    queryFn: ({ signal }) =>
      staffRequest('/api/staff/tax-documents', TaxDocumentList, { query, signal }),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useTaxDocuments(query: QueryValues) {
  return useQuery(taxDocumentsQuery(query));
}
