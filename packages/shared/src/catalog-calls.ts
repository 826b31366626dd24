/**
 * The public catalog calls with which the web app paints a page, as URLs. The web app's queries
 * make them; the server answers them ahead of time inside the page's HTML (decision 036), which
 * works only when both sides build the same URL, so both build it here.
 */
import {
  HOME_CARD_PAGE,
  HOME_CATEGORY_CARDS,
  HOME_COLLECTION_BANNERS,
  HOME_ROW_LIMIT,
  HOME_ROW_PAGE,
  PAGE_SIZE,
  SEARCH_API_PATH,
  SEARCH_HIGHLIGHTED_ATTRIBUTES,
  SEARCH_INDEX,
} from './constants.js';
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

/** The search page's words and page (1-based) from its URL's `?q=` and `?page=`. */
export function searchFromQuery(query: { get(name: string): string | null }): {
  words: string;
  page: number;
} {
  return { words: (query.get('q') ?? '').trim(), page: pageFromParam(query.get('page')) };
}

/**
 * The parameters of a page of search results as the search page's InstantSearch asks for them
 * (its Configure, and the placeholders its hits' highlighting replaces), which are also the
 * state its first results are restored with (decision 070). `page` is 1-based, as in the URL.
 */
export function searchResultsParams(query: string, page: number) {
  return {
    query,
    page: page - 1,
    hitsPerPage: PAGE_SIZE,
    attributesToHighlight: SEARCH_HIGHLIGHTED_ATTRIBUTES,
    highlightPreTag: '__ais-highlight__',
    highlightPostTag: '__/ais-highlight__',
    clickAnalytics: true,
  };
}

/**
 * 10 products of a listing's page, for the home page (spec §2 "Home"): a category card shows its
 * first page's (`HOME_CARD_PAGE`), a collection row its second's (`HOME_ROW_PAGE`).
 */
const homeListing = (slug: string, page: number) =>
  apiUrl('/api/products', { query: slugToQuery(slug), limit: HOME_ROW_LIMIT, page });

const homeShelf = (slug: string, page: number) => ({ slug, page, url: homeListing(slug, page) });

export const catalogCalls = {
  categories: () => '/api/products/categories',
  /** The home collections in the seller's order: the home banners, a collection's heading. */
  collections: () => '/api/products/collections',
  /** The search engine's public settings, which the search page needs before it can search. */
  searchConfig: () => '/api/search/config',
  product: (id: string) => `/api/products/product/${encodeURIComponent(id)}`,
  /** A product's related products (spec §7), shown below its page's tabs. */
  related: (id: string) => `/api/products/recommend/${encodeURIComponent(id)}`,
  /** Units on hand, never cached (decision 048); the product page reads it after its paint. */
  availability: (id: string) => `/api/products/${encodeURIComponent(id)}/availability`,
  /**
   * A page of a category, subcategory or collection listing: `page` as
   * `pageFromParam(…, MAX_LISTING_PAGE)` reads it, so never past the API's last page.
   */
  listing: (slug: string, page: number) =>
    apiUrl('/api/products', { query: slugToQuery(slug), limit: PAGE_SIZE, page }),
  homeListing,
  /**
   * The products the home page shows: its first categories' cards and its first collections'
   * rows, in the seller's order (spec §2 "Home", decision 050), each with the call answering it.
   */
  homeProducts: (
    categories: readonly { slug: string }[],
    collections: readonly { slug: string }[],
  ) => [
    ...categories.slice(0, HOME_CATEGORY_CARDS).map(({ slug }) => homeShelf(slug, HOME_CARD_PAGE)),
    ...collections
      .slice(0, HOME_COLLECTION_BANNERS)
      .map(({ slug }) => homeShelf(slug, HOME_ROW_PAGE)),
  ],
  /** A page of search results, in Algolia's GET form of a search in one index. */
  searchResults: (query: string, page: number) => {
    const { attributesToHighlight, clickAnalytics, ...params } = searchResultsParams(query, page);
    return apiUrl(`${SEARCH_API_PATH}/1/indexes/${SEARCH_INDEX}`, {
      ...params,
      attributesToHighlight: JSON.stringify(attributesToHighlight),
      clickAnalytics: String(clickAnalytics),
    });
  },
};
