/**
 * Issue 17, "Search filters crash" and "Search is cheap to abuse": what an attacker sends to the
 * Algolia-protocol endpoint. Malformed filters (3,000 nested parentheses, a lone "!") answered
 * 500 and logged an error line each; now every bad input is a 400 in Algolia's format that logs
 * nothing at warn or above, and every input that sets the work of a request is capped
 * (docs/api-search.md §3 "Limits").
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { SEARCH_LIMITS } from './params.js';
import { pageCount, pageWindow } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ products: 40 });
});
afterAll(() => t.close());

const MULTI_URL = '/api/search/1/indexes/*/queries';
const QUERY_URL = '/api/search/1/indexes/product_index/query';

/**
 * The app's log at warn and above. Tests log nowhere (LOG_LEVEL silent); the silent logger is
 * one object that every request's child logger is, so spying on it sees every request's lines.
 */
function loudLogLines() {
  return ['warn', 'error', 'fatal'].flatMap((level) =>
    vi.mocked(t.app.log[level as 'warn' | 'error' | 'fatal']).mock.calls.map(() => level),
  );
}
afterEach(() => vi.restoreAllMocks());

/** POSTs `payload` (a JSON text as it is, anything else as JSON), watching the log. */
async function post(url: string, payload: unknown) {
  for (const level of ['warn', 'error', 'fatal'] as const) vi.spyOn(t.app.log, level);
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'text/plain' },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const one = (params: Record<string, unknown>) => ({
  requests: [{ indexName: 'product_index', ...params }],
});

describe('malformed filters answer 400 in Algolia’s format and log nothing loud', () => {
  const { filterDepth, filterLength, valueDepth } = SEARCH_LIMITS;
  const deep = (levels: number) => `${'('.repeat(levels)}sp>1${')'.repeat(levels)}`;

  it.each([
    [
      '3,000 nested parentheses (the request of issue 17)',
      one({ filters: deep(3000) }),
      `Invalid filters: longer than ${filterLength} characters`,
    ],
    [
      `${filterDepth + 1} nested parentheses`,
      one({ filters: deep(filterDepth + 1) }),
      `Invalid filters: nested deeper than ${filterDepth} levels`,
    ],
    [
      '1,000 nested NOTs',
      one({ filters: `${'NOT '.repeat(1000)}sp>1` }),
      `Invalid filters: nested deeper than ${filterDepth} levels`,
    ],
    ['a lone "!"', one({ filters: '!' }), 'Invalid filters: unexpected "!"'],
    ['"!" before a value', one({ filters: 'pd_brand:!Apex' }), 'Invalid filters: unexpected "!"'],
    [
      `an unknown parameter nested ${valueDepth + 1} levels (it is echoed back)`,
      one({
        analyticsTags: JSON.parse(`${'['.repeat(valueDepth + 1)}${']'.repeat(valueDepth + 1)}`),
      }),
      `Invalid value for analyticsTags: nested deeper than ${valueDepth} levels`,
    ],
  ])('%s', async (_case, payload, message) => {
    const response = await post(MULTI_URL, payload);
    expect(response).toEqual({ status: 400, body: { message, status: 400 } });
    expect(loudLogLines()).toEqual([]);
  });

  it('an unknown parameter nested 100,000 levels deep (its echo overflowed the stack)', async () => {
    const arrays = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const response = await post(
      MULTI_URL,
      `{"requests":[{"indexName":"product_index","analyticsTags":${arrays}}]}`,
    );
    expect(response).toEqual({ status: 400, body: { message: expect.any(String), status: 400 } });
    expect(loudLogLines()).toEqual([]);
  });
});

