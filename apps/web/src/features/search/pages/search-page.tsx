/**
 * /search?q={text}&page={n} (spec §2 "Search results"): breadcrumb Home / Search Results, the
 * heading with the query, and the results. The header's search box and the mobile search come
 * here; the query and the page are read from the URL only. The results (react-instantsearch,
 * ~31 KB gzipped) are a chunk of their own, which the server preloads with the page, and
 * which it renders from the page of results it answers inside the HTML (decision 070).
 */
import { searchFromQuery } from '@storefront/shared/catalog-calls';
import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { href } from '@storefront/shared/routes';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { searchWithPage } from '../../../lib/page-param';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { SearchPrompt, SearchSkeleton } from '../components/search-states';

const SearchResults = lazy(() =>
  import('../components/search-results').then((module) => ({ default: module.SearchResults })),
);

/** Smoothly back to the top, unless the buyer asked the system for less motion. */
function scrollToTop() {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
}

export function SearchPage() {
  const [searchParams] = useSearchParams();
  const { words: query, page } = searchFromQuery(searchParams);
  useDocumentTitle(query ? `Search Results for "${query}"` : 'Search Results');

  // A new query or page starts at the top (spec §2).
  useEffect(() => {
    scrollToTop();
  }, [query, page]);

  return (
    <div className="mx-auto max-w-screen-xl px-4 py-6 lg:px-8">
      <Breadcrumb items={[{ label: 'Home', to: href.home() }, { label: 'Search Results' }]} />
      <h1 className="mt-4 mb-4 text-2xl font-bold text-slate-900 sm:text-3xl">
        Search Results
        {query ? <span className="font-normal text-slate-700">{` for "${query}"`}</span> : null}
      </h1>
      {query ? (
        <Suspense fallback={<SearchSkeleton />}>
          <SearchResults
            query={query}
            page={page}
            hrefForPage={(target) => searchWithPage(searchParams, target)}
          />
        </Suspense>
      ) : (
        <SearchPrompt />
      )}
    </div>
  );
}
