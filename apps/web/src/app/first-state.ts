/**
 * The page's first state in React Query's cache (decision 070): the answers the server wrote into
 * the page (decision 036), set as the queries that read them before the first render. The server's renderer and the browser both
 * seed from the same answers, so the HTML and the first client render are the same tree (no
 * hydration mismatch) and nothing is fetched again.
 */
import type { QueryClient } from '@tanstack/react-query';
import type {
  Category,
  HomeCollection,
  ProductDetail,
  ProductListResponse,
} from '@storefront/shared/catalog';
import { catalogCalls, pageFromParam } from '@storefront/shared/catalog-calls';
import { MAX_LISTING_PAGE } from '@storefront/shared/constants';
import { pageOf, type FirstCallAnswer, type PageMatch } from '@storefront/shared/routes';
import type { SearchConfigResponse } from '@storefront/shared/search';
import { categoriesQueryOptions } from '../lib/api/get-categories';
import { collectionsQueryOptions } from '../lib/api/get-collections';
import { productQueryOptions } from '../lib/api/get-product';
import { searchConfigQueryOptions } from '../lib/api/get-search-config';
import {
  categoryProductsQueryOptions,
  listingFromAnswer,
} from '../features/catalog/api/get-category-products';

/** The answer of a first call's URL, or undefined. */
export type AnswerOf = (url: string) => unknown;

/**
 * The answers inside the page (`script#api-answers`, decision 036), read once and removed: a
 * later call of the same URL is the queries' own, through the network.
 */
export function readPageAnswers(): AnswerOf {
  const element = document.getElementById('api-answers');
  element?.remove();
  let answers: Record<string, unknown> = {};
  try {
    answers = JSON.parse(element?.textContent || '{}') as Record<string, unknown>;
  } catch {
    // Unreadable answers cost speed only: the page fetches what it needs.
  }
  return (url) => (Object.hasOwn(answers, url) ? answers[url] : undefined);
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
  searchConfig: (client, _match, answer) =>
    client.setQueryData(searchConfigQueryOptions().queryKey, answer as SearchConfigResponse),
};

export function seedFirstState(
  client: QueryClient,
  match: PageMatch | undefined,
  answerOf: AnswerOf,
): void {
  const categories = answerOf(catalogCalls.categories()) as { payload: Category[] } | undefined;
  if (categories) client.setQueryData(categoriesQueryOptions().queryKey, categories.payload);
  const collections = answerOf(catalogCalls.collections()) as
    { payload: HomeCollection[] } | undefined;
  if (collections) client.setQueryData(collectionsQueryOptions().queryKey, collections.payload);
  const firstCall = match && pageOf(match.name).firstCall;
  const ownUrl = match && firstCall?.url(match);
  const own = ownUrl === undefined ? undefined : answerOf(ownUrl);
  if (match && firstCall && own !== undefined)
    OWN_CALL_QUERIES[firstCall.answer](client, match, own);
}
