import { describe, expect, it, vi } from 'vitest';
import { answerSearch, liteClientCalls, SEARCH_CONFIG } from '../../test/fake-search';
import { createSearchClient, searchClientFor } from './search-client';

vi.mock('algoliasearch/lite', () => import('../../test/fake-search'));

const TIMEOUTS = { connect: 1000, read: 2000, write: 30000 };

describe('the search client', () => {
  it("points at this site's /api/search with the spec's timeouts", () => {
    answerSearch(() => ({ hits: [] }));
    createSearchClient(SEARCH_CONFIG);
    expect(liteClientCalls).toEqual([
      [
        'storefront',
        'public',
        {
          hosts: [
            { url: `${window.location.host}/api/search`, protocol: 'http', accept: 'readWrite' },
          ],
          timeouts: TIMEOUTS,
        },
      ],
    ]);
  });

  it("uses Algolia's own hosts with the search-only key in algolia mode", () => {
    answerSearch(() => ({ hits: [] }));
    createSearchClient({
      provider: 'algolia',
      indexName: 'product_index',
      appId: 'ABCD1234',
      apiKey: 'search-only',
    });
    expect(liteClientCalls).toEqual([['ABCD1234', 'search-only', { timeouts: TIMEOUTS }]]);
  });

  it('makes one client per config, so the page and the header share it', () => {
    answerSearch(() => ({ hits: [] }));
    expect(searchClientFor(SEARCH_CONFIG)).toBe(searchClientFor(SEARCH_CONFIG));
    expect(liteClientCalls).toHaveLength(1);
  });
});
