import { z } from 'zod';
import { ImageRef } from './catalog.js';

/**
 * The search contract (spec §7 "Search", product decision #10): the index `product_index` speaks
 * Algolia's protocol, answered by our server (`/api/search`) or by hosted Algolia. A record of
 * the index is what a hit carries, whichever engine answers.
 */

/** The attributes a query can facet and filter on (`facets`, `facetFilters`, `filters`). */
export const SEARCH_FACETS = ['category', 'subcategory', 'pd_brand'] as const;
export type SearchFacet = (typeof SEARCH_FACETS)[number];

/** The numeric attribute of `numericFilters` and `filters`: the sale price in rupees. */
export const SEARCH_NUMERIC_ATTRIBUTES = ['sp'] as const;

/**
 * The most hits one query may ask for (`hitsPerPage`); more is a 400. Algolia allows 1,000; the
 * web app asks 20, and each hit costs its highlighting (issue 17).
 */
export const SEARCH_MAX_HITS_PER_PAGE = 100;

/** One record of `product_index`: the fields a search hit carries (spec §3 "Product"). */
export const ProductRecord = z.object({
  objectID: z.string(),
  name: z.string(),
  category: z.string(),
  subcategory: z.string(),
  pd_brand: z.string(),
  /** Sale and regular price in rupees. */
  sp: z.number(),
  mrp: z.number(),
  /** Image sources, resolved on the client by `resolveImageUrl` (spec §7). */
  imgUrl: z.array(ImageRef),
  images: z.array(z.string()),
  /** Plain text of the description, cut to 300 characters. */
  summary: z.string(),
  /** The product code (our SKU), and every SKU that finds it: code, seller SKU, variant SKUs,
   * lower-cased (decision 059). */
  code: z.string(),
  skus: z.array(z.string()),
});
export type ProductRecord = z.infer<typeof ProductRecord>;

/** GET /api/search/config: which engine and keys the browser's search client uses. */
export const SearchConfigResponse = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('postgres'),
    indexName: z.string(),
    /** Any non-empty strings satisfy the client; our endpoint is public and ignores them. */
    appId: z.string(),
    apiKey: z.string(),
    /** Path on this origin to use as the client's host: `${location.host}${path}`. */
    path: z.string(),
  }),
  z.object({
    provider: z.literal('algolia'),
    indexName: z.string(),
    appId: z.string(),
    /** The search-only key: public by design. */
    apiKey: z.string(),
  }),
]);
export type SearchConfigResponse = z.infer<typeof SearchConfigResponse>;
