/**
 * POST /api/staff/catalog/products/:id/stock {rows}: stock by compare-and-set, each row naming
 * what the editor saw; 409 when an order (or another editor) changed a row meanwhile.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CatalogProductDetail, type CatalogStockBody } from '@storefront/shared/catalog-desk';
import { staffRequest } from '../../../lib/staff-client';
import { productQuery } from './get-product';
import { catalogKey } from './list-products';

export function useSetProductStock(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CatalogStockBody) =>
      staffRequest(
        `/api/staff/catalog/products/${encodeURIComponent(id)}/stock`,
        CatalogProductDetail,
        { method: 'POST', body },
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(productQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: [...catalogKey, 'products'] });
    },
  });
}
