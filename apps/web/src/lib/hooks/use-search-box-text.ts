import { useState } from 'react';
import { useLocation } from 'react-router';
import { ROUTES } from '@storefront/shared/routes';

/** The `q` of the search page's URL, or null on any other page. */
function useSearchPageQuery(): string | null {
  const { pathname, search } = useLocation();
  return pathname === ROUTES.search ? (new URLSearchParams(search).get('q') ?? '') : null;
}

/**
 * A search box's text: the buyer's own while typing, and the search page's query whenever the
 * URL brings a new one, so Back and Forward keep the box and the page in step. (State adjusted
 * on a changed input during render, as React recommends, rather than in an effect.)
 */
export function useSearchBoxText() {
  const pageQuery = useSearchPageQuery();
  const [text, setText] = useState(pageQuery ?? '');
  const [seenPageQuery, setSeenPageQuery] = useState(pageQuery);
  if (pageQuery !== seenPageQuery) {
    setSeenPageQuery(pageQuery);
    if (pageQuery !== null) setText(pageQuery);
  }
  return [text, setText] as const;
}
