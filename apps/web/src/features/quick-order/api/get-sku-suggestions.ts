/**
 * The SKU box's type-ahead (decision 065): five hits of the search engine for the typed text,
 * with the product code and every SKU that finds it (decision 059), so an exact SKU comes first.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  SEARCH_SUGGESTIONS_COUNT,
  SEARCH_SUGGESTIONS_DEBOUNCE_MS,
  SEARCH_SUGGESTIONS_MIN_CHARS,
} from '@storefront/shared/constants';
import type { ProductRecord } from '@storefront/shared/search';

/** The search client (algoliasearch) loads with the first type-ahead, not with the page. */
const loadSearchClient = () => import('../../../lib/api/search-client');

export type SkuSuggestion = Pick<ProductRecord, 'objectID' | 'name' | 'code' | 'skus' | 'sp'>;

export function useSkuSuggestions(text: string, enabled: boolean): SkuSuggestion[] {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_SUGGESTIONS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const result = useQuery({
    queryKey: ['sku-suggestions', query],
    queryFn: async () => {
      const { loadSearchTarget } = await loadSearchClient();
      const { client, indexName } = await loadSearchTarget(queryClient);
      const { results } = await client.searchForHits<SkuSuggestion>({
        requests: [
          {
            indexName,
            query,
            hitsPerPage: SEARCH_SUGGESTIONS_COUNT,
            attributesToRetrieve: ['name', 'code', 'skus', 'sp'],
            attributesToHighlight: [],
          },
        ],
      });
      return (results[0]?.hits ?? []).map((hit) => ({
        objectID: hit.objectID,
        name: hit.name,
        code: hit.code,
        skus: hit.skus,
        sp: hit.sp,
      }));
    },
    enabled: enabled && query.length >= SEARCH_SUGGESTIONS_MIN_CHARS,
    retry: false,
  });
  return enabled && text.trim().length >= SEARCH_SUGGESTIONS_MIN_CHARS ? (result.data ?? []) : [];
}
