/**
 * TanStack Query defaults of spec §9: data never goes stale, no retry, no refetch on focus, no
 * interval; mutations never retry. The product and related-products queries opt into one retry
 * (and related products into a 5-minute cache) in their own query options.
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
