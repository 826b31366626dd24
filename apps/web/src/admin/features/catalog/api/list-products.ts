/**
 * GET /api/staff/catalog/products?status=&category=&subcategory=&q=&attention=&page=: the
 * catalog's products for the console, filtered and paged, with counts (catalog staff, owners).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CatalogProductList } from '@storefront/shared/catalog-desk';
import { staffRequest } from '../../../lib/staff-client';

export const catalogKey = ['staff', 'catalog'] as const;

export interface ProductFilters {
  q?: string;
  status?: 'draft' | 'active' | 'archived';
  category?: string;
  subcategory?: string;
  attention?: boolean;
  page?: number;
}

export function useCatalogProducts(filters: ProductFilters) {
  return useQuery({
    queryKey: [...catalogKey, 'products', filters],
    queryFn: ({ signal }) =>
      staffRequest('/api/staff/catalog/products', CatalogProductList, {
        query: {
          ...filters,
          attention: filters.attention ? 'true' : undefined,
          page: filters.page && filters.page > 1 ? String(filters.page) : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
