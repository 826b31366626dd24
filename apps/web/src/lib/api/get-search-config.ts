/**
 * GET /api/search/config (docs/api-search.md §1): which engine answers search, our server's
 * /api/search or hosted Algolia, and the public keys for it. Fetched once and kept (never
 * stale, spec §9). Type-only imports here, so the header can use it without pulling in zod.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchConfigResponse } from '@storefront/shared/search';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import { apiRequest } from './api-client';

export function getSearchConfig(signal?: AbortSignal): Promise<SearchConfigResponse> {
  return apiRequest<SearchConfigResponse>(catalogCalls.searchConfig(), { signal });
}

export const searchConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['search-config'],
    queryFn: ({ signal }) => getSearchConfig(signal),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useSearchConfig() {
  return useQuery(searchConfigQueryOptions());
}
