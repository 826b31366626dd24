/** GET /api/staff/catalog/products/:id: a product as its document, with its version and issues. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CatalogProductDetail } from '@storefront/shared/catalog-desk';
import { staffRequest } from '../../../lib/staff-client';
import { catalogKey } from './list-products';

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: [...catalogKey, 'product', id],
    queryFn: ({ signal }) =>
      staffRequest(`/api/staff/catalog/products/${encodeURIComponent(id)}`, CatalogProductDetail, {
        signal,
      }),
  });

export function useCatalogProduct(id: string | undefined) {
  return useQuery({ ...productQuery(id ?? ''), enabled: id !== undefined });
}
