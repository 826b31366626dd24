/**
 * The page's first state in React Query's cache (decision 070): the answers the server wrote into
 * the page (decision 036) and, on a server-rendered page, the image checks it answered, set as
 * the queries that read them before the first render. The server's renderer and the browser both
 * seed from the same answers, so the HTML and the first client render are the same tree (no
 * hydration mismatch) and nothing is fetched again.
 */
import type { QueryClient } from '@tanstack/react-query';
import type {
  Category,
  HomeCollection,
  ProductDetail,
  ProductListResponse,
  ProductSummary,
} from '@storefront/shared/catalog';
import { catalogCalls, pageFromParam, searchFromQuery } from '@storefront/shared/catalog-calls';
import { MAX_LISTING_PAGE } from '@storefront/shared/constants';
import { pageOf, type FirstCallAnswer, type PageMatch } from '@storefront/shared/routes';
import type { SearchConfigResponse } from '@storefront/shared/search';
import { categoriesQueryOptions } from '../lib/api/get-categories';
import { collectionsQueryOptions } from '../lib/api/get-collections';
import { productQueryOptions } from '../lib/api/get-product';
import { searchConfigQueryOptions } from '../lib/api/get-search-config';
import { imageCheckQuery } from '../lib/image-check';
import {
  categoryProductsQueryOptions,
  listingFromAnswer,
} from '../features/catalog/api/get-category-products';
import { homeListingKey } from '../features/home/api/home-listing-key';
import { relatedProductsQueryOptions } from '../features/product/api/get-related-products';
import { firstResultsKey, type SearchAnswer } from '../features/search/api/first-results';

/** The answer of a first call's URL, or undefined. */
export type AnswerOf = (url: string) => unknown;

/** Image-existence checks the server answered, by check URL (lib/image-check). */
export type ImageChecks = Readonly<Record<string, boolean>>;

/** The JSON of `script#id` inside the page, read once and removed ({} when absent or unreadable). */
function readPageJson(id: string): Record<string, unknown> {
  const element = document.getElementById(id);
  element?.remove();
  try {
    return JSON.parse(element?.textContent || '{}') as Record<string, unknown>;
  } catch {
    // Unreadable answers cost speed only: the page fetches and checks what it needs.
    return {};
  }
}

/**
 * The answers inside the page (`script#api-answers`, decision 036) and the image checks of a
 * server-rendered one (`script#image-checks`): a later call of the same URL is the queries' own.
 */
export function readPageState(): { answerOf: AnswerOf; imageChecks: ImageChecks } {
  const answers = readPageJson('api-answers');
  const imageChecks = readPageJson('image-checks') as Record<string, boolean>;
  return {
    answerOf: (url) => (Object.hasOwn(answers, url) ? answers[url] : undefined),
    imageChecks,
  };
}

const OWN_CALL_QUERIES: Record<
  FirstCallAnswer,
  (client: QueryClient, match: PageMatch, answer: unknown) => void
> = {
  product: (client, { param }, answer) =>
    client.setQueryData(
      productQueryOptions(param).queryKey,
      (answer as { payload: ProductDetail }).payload,
    ),
  listing: (client, { param = '', query }, answer) =>
    client.setQueryData(
      categoryProductsQueryOptions(param, pageFromParam(query.get('page'), MAX_LISTING_PAGE))
        .queryKey,
      listingFromAnswer(answer as ProductListResponse),
    ),
  searchResults: (client, { query }, answer) => {
    const { words, page } = searchFromQuery(query);
    client.setQueryData(firstResultsKey(words, page), answer as SearchAnswer);
  },
};

export function seedFirstState(
  client: QueryClient,
  match: PageMatch | undefined,
  answerOf: AnswerOf,
  imageChecks: ImageChecks = {},
): void {
  const categories = answerOf(catalogCalls.categories()) as { payload: Category[] } | undefined;
  if (categories) client.setQueryData(categoriesQueryOptions().queryKey, categories.payload);
  const collections = answerOf(catalogCalls.collections()) as
    { payload: HomeCollection[] } | undefined;
  if (collections) client.setQueryData(collectionsQueryOptions().queryKey, collections.payload);
  // The home page's cards and rows, which the server answered for what it shows.
  const products = (url: string) => (answerOf(url) as ProductListResponse | undefined)?.payload;
  const shelves = catalogCalls.homeProducts(categories?.payload ?? [], collections?.payload ?? []);
  for (const { slug, page, url } of shelves) {
    const shown = products(url);
    if (shown) client.setQueryData(homeListingKey(slug, page), shown);
  }
  // A product page's related products, below its tabs.
  const relatedOf = match && pageOf(match.name).showsRelated ? match.param : undefined;
  if (relatedOf !== undefined) {
    const related = answerOf(catalogCalls.related(relatedOf)) as
      { payload: ProductSummary[] } | undefined;
    if (related)
      client.setQueryData(relatedProductsQueryOptions(relatedOf).queryKey, related.payload);
  }
  const searchConfig = answerOf(catalogCalls.searchConfig()) as SearchConfigResponse | undefined;
  if (searchConfig) client.setQueryData(searchConfigQueryOptions().queryKey, searchConfig);
  const firstCall = match && pageOf(match.name).firstCall;
  const ownUrl = match && firstCall?.url(match);
  const own = ownUrl === undefined ? undefined : answerOf(ownUrl);
  if (match && firstCall && own !== undefined)
    OWN_CALL_QUERIES[firstCall.answer](client, match, own);
  for (const [url, loads] of Object.entries(imageChecks))
    client.setQueryData(imageCheckQuery(url).queryKey, loads);
}
