/**
 * The real-client proof (issue 7): the official algoliasearch v5 lite client — what the web app
 * uses — talks to our endpoint over loopback with its own transport, headers and retries.
 */
import { liteClient, type LiteClient } from 'algoliasearch/lite';
import type { SearchResponse } from 'algoliasearch/lite';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductRecord } from '@storefront/shared/search';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertSearchProducts, searchAll } from './search-fixtures.js';

let t: TestApp;
let client: LiteClient;
let samovarName: string;
let samovarMention: string;

beforeAll(async () => {
  t = await buildTestApp({ products: 600 });
  const ids = await insertSearchProducts(t.database.db, [
    { name: 'Brass Samovar 5 L', description: 'A tea urn for office pantries.' },
    { name: 'Copper Tea Urn 5 L', description: 'Pours like a samovar, at half the price.' },
  ]);
  [samovarName, samovarMention] = ids as [string, string];
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  client = liteClient('storefront', 'public', {
    hosts: [{ url: `127.0.0.1:${port}/api/search`, protocol: 'http', accept: 'readWrite' }],
  });
});
afterAll(() => t.close());

async function search(params: Record<string, unknown>): Promise<SearchResponse<ProductRecord>> {
  const { results } = await client.searchForHits<ProductRecord>({
    requests: [{ indexName: 'product_index', ...params }],
  });
  return results[0]!;
}

describe('the official algoliasearch lite client', () => {
  it('reads page, nbHits, nbPages, queryID and hits (what the spec’s search page reads)', async () => {
    const result = await search({ query: 'pack', hitsPerPage: 20, clickAnalytics: true });
    expect(result.page).toBe(0);
    expect(result.hitsPerPage).toBe(20);
    expect(result.nbHits).toBeGreaterThan(20);
    expect(result.nbPages).toBe(Math.ceil(result.nbHits! / 20));
    expect(result.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(result.hits).toHaveLength(20);
    expect(result.hits[0]!._highlightResult!.name).toMatchObject({ matchLevel: 'full' });
  });

  it('ranks an exact name match above a description mention', async () => {
    const result = await search({ query: 'samovar' });
    expect(result.hits.map((h) => h.objectID)).toEqual([samovarName, samovarMention]);
  });

  it('finds with "bottel" the same top hits as with "bottle"', async () => {
    const [typo, meant] = await Promise.all([
      search({ query: 'bottel', hitsPerPage: 5 }),
      search({ query: 'bottle', hitsPerPage: 5 }),
    ]);
    expect(meant.hits).toHaveLength(5);
    expect(typo.nbHits).toBe(meant.nbHits);
    expect(typo.hits.map((h) => h.objectID)).toEqual(meant.hits.map((h) => h.objectID));
  });

  it('finds laptops with "lapto", a prefix that is also a typo of nothing in the catalog', async () => {
    const [typo, meant] = await Promise.all([
      searchAll(search, { query: 'lapto' }),
      searchAll(search, { query: 'laptop' }),
    ]);
    expect(meant.nbHits).toBeGreaterThan(0);
    expect(typo.hits.map((h) => h.objectID)).toEqual(meant.hits.map((h) => h.objectID));
    expect(typo.hits.every((h) => /laptop/i.test(JSON.stringify(h)))).toBe(true);
  });

  it('corrects a typo that is not the last word: "stainles steel bottle"', async () => {
    const [typo, meant] = await Promise.all([
      searchAll(search, { query: 'stainles steel bottle' }),
      searchAll(search, { query: 'stainless steel bottle' }),
    ]);
    expect(meant.nbHits).toBeGreaterThan(0);
    expect(typo.nbHits).toBe(meant.nbHits);
    expect(typo.hits.map((h) => h.objectID)).toEqual(meant.hits.map((h) => h.objectID));
    // Not found through a prefix: "stainles" as a whole word matches nothing.
    const asTyped = await search({ query: 'stainles steel bottle', typoTolerance: false });
    expect(asTyped.nbHits).toBe(0);
  });

  it('completes the last word as it is typed', async () => {
    const [prefix, meant] = await Promise.all([
      search({ query: 'stainl', hitsPerPage: 0 }),
      search({ query: 'stainless', hitsPerPage: 0 }),
    ]);
    expect(meant.nbHits).toBeGreaterThan(0);
    expect(prefix.nbHits).toBe(meant.nbHits);
  });

  it('filters with facetFilters and numericFilters and counts facets', async () => {
    const all = await search({ query: 'steel', facets: ['category'], hitsPerPage: 0 });
    const [category, count] = Object.entries(all.facets!.category!)[0]!;
    const filtered = await searchAll(search, {
      query: 'steel',
      facetFilters: [[`category:${category}`]],
      numericFilters: ['sp>=0'],
    });
    expect(filtered.nbHits).toBe(count);
    expect(new Set(filtered.hits.map((h) => h.category))).toEqual(new Set([category]));
  });

  it('pages to the end and beyond', async () => {
    const first = await search({ query: 'bottle' });
    const last = await search({ query: 'bottle', page: first.nbPages! - 1 });
    const beyond = await search({ query: 'bottle', page: first.nbPages! });
    expect(last.hits).toHaveLength(first.nbHits! - (first.nbPages! - 1) * 20);
    expect(beyond.hits).toEqual([]);
    expect(beyond.nbHits).toBe(first.nbHits);
  });

  it('runs several queries at once, the way InstantSearch does', async () => {
    const { results } = await client.search({
      requests: [
        { indexName: 'product_index', query: 'bottel', hitsPerPage: 1 },
        { indexName: 'product_index', type: 'facet', facet: 'pd_brand', facetQuery: 'gen' },
      ],
    });
    expect(results).toHaveLength(2);
    expect(results[1]).toMatchObject({ facetHits: [{ value: 'Generic' }] });
  });

  it('surfaces our Algolia-format errors as the client’s ApiError', async () => {
    const unknownIndex = client.search({ requests: [{ indexName: 'orders', query: 'a' }] });
    await expect(unknownIndex).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      message: 'Index does not exist',
    });
    await expect(search({ hitsPerPage: 101 })).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      message: 'Value too big for parameter hitsPerPage: maximum is 100',
    });
  });
});
