/**
 * GET /api/products?query={slug as query}&limit=10&page=2: the products of one 'Top Categories
 * for You' row (spec §7, §9). A failed call raises 'Failed to fetch products'. The home page's
 * HTML carries the rows it shows (decision 070).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListItem, ProductListResponse } from '@storefront/shared/catalog';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import { HOME_ROW_PAGE } from '@storefront/shared/constants';
import { ApiError, apiRequest } from '../../../lib/api/api-client';
import { homeListingKey } from './home-listing-key';

export async function getCollectionRow(
  slug: string,
  signal?: AbortSignal,
): Promise<ProductListItem[]> {
  try {
    const body = await apiRequest<ProductListResponse>(
      catalogCalls.homeListing(slug, HOME_ROW_PAGE),
      {
        signal,
      },
    );
    return body.payload ?? [];
  } catch (error) {
    if (error instanceof ApiError) throw new Error('Failed to fetch products', { cause: error });
    throw error;
  }
}

export const collectionRowQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: homeListingKey(slug, HOME_ROW_PAGE),
    queryFn: ({ signal }) => getCollectionRow(slug, signal),
  });

/** `enabled` false holds the call back (the content is not near the screen yet). */
export function useCollectionRow(slug: string, enabled = true) {
  return useQuery({ ...collectionRowQueryOptions(slug), enabled });
}
