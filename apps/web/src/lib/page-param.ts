/**
 * The `?page=` of paged listings (category listing, search results): the page lives in the
 * URL so paging is linkable and the browser's Back and Forward move between pages.
 */

/** The same URL's query string with another page (page 1 drops the parameter). */
export function searchWithPage(searchParams: URLSearchParams, page: number): string {
  const params = new URLSearchParams(searchParams);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '?';
}
