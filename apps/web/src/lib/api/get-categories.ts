/** GET /api/products/categories: the category list (spec §7), loaded once and kept (spec §4). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@storefront/shared/catalog';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import { apiRequest } from './api-client';

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return apiRequest<{ payload: Category[] }>(catalogCalls.categories(), { signal }).then(
    (body) => body.payload,
  );
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });

export function useCategoriesQuery() {
  return useQuery(categoriesQueryOptions());
}
