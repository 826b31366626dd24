/**
 * Keyset paging kept in the URL and the history: the URL holds the current page's cursor (so a
 * reload or a shared link opens the same page), and the history entry's state holds the
 * cursors of the pages before it, for Previous. A link opened fresh on a later page has no such
 * state: its Previous goes back to the first page.
 */
import { useLocation, useNavigate, useSearchParams } from 'react-router';

interface PagesState {
  /** The cursor of each earlier page, '' for the first. */
  pages: string[];
}

function earlierPages(state: unknown): string[] {
  const pages = (state as Partial<PagesState> | null)?.pages;
  return Array.isArray(pages) && pages.every((page) => typeof page === 'string') ? pages : [];
}

export function useKeysetPages(param: string) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const cursor = params.get(param) ?? undefined;
  const earlier = cursor === undefined ? [] : earlierPages(location.state);

  const go = (to: string | undefined, pages: string[]) => {
    const next = new URLSearchParams(params);
    if (to) next.set(param, to);
    else next.delete(param);
    const search = next.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { state: { pages } satisfies PagesState },
    );
  };

  return {
    cursor,
    /** 1 on the first page; counted from the first page this history knows. */
    pageNumber: cursor === undefined ? 1 : earlier.length + 1,
    hasPrevious: cursor !== undefined,
    next: (nextCursor: string) => go(nextCursor, [...earlier, cursor ?? '']),
    previous: () => go(earlier.at(-1) || undefined, earlier.slice(0, -1)),
  };
}
