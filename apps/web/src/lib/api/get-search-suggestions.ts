/**
 * The header's suggestions as the buyer types (docs/api-search.md §5): five hits of
 * product_index with only what the dropdown shows, the name highlighted. The header imports
 * this module on demand (see use-search-suggestions.ts): it brings in the search client.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Hit } from 'instantsearch.js';
import { escapeHits, TAG_PLACEHOLDER } from 'instantsearch.js/es/lib/utils/escape-highlight.js';
import {
  SEARCH_HIGHLIGHTED_ATTRIBUTES,
  SEARCH_SUGGESTIONS_COUNT,
} from '@storefront/shared/constants';
import type { ProductRecord } from '@storefront/shared/search';
import { loadSearchTarget } from './search-client';

export type SuggestionRecord = Pick<ProductRecord, 'objectID' | 'name' | 'imgUrl' | 'sp'>;
/** A hit as InstantSearch's <Highlight> reads it: escaped, highlights as <mark>. */
export type Suggestion = Hit<SuggestionRecord>;

export async function getSearchSuggestions(
  queryClient: QueryClient,
  query: string,
): Promise<Suggestion[]> {
  const { client, indexName } = await loadSearchTarget(queryClient);
  const { results } = await client.searchForHits<SuggestionRecord>({
    requests: [
      {
        indexName,
        query,
        hitsPerPage: SEARCH_SUGGESTIONS_COUNT,
        attributesToRetrieve: ['name', 'imgUrl', 'sp'],
        attributesToHighlight: SEARCH_HIGHLIGHTED_ATTRIBUTES,
        // InstantSearch's own markers: escapeHits escapes the text and turns only these into
        // <mark>, which <Highlight> renders as elements, never as HTML.
        ...TAG_PLACEHOLDER,
      },
    ],
  });
  const hits = (results[0]?.hits ?? []).map((hit, index): Suggestion => ({
    objectID: hit.objectID,
    name: hit.name,
    imgUrl: hit.imgUrl,
    sp: hit.sp,
    // The same JSON, typed by two libraries: the client's and InstantSearch's.
    _highlightResult: hit._highlightResult as Suggestion['_highlightResult'],
    __position: index + 1,
  }));
  return escapeHits(hits);
}
