/**
 * POST /api/staff/catalog/products {product} (a new product) or PUT …/:id {version, product}:
 * the saved product, or a 422 whose `issues` name each broken rule by its path, or a 409 when
 * someone else saved it since `version`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CatalogProductDetail } from '@storefront/shared/catalog-desk';
import type { ProductDocument } from '@storefront/shared/catalog-product';
import { staffRequest } from '../../../lib/staff-client';
import { productQuery } from './get-product';
import { catalogKey } from './list-products';

export type ProductSave =
  | { id: undefined; product: ProductDocument }
  | { id: string; version: string; product: ProductDocument };

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: ProductSave) =>
      save.id === undefined
        ? staffRequest('/api/staff/catalog/products', CatalogProductDetail, {
            method: 'POST',
            body: { product: save.product },
          })
        : staffRequest(
            `/api/staff/catalog/products/${encodeURIComponent(save.id)}`,
            CatalogProductDetail,
            { method: 'PUT', body: { version: save.version, product: save.product } },
          ),
    onSuccess: (saved) => {
      queryClient.setQueryData(productQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: [...catalogKey, 'products'] });
    },
  });
}
