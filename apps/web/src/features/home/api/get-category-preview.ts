/**
 * GET /api/products?query={slug as query}&limit=10&page=1: the products of one home category
 * card (spec §7). A failed call gives an empty list, as the spec says. The home page's HTML
 * carries the cards it shows (decision 070).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListItem, ProductListResponse } from '@storefront/shared/catalog';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import { HOME_CARD_PAGE } from '@storefront/shared/constants';
import { apiRequest } from '../../../lib/api/api-client';
import { homeListingKey } from './home-listing-key';

export async function getCategoryPreview(
  slug: string,
  signal?: AbortSignal,
): Promise<ProductListItem[]> {
  try {
    const body = await apiRequest<ProductListResponse>(
      catalogCalls.homeListing(slug, HOME_CARD_PAGE),
      {
        signal,
      },
    );
    return body.payload ?? [];
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

export const categoryPreviewQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: homeListingKey(slug, HOME_CARD_PAGE),
    queryFn: ({ signal }) => getCategoryPreview(slug, signal),
  });

/** `enabled` false holds the call back (the content is not near the screen yet). */
export function useCategoryPreview(slug: string, enabled = true) {
  return useQuery({ ...categoryPreviewQueryOptions(slug), enabled });
}
