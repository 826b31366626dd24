/**
 * GET /api/products/recommend/{id} (spec §7): related products, cached 5 minutes and retried
 * once (spec §9). Errors read 'Failed to fetch related products: {status} {statusText}'. A
 * server-rendered product page carries its answer (decision 070).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSummary } from '@storefront/shared/catalog';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import { RELATED_PRODUCTS_STALE_MS } from '@storefront/shared/constants';
import { apiRequest } from '../../../lib/api/api-client';

export function getRelatedProducts(id: string, signal?: AbortSignal): Promise<ProductSummary[]> {
  return apiRequest<{ payload: ProductSummary[] }>(catalogCalls.related(id), {
    signal,
    errorPrefix: 'Failed to fetch related products',
  }).then((body) => body.payload ?? []);
}

export const relatedProductsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['related-products', id],
    queryFn: ({ signal }) => getRelatedProducts(id, signal),
    staleTime: RELATED_PRODUCTS_STALE_MS,
    gcTime: RELATED_PRODUCTS_STALE_MS,
    retry: 1,
  });

export function useRelatedProducts(id: string) {
  return useQuery(relatedProductsQueryOptions(id));
}
