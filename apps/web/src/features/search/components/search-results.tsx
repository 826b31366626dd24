/**
 * The results of one query (spec §2 "Search results", §4 "Search status"): react-instantsearch
 * on the search client that GET /api/search/config describes (docs/api-search.md §2).
 *
 * The URL owns the query and the page (`?q=`, `?page=`, 1-based): they reach InstantSearch
 * through <Configure>, and the page links are plain links to URLs. InstantSearch keeps no state
 * of its own to reconcile with the router, so Back and Forward restore the query and the page,
 * a reload or a shared link shows the same results, and nothing writes the URL but the router.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  Configure,
  InstantSearch,
  InstantSearchSSRProvider,
  useHits,
  useInstantSearch,
} from 'react-instantsearch';
import { searchResultsParams } from '@storefront/shared/catalog-calls';
import { SEARCH_STALLED_DELAY_MS } from '@storefront/shared/constants';
import { groupIndian } from '@storefront/shared/money';
import type { ProductRecord } from '@storefront/shared/search';
import { PastLastPage } from '../../../components/ui/past-last-page';
import { Pagination } from '../../../components/ui/pagination';
import { useSearchConfig } from '../../../lib/api/get-search-config';
import { useImageChecks } from '../../../lib/image-check';
import { searchClientFor } from '../../../lib/api/search-client';
import { firstResultsKey, type SearchAnswer } from '../api/first-results';
import { SearchHit } from './search-hit';
import { NoResults, NoValidImages, SearchError, SearchSkeleton } from './search-states';

export interface SearchResultsProps {
  query: string;
  /** 1-based, as in the URL. */
  page: number;
  hrefForPage: (page: number) => string;
}

export function SearchResults(props: SearchResultsProps) {
  const config = useSearchConfig();
  const queryClient = useQueryClient();
  // The results the page was served with, read once: InstantSearch starts from them (on the
  // server, and hydrating what it rendered) instead of searching; they are our own engine's, so
  // a page that searches hosted Algolia searches it from the start (decision 070).
  const [initialResults] = useState(() => {
    const answer = queryClient.getQueryData<SearchAnswer>(firstResultsKey(props.query, props.page));
    const indexName = config.data?.indexName;
    return answer && indexName && config.data?.provider === 'postgres'
      ? {
          [indexName]: {
            state: { index: indexName, ...searchResultsParams(props.query, props.page) },
            results: [answer],
          },
        }
      : undefined;
  });
  if (config.isPending) return <SearchSkeleton />;
  if (config.isError) return <SearchError onRetry={() => void config.refetch()} />;
  const search = (
    <InstantSearch
      searchClient={searchClientFor(config.data)}
      indexName={config.data.indexName}
      stalledSearchDelay={SEARCH_STALLED_DELAY_MS}
      // No insights: with it unset, InstantSearch may load Algolia's script from a CDN, which
      // the CSP (script-src 'self') refuses.
      insights={false}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      {/* The parameters the server's first answer was searched with (decision 070); only the
          name is shown highlighted, so the engine need not mark up the other fields. */}
      <Configure {...searchResultsParams(props.query, props.page)} />
      <Hits {...props} />
    </InstantSearch>
  );
  return initialResults ? (
    <InstantSearchSSRProvider initialResults={initialResults}>{search}</InstantSearchSSRProvider>
  ) : (
    search
  );
}

function plural(count: number, word: string) {
  return `${groupIndian(count)} ${word}${count === 1 ? '' : 's'}`;
}

function Hits({ query, page, hrefForPage }: SearchResultsProps) {
  // catchError: a failed search becomes status 'error' here instead of an uncaught throw.
  const { status, results, refresh } = useInstantSearch({ catchError: true });
  const { items } = useHits<ProductRecord>();

  // Results belong to this URL only once InstantSearch has answered its query and page; until
  // then the previous page's hits are still in hand and must not show.
  const answered =
    !results.__isArtificial && results._state.query === query && results._state.page === page - 1;
  const hits = useMemo(() => (answered ? items : []), [answered, items]);
  const checks = useImageChecks(hits.map((hit) => hit.imgUrl[0]?.src));
  const shown = hits.filter((hit) => checks.isValid(hit.imgUrl[0]?.src));

  const failed = status === 'error';
  const loading = !failed && (status === 'loading' || status === 'stalled' || !answered);
  const checking = !failed && !loading && checks.isChecking;
  const totalPages = answered ? results.nbPages : 0;

  return (
    <>
      {/* The hits' names are h3s: this keeps the outline h1 → h2 → h3. */}
      <h2 className="sr-only">Results</h2>
      <p aria-live="polite" data-testid="result-text" className="mb-4 text-sm text-slate-700">
        {failed
          ? ''
          : loading
            ? 'Searching...'
            : checking
              ? 'Validating images...'
              : results.nbHits > 0
                ? `${plural(results.nbHits, 'product')} found` +
                  (page <= totalPages ? ` · Page ${page} of ${totalPages}` : '')
                : ''}
      </p>
      {failed ? (
        <SearchError onRetry={refresh} />
      ) : loading || checking ? (
        <SearchSkeleton />
      ) : hits.length === 0 && results.nbHits > 0 ? (
        <PastLastPage lastPageHref={hrefForPage(totalPages)} />
      ) : hits.length === 0 ? (
        <NoResults />
      ) : shown.length === 0 ? (
        <NoValidImages matched={hits.length} />
      ) : (
        <ul data-testid="search-results" className="flex flex-col gap-3">
          {shown.map((hit) => (
            <li key={hit.objectID}>
              <SearchHit hit={hit} />
            </li>
          ))}
        </ul>
      )}
      {!failed && !loading && totalPages > 1 && page <= totalPages ? (
        <Pagination
          className="mt-8"
          page={page}
          totalPages={totalPages}
          hrefForPage={hrefForPage}
        />
      ) : null}
    </>
  );
}
