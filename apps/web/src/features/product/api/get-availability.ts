/**
 * GET /api/products/{id}/availability (decision 048): the product's units on hand and each
 * variant's, read fresh (the server never caches it, and neither does this query beyond the
 * page's life), after the cached product detail has painted the page.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductAvailability } from '@storefront/shared/catalog';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import { apiRequest } from '../../../lib/api/api-client';

export function getAvailability(id: string, signal?: AbortSignal): Promise<ProductAvailability> {
  return apiRequest<{ payload: ProductAvailability }>(catalogCalls.availability(id), {
    signal,
    errorPrefix: 'Failed to fetch stock',
  }).then((body) => body.payload);
}

export const availabilityQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['availability', id],
    queryFn: ({ signal }) => getAvailability(id, signal),
    // Stock changes with every order: always asked again when the page is shown again.
    staleTime: 0,
    retry: 1,
  });

export function useAvailability(id: string) {
  return useQuery(availabilityQueryOptions(id));
}
