/**
 * Health during the heaviest search (issue 18): one client sends, again and again, the largest
 * search the input limits allow (SEARCH_LIMITS: ten queries in one request, each a single-letter
 * prefix that matches most of the catalog, 100 hits of the tenth page, every facet, every
 * attribute highlighted), while /api/health is polled. The database works for seconds per
 * request; the server must go on answering (health p99 ≤ 50 ms).
 */
import { SEARCH_FACETS, SEARCH_MAX_HITS_PER_PAGE } from '../packages/shared/src/search.js';
import { pollHealth } from './lib/health-poller.js';
import { latencyRecorder } from './lib/latency-recorder.js';
import { post } from './lib/post.js';

export interface HeavySearchResult {
  searches: number;
  /** Answers other than 200 (a 503 is a search cut at the statement budget). */
  searchesNot200: number;
  searchP50: number;
  searchMax: number;
  healthRequests: number;
  healthNot200: number;
  healthP50: number;
  healthP99: number;
  healthMax: number;
}

/** Ten single letters, each a prefix most product names or descriptions have a word for. */
const LETTERS = ['s', 'e', 'a', 'c', 'p', 'm', 't', 'b', 'l', 'd'];

export function heaviestSearchBody(): string {
  return JSON.stringify({
    requests: LETTERS.map((query) => ({
      indexName: 'product_index',
      query,
      queryType: 'prefixAll',
      hitsPerPage: SEARCH_MAX_HITS_PER_PAGE,
      page: 9,
      facets: [...SEARCH_FACETS],
      maxValuesPerFacet: 100,
      attributesToHighlight: ['*'],
    })),
  });
}

export async function runHeavySearch(
  baseUrl: string,
  { durationSec = 10, pollMs = 20 }: { durationSec?: number; pollMs?: number } = {},
): Promise<HeavySearchResult> {
  const search = latencyRecorder();
  let searches = 0;
  let searchesNot200 = 0;
  const until = performance.now() + durationSec * 1000;

  const searching = (async () => {
    const body = heaviestSearchBody();
    while (performance.now() < until) {
      const t0 = performance.now();
      const status = await post(
        `${baseUrl}/api/search/1/indexes/*/queries`,
        { 'content-type': 'text/plain' },
        body,
      );
      search.recordSince(t0);
      searches++;
      if (status !== 200) searchesNot200++;
    }
  })();
  // The first search under way before the first poll.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const { latency: health, not200: healthNot200 } = await pollHealth(
    baseUrl,
    pollMs,
    () => performance.now() < until,
  );
  await searching;

  return {
    searches,
    searchesNot200,
    searchP50: search.percentile(50),
    searchMax: search.max,
    healthRequests: health.count,
    healthNot200,
    healthP50: health.percentile(50),
    healthP99: health.percentile(99),
    healthMax: health.max,
  };
}
