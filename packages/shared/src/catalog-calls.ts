/**
 * The public catalog calls with which the web app paints a page, as URLs. The web app's queries
 * make them; the server answers them ahead of time inside the page's HTML (decision 036), which
 * works only when both sides build the same URL, so both build it here.
 */
import { PAGE_SIZE } from './constants.js';
import { slugToQuery } from './slugs.js';

export type QueryValues = Record<string, string | number | undefined>;

/** As URLSearchParams writes it (form encoding: a space is '+'), without needing its types. */
const formEncode = (text: string) =>
  encodeURIComponent(text)
    .replace(/%20/g, '+')
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `path?query`, the parameters in the order given and the undefined ones left out. */
export function apiUrl(path: string, query?: QueryValues): string {
  const search = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${formEncode(key)}=${formEncode(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/**
 * The `?page=` of a paged listing (the page lives in the URL, so paging is linkable and Back
 * works): a positive whole number, at most `max`; anything else is page 1.
 */
export function pageFromParam(value: string | null, max = Number.MAX_SAFE_INTEGER): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, max) : 1;
}

export const catalogCalls = {
  categories: () => '/api/products/categories',
  /** The home collections in the seller's order: the home banners, a collection's heading. */
  collections: () => '/api/products/collections',
  /** The search engine's public settings, which the search page needs before it can search. */
  searchConfig: () => '/api/search/config',
  product: (id: string) => `/api/products/product/${encodeURIComponent(id)}`,
  /** Units on hand, never cached (decision 048); the product page reads it after its paint. */
  availability: (id: string) => `/api/products/${encodeURIComponent(id)}/availability`,
  /**
   * A page of a category, subcategory or collection listing: `page` as
   * `pageFromParam(…, MAX_LISTING_PAGE)` reads it, so never past the API's last page.
   */
  listing: (slug: string, page: number) =>
    apiUrl('/api/products', { query: slugToQuery(slug), limit: PAGE_SIZE, page }),
};
