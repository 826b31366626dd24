/**
 * The page of results a search page was served with (decision 070): the server's answer of the
 * page's first call (`catalogCalls.searchResults`), kept in the query cache, from which the
 * results' InstantSearch starts instead of searching. There is no fetcher: every other page of
 * results is InstantSearch's own search.
 */
import type { InitialResults } from 'instantsearch.js';

/** One search's answer, as InstantSearch restores it. */
export type SearchAnswer = NonNullable<InitialResults[string]['results']>[number];

export const firstResultsKey = (words: string, page: number) =>
  ['search', 'first-results', words, page] as const;
