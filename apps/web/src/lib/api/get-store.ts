/**
 * GET /api/store (issue 21): the seller's public registration (legal and trade name, GSTIN,
 * state) and the countries the store ships to. Public and cached like the catalog; read by the
 * checkout (where the store ships, which heads apply) and the shipping policy page.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorePublic } from '@storefront/shared/store-settings';
import { apiRequest } from './api-client';

export function getStore(signal?: AbortSignal): Promise<StorePublic> {
  return apiRequest<StorePublic>('/api/store', { signal, errorPrefix: 'Failed to fetch store' });
}

export const storeQueryOptions = () =>
  queryOptions({ queryKey: ['store'], queryFn: ({ signal }) => getStore(signal) });

export function useStore() {
  return useQuery(storeQueryOptions());
}
