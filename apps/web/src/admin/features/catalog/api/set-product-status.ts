/**
 * POST /api/staff/catalog/products/:id/status {version, status}: draft, active or archived;
 * going active answers 422 with the issues when a rule is broken.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CatalogProductDetail, type CatalogStatusBody } from '@storefront/shared/catalog-desk';
import { staffRequest } from '../../../lib/staff-client';
import { productQuery } from './get-product';
import { catalogKey } from './list-products';

export function useSetProductStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CatalogStatusBody) =>
      staffRequest(
        `/api/staff/catalog/products/${encodeURIComponent(id)}/status`,
        CatalogProductDetail,
        { method: 'POST', body },
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(productQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: [...catalogKey, 'products'] });
    },
  });
}
