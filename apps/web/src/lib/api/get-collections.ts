/**
 * GET /api/products/collections: the seller's home collections in their order (decision 050),
 * which the home banners and a collection's listing heading show. Loaded once and kept, like the
 * categories; the home and listing pages find the answer inside their HTML (decision 036).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeCollection } from '@storefront/shared/catalog';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import { apiRequest } from './api-client';

export function getCollections(signal?: AbortSignal): Promise<HomeCollection[]> {
  return apiRequest<{ payload: HomeCollection[] }>(catalogCalls.collections(), { signal }).then(
    (body) => body.payload,
  );
}

export const collectionsQueryOptions = () =>
  queryOptions({
    queryKey: ['collections'],
    queryFn: ({ signal }) => getCollections(signal),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });

export function useCollections() {
  return useQuery(collectionsQueryOptions());
}