describe('the work one request can ask for is capped', () => {
  const { queries, hitsPerPage, filterLength, filterNodes, filterDepth, listItems, tagLength } =
    SEARCH_LIMITS;
  /** One OR of `count` price conditions: count + 1 nodes. */
  const alternatives = (count: number) =>
    Array.from({ length: count }, (_, i) => `sp>${i}`).join(' OR ');

  it.each([
    [
      `${queries + 1} queries in one request`,
      {
        requests: Array.from({ length: queries + 1 }, () => ({ indexName: 'product_index' })),
      },
      `Invalid requests: Too many queries: the maximum is ${queries} per request`,
    ],
    [
      `hitsPerPage ${hitsPerPage + 1}`,
      one({ hitsPerPage: hitsPerPage + 1 }),
      `Value too big for parameter hitsPerPage: maximum is ${hitsPerPage}`,
    ],
    [
      `a filters expression of ${filterLength + 1} characters`,
      one({ filters: `pd_brand:"${'x'.repeat(filterLength - 10)}"` }),
      `Invalid filters: longer than ${filterLength} characters`,
    ],
    [
      `facetFilters of ${filterLength + 1} characters in all`,
      one({ facetFilters: [`pd_brand:${'x'.repeat(filterLength - 8)}`] }),
      `Invalid facetFilters: longer than ${filterLength} characters`,
    ],
    [
      `numericFilters of ${filterLength + 1} characters`,
      one({ numericFilters: `sp>=${'1'.repeat(filterLength - 3)}` }),
      `Invalid numericFilters: longer than ${filterLength} characters`,
    ],
    [
      `${filterNodes} alternatives (with their OR, ${filterNodes + 1} nodes)`,
      one({ filters: alternatives(filterNodes) }),
      `Filters too complex: at most ${filterNodes} conditions and operators`,
    ],
    [
      `${filterNodes + 1} nodes across the three filter parameters (ANDed by one more)`,
      one({
        filters: 'sp>1',
        facetFilters: Array.from({ length: filterNodes - 3 }, () => 'pd_brand:Apex'),
        numericFilters: ['sp>1'],
      }),
      `Filters too complex: at most ${filterNodes} conditions and operators`,
    ],
    [
      `${listItems + 1} attributes to retrieve`,
      one({ attributesToRetrieve: Array.from({ length: listItems + 1 }, () => 'name') }),
      `Invalid value for attributesToRetrieve: at most ${listItems} items`,
    ],
    [
      `${listItems + 1} facets, as a comma-separated string`,
      one({ facets: Array.from({ length: listItems + 1 }, () => 'category').join(',') }),
      `Invalid value for facets: at most ${listItems} items`,
    ],
    [
      `a highlight tag of ${tagLength + 1} characters (repeated at every match)`,
      one({ query: 'a', highlightPreTag: 'x'.repeat(tagLength + 1) }),
      `Invalid value for highlightPreTag: at most ${tagLength} characters`,
    ],
    [
      'a facet query over 512 bytes',
      {
        requests: [
          {
            indexName: 'product_index',
            type: 'facet',
            facet: 'pd_brand',
            facetQuery: 'x'.repeat(513),
          },
        ],
      },
      'Facet query too long: the maximum is 512 bytes',
    ],
  ])('%s answers 400', async (_case, payload, message) => {
    const response = await post(MULTI_URL, payload);
    expect(response).toEqual({ status: 400, body: { message, status: 400 } });
    expect(loudLogLines()).toEqual([]);
  });

  it('serves every cap exactly: the most queries, hits, filters and nesting allowed', async () => {
    const nested = `${'('.repeat(filterDepth)}sp>1${')'.repeat(filterDepth)}`;
    const longest = `pd_brand:"${'x'.repeat(filterLength - 11)}"`;
    const requests = Array.from({ length: queries }, () => ({
      indexName: 'product_index',
      hitsPerPage,
      filters: nested,
    }));
    requests[1] = { ...requests[1]!, filters: longest };
    requests[2] = { ...requests[2]!, filters: alternatives(filterNodes - 1) };
    const response = await post(MULTI_URL, { requests });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const results = response.body.results as { nbHits: number; hits: unknown[] }[];
    expect(results).toHaveLength(queries);
    expect(results[0]!.nbHits).toBe(40);
    expect(results[0]!.hits).toHaveLength(40);
    expect(results[1]!.nbHits).toBe(0);
  });

  it('serves no hit past the pagination limit, and counts pages only up to it (as Algolia)', () => {
    const { paginationLimit } = SEARCH_LIMITS;
    expect(pageWindow(0, 20)).toEqual({ offset: 0, limit: 20 });
    expect(pageWindow(paginationLimit / 20 - 1, 20)).toEqual({
      offset: paginationLimit - 20,
      limit: 20,
    });
    // A page across the limit serves the hits before it (1,000 / 30: page 33 serves 10).
    const across = Math.floor(paginationLimit / 30);
    expect(pageWindow(across, 30)).toEqual({
      offset: across * 30,
      limit: paginationLimit - across * 30,
    });
    expect(pageWindow(paginationLimit / 20, 20)).toEqual({ offset: paginationLimit, limit: 0 });
    expect(pageWindow(Number.MAX_SAFE_INTEGER, 100)).toEqual({ offset: paginationLimit, limit: 0 });
    expect(pageCount(39, 20)).toBe(2);
    expect(pageCount(paginationLimit * 5, 20)).toBe(paginationLimit / 20);
    expect(pageCount(paginationLimit * 5, 7)).toBe(Math.ceil(paginationLimit / 7));
    expect(pageCount(5, 0)).toBe(0);
  });

  it('answers the deepest page number with no hits and the true total', async () => {
    const deep = await post(QUERY_URL, { hitsPerPage: 1, page: Number.MAX_SAFE_INTEGER });
    expect(deep.status).toBe(200);
    expect(deep.body).toMatchObject({ hits: [], nbHits: 40, nbPages: 40 });
  });
});
