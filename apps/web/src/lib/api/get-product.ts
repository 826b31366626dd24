/**
 * GET /api/products/product/{id} (spec §7): one product, retried once; fetched only when the id
 * is present and not '0' (spec §4). Errors read 'Failed to fetch product: {status} {statusText}'.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '@storefront/shared/catalog';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import { apiRequest } from './api-client';

export function getProduct(id: string, signal?: AbortSignal): Promise<ProductDetail> {
  return apiRequest<{ payload: ProductDetail }>(catalogCalls.product(id), {
    signal,
    errorPrefix: 'Failed to fetch product',
  }).then((body) => body.payload);
}

export function isFetchableProductId(id: string | undefined): id is string {
  return Boolean(id) && id !== '0';
}

export const productQueryOptions = (id: string | undefined) =>
  queryOptions({
    queryKey: ['product', id],
    queryFn: ({ signal }) => getProduct(id ?? '', signal),
    enabled: isFetchableProductId(id),
    retry: 1,
  });

export function useProduct(id: string | undefined) {
  return useQuery(productQueryOptions(id));
}
