/** GET /api/staff/catalog/taxonomy: categories with subcategories, and collections, in order. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TaxonomyResponse } from '@storefront/shared/catalog-desk';
import { staffRequest } from '../../../lib/staff-client';
import { catalogKey } from './list-products';

export const taxonomyQuery = () =>
  queryOptions({
    queryKey: [...catalogKey, 'taxonomy'],
    queryFn: ({ signal }) =>
      staffRequest('/api/staff/catalog/taxonomy', TaxonomyResponse, { signal }),
  });

export function useTaxonomy() {
  return useQuery(taxonomyQuery());
}
