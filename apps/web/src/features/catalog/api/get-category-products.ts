/**
 * GET /api/products?query={slug as query}&limit=20&page={n}: one page of a category,
 * subcategory or collection listing (spec §7, §9). A failed call raises 'Failed to fetch
 * products' (spec §8).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '@storefront/shared/catalog';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import { ApiError, apiRequest } from '../../../lib/api/api-client';

export async function getCategoryProducts(
  slug: string,
  page: number,
  signal?: AbortSignal,
): Promise<ProductListResponse> {
  try {
    const body = await apiRequest<ProductListResponse>(catalogCalls.listing(slug, page), {
      signal,
    });
    return listingFromAnswer(body);
  } catch (error) {
    if (error instanceof ApiError) throw new Error('Failed to fetch products', { cause: error });
    throw error;
  }
}

/** The listing as the page reads it: an answer without products has an empty page. */
export function listingFromAnswer(body: ProductListResponse): ProductListResponse {
  return { ...body, payload: body.payload ?? [] };
}

export const categoryProductsQueryOptions = (slug: string, page: number) =>
  queryOptions({
    queryKey: ['catalog', 'category-products', slug, page],
    queryFn: ({ signal }) => getCategoryProducts(slug, page, signal),
  });

export function useCategoryProducts(slug: string, page: number) {
  return useQuery(categoryProductsQueryOptions(slug, page));
}
