/** GET /api/products/categories: the categories the export can be narrowed to. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CategoriesResponse } from '@storefront/shared/catalog';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import { staffRequest } from '../../../lib/staff-client';

export const exportCategoriesQuery = () =>
  queryOptions({
    queryKey: ['catalog-export', 'categories'],
    queryFn: ({ signal }) =>
      staffRequest(catalogCalls.categories(), CategoriesResponse, { signal }),
    staleTime: 5 * 60_000,
  });

export function useExportCategories() {
  return useQuery(exportCategoriesQuery());
}
