/**
 * GET /api/staff/catalog/collections/:id/products: a collection's products in order; and PUT
 * with {productIds}: its whole list in a new order (added, removed, reordered at once).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CollectionProductsResponse } from '@storefront/shared/catalog-desk';
import { staffRequest } from '../../../lib/staff-client';
import { catalogKey } from './list-products';

const path = (id: string) => `/api/staff/catalog/collections/${encodeURIComponent(id)}/products`;
const key = (id: string) => [...catalogKey, 'collection', id] as const;

export function useCollectionProducts(id: string | undefined) {
  return useQuery({
    queryKey: key(id ?? ''),
    queryFn: ({ signal }) => staffRequest(path(id!), CollectionProductsResponse, { signal }),
    enabled: id !== undefined,
  });
}

export function useSetCollectionProducts(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productIds: string[]) =>
      staffRequest(path(id), CollectionProductsResponse, {
        method: 'PUT',
        body: { productIds },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(key(id), saved);
      void queryClient.invalidateQueries({ queryKey: [...catalogKey, 'taxonomy'] });
    },
  });
}
