/**
 * The page's first state (decision 070): the answers inside the HTML are in React Query's
 * cache before the first render, on the server and in the browser alike (the hydration itself
 * is e2e/tests/storefront/server-rendered.spec.ts's).
 */
import { describe, expect, it } from 'vitest';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import { HOME_CARD_PAGE, HOME_ROW_PAGE } from '@storefront/shared/constants';
import { matchPage } from '@storefront/shared/routes';
import { homeListingKey } from '../features/home/api/home-listing-key';
import { relatedProductsQueryOptions } from '../features/product/api/get-related-products';
import { productQueryOptions } from '../lib/api/get-product';
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

  it("seed the home page's cards and rows, by the slugs its categories and collections name", () => {
    const client = createQueryClient();
    const collections = {
      payload: [{ slug: 'hot-selling', title: 'Hot Selling', subtitle: '', position: 1 }],
    };
    const products = (name: string) => ({ payload: [{ name }], total: 1, page: 1, limit: 10 });
    const answers: Record<string, unknown> = {
      [catalogCalls.categories()]: CATEGORIES,
      [catalogCalls.collections()]: collections,
      [catalogCalls.homeListing('home-&-kitchen', HOME_CARD_PAGE)]: products('Steel Jar'),
      [catalogCalls.homeListing('hot-selling', HOME_ROW_PAGE)]: products('Steel Mug'),
    };
    seedFirstState(client, matchPage('/'), (url) => answers[url]);
    expect(client.getQueryData(homeListingKey('home-&-kitchen', HOME_CARD_PAGE))).toEqual([
      { name: 'Steel Jar' },
    ]);
    expect(client.getQueryData(homeListingKey('hot-selling', HOME_ROW_PAGE))).toEqual([
      { name: 'Steel Mug' },
    ]);
  });

  it("seed a product page's product and its related products, under the keys their queries read", () => {
    const client = createQueryClient();
    const id = 'b'.repeat(24);
    const product = { payload: { _id: id, name: 'Steel Jar' } };
    const related = { payload: [{ _id: 'c'.repeat(24), name: 'Steel Lid' }] };
    const answers: Record<string, unknown> = {
      [catalogCalls.product(id)]: product,
      [catalogCalls.related(id)]: related,
    };
    seedFirstState(client, matchPage(`/products/${id}`), (url) => answers[url]);
    expect(client.getQueryData(productQueryOptions(id).queryKey)).toEqual(product.payload);
    expect(client.getQueryData(relatedProductsQueryOptions(id).queryKey)).toEqual(related.payload);
  });

  it("seed a search page's engine settings and the page of results its URL asks for", () => {
    const client = createQueryClient();
    const config = { provider: 'postgres', indexName: 'product_index' };
    const results = { hits: [], nbHits: 0, page: 1 };
    const answers: Record<string, unknown> = {
      [catalogCalls.searchConfig()]: config,
      [catalogCalls.searchResults('steel mug', 2)]: results,
    };
    const match = matchPage('/search', new URLSearchParams('q=+steel+mug+&page=2'));
    seedFirstState(client, match, (url) => answers[url]);
    expect(client.getQueryData(['search-config'])).toEqual(config);
    expect(client.getQueryData(['search', 'first-results', 'steel mug', 2])).toEqual(results);
  });
});
