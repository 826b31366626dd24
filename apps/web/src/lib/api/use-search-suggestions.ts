/**
 * Suggestions for the header's search box (docs/api-search.md §5): from 2 characters, 150 ms
 * after the last keystroke, one request per settled text.
 *
 * Each text is its own query key, so an answer always lands under the text it was asked for:
 * a slow answer for 'st' that arrives after the one for 'ste' fills the cache for 'st' and is
 * never shown for 'ste'. While the buyer types on (or deletes) the previous list stays up
 * until the new one arrives, rather than flickering away; a different text starts empty.
 *
 * The search client is imported on demand (`preloadSearchSuggestions` on first focus), so
 * algoliasearch is not part of the first page's JavaScript.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  SEARCH_SUGGESTIONS_DEBOUNCE_MS,
  SEARCH_SUGGESTIONS_MIN_CHARS,
} from '@storefront/shared/constants';
import type { Suggestion } from './get-search-suggestions';
import { searchConfigQueryOptions } from './get-search-config';

export type { Suggestion };

const loadSuggestions = () => import('./get-search-suggestions');

/** Starts loading the client code and the search config, so the first keystroke waits less. */
export function preloadSearchSuggestions(queryClient: QueryClient): void {
  void loadSuggestions();
  void queryClient.prefetchQuery(searchConfigQueryOptions());
}

function useDebouncedValue(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export interface SearchSuggestions {
  /** The hits to show: empty below 2 characters or before the first answer. */
  suggestions: Suggestion[];
  /** True while the settled text's answer is on its way (the previous list may show). */
  isFetching: boolean;
}

/** `enabled` false (the dropdown is closed) asks nothing and shows nothing. */
export function useSearchSuggestions(text: string, enabled = true): SearchSuggestions {
  const queryClient = useQueryClient();
  const query = useDebouncedValue(text.trim(), SEARCH_SUGGESTIONS_DEBOUNCE_MS);
  const long = enabled && text.trim().length >= SEARCH_SUGGESTIONS_MIN_CHARS;
  const result = useQuery({
    queryKey: ['search-suggestions', query],
    queryFn: async () => (await loadSuggestions()).getSearchSuggestions(queryClient, query),
    enabled: enabled && query.length >= SEARCH_SUGGESTIONS_MIN_CHARS,
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[1] ?? '';
      return before && (query.startsWith(before) || before.startsWith(query))
        ? previous
        : undefined;
    },
    retry: false,
  });
  return {
    suggestions: long ? (result.data ?? []) : [],
    isFetching: long && result.isFetching,
  };
}
