/**
 * The page's first state (decision 070): the answers inside the HTML are in React Query's
 * cache before the first render, on the server and in the browser alike (the hydration itself
 * is e2e/tests/storefront/server-rendered.spec.ts's).
 */
import { describe, expect, it } from 'vitest';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import { matchPage } from '@storefront/shared/routes';
import { readPageState, seedFirstState } from './first-state';
import { createQueryClient } from './query-client';

const CATEGORIES = {
  payload: [
    {
      _id: { $oid: 'a'.repeat(24) },
      category: 'Home & Kitchen',
      slug: 'home-&-kitchen',
      subCategory: [],
    },
  ],
};

describe('the answers inside the page', () => {
  it('are read once, and the element with them removed', () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'api-answers';
    script.textContent = JSON.stringify({ [catalogCalls.categories()]: CATEGORIES });
    document.head.append(script);
    const { answerOf } = readPageState();
    expect(answerOf(catalogCalls.categories())).toEqual(CATEGORIES);
    expect(answerOf('/api/other')).toBeUndefined();
    expect(document.getElementById('api-answers')).toBeNull();
  });

  it("seed the page's own query: a listing page's products, as its query reads them", () => {
    const client = createQueryClient();
    const match = matchPage('/categories/home-&-kitchen', new URLSearchParams('page=2'));
    const listing = { payload: null, total: 0 };
    seedFirstState(client, match, (url) =>
      url === catalogCalls.listing('home-&-kitchen', 2) ? listing : undefined,
    );
    expect(client.getQueryData(['catalog', 'category-products', 'home-&-kitchen', 2])).toEqual({
      payload: [],
      total: 0,
    });
  });
});
