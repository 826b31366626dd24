/**
 * A stand-in for `algoliasearch/lite` in component tests. The real client speaks to its hosts
 * through Node's http module under Vitest, out of reach of a stubbed fetch, so tests replace the
 * module and answer the queries themselves:
 *
 *   vi.mock('algoliasearch/lite', () => import('../../../test/fake-search'));
 *   answerSearch((request) => ({ hits: [searchRecord({ name: 'Steel Mug' })], nbHits: 1 }));
 *
 * Requests come in both of the client's forms (InstantSearch sends `[{ indexName, params }]`,
 * code that calls the client sends `{ requests: [...] }`) and are recorded flattened. Answers
 * get the page fields and an Algolia-like `_highlightResult.name` filled in, marked with the
 * tags the request asked for.
 */
import type { ProductRecord, SearchConfigResponse } from '@storefront/shared/search';
import { mockFetch } from './render';

export interface FakeSearchRequest {
  indexName: string;
  query?: string;
  page?: number;
  hitsPerPage?: number;
  highlightPreTag?: string;
  highlightPostTag?: string;
  [parameter: string]: unknown;
}

export interface FakeSearchAnswer {
  hits: Partial<ProductRecord>[];
  /** Defaults to the number of hits. */
  nbHits?: number;
}

type Answerer = (request: FakeSearchRequest) => FakeSearchAnswer | Promise<FakeSearchAnswer>;

/** What GET /api/search/config answers by default: our own engine. */
export const SEARCH_CONFIG: SearchConfigResponse = {
  provider: 'postgres',
  indexName: 'product_index',
  appId: 'storefront',
  apiKey: 'public',
  path: '/api/search',
};

/** Stubs fetch to answer GET /api/search/config; returns the paths fetched. */
export function serveSearchConfig() {
  return mockFetch((url) =>
    url.pathname === '/api/search/config' ? { body: SEARCH_CONFIG } : undefined,
  );
}

let answerer: Answerer = () => ({ hits: [] });

/** Every request the fake client received, in order. */
export const searchRequests: FakeSearchRequest[] = [];
/** The arguments each `liteClient(...)` call received. */
export const liteClientCalls: unknown[][] = [];

/** Sets how the fake answers from now on, and forgets the requests so far. */
export function answerSearch(answer: Answerer): void {
  answerer = answer;
  searchRequests.length = 0;
  liteClientCalls.length = 0;
}

/** A promise with its resolve and reject in hand, for answers that arrive when a test says. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let counter = 0;

/** A record of product_index, as a hit carries it. */
export function searchRecord(overrides: Partial<ProductRecord> = {}): ProductRecord {
  counter += 1;
  const id = overrides.objectID ?? counter.toString(16).padStart(24, '0');
  const images = overrides.images ?? [`products/S-${id.slice(-4)}-1`];
  return {
    objectID: id,
    name: `Product ${id.slice(-4)}`,
    category: 'Home & Kitchen',
    subcategory: 'Drinkware',
    pd_brand: 'Apex',
    sp: 449,
    mrp: 699,
    imgUrl: images.map((src) => ({ src })),
    images,
    summary: 'A sturdy product for daily commercial use.',
    code: `S-${id.slice(-4)}`,
    skus: [`s-${id.slice(-4)}`],
    ...overrides,
  };
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Marks each query word found in the name, as the engine would. */
function highlight(name: string, request: FakeSearchRequest) {
  const words = (request.query ?? '').split(/\s+/).filter(Boolean);
  const pre = request.highlightPreTag ?? '<em>';
  const post = request.highlightPostTag ?? '</em>';
  const value = words.length
    ? name.replace(new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'gi'), `${pre}$1${post}`)
    : name;
  return { value, matchLevel: value === name ? 'none' : 'full', matchedWords: words };
}

type ClientInput =
  { indexName: string; params?: Record<string, unknown> }[] | { requests: FakeSearchRequest[] };

function flatten(input: ClientInput): FakeSearchRequest[] {
  const list = Array.isArray(input) ? input : input.requests;
  return list.map(({ params, ...rest }) => ({ ...rest, ...(params as object | undefined) }));
}

/** The engine's answer to a request, Algolia's shape with `answer`'s hits and count. */
export function engineAnswer(request: FakeSearchRequest, answer: FakeSearchAnswer) {
  const hitsPerPage = request.hitsPerPage ?? 20;
  const nbHits = answer.nbHits ?? answer.hits.length;
  return {
    hits: answer.hits.map((hit) => ({
      ...hit,
      _highlightResult: { name: highlight(hit.name ?? '', request) },
    })),
    nbHits,
    page: request.page ?? 0,
    nbPages: Math.ceil(nbHits / Math.max(hitsPerPage, 1)),
    hitsPerPage,
    query: request.query ?? '',
    params: '',
    processingTimeMS: 1,
    exhaustiveNbHits: true,
    index: request.indexName,
  };
}

async function respond(request: FakeSearchRequest) {
  return engineAnswer(request, await answerer(request));
}

/** The module's one export the app uses. */
export function liteClient(...args: unknown[]) {
  liteClientCalls.push(args);
  const search = async (input: ClientInput) => {
    const requests = flatten(input);
    searchRequests.push(...requests);
    return { results: await Promise.all(requests.map(respond)) };
  };
  return {
    appId: args[0],
    search,
    searchForHits: search,
    clearCache: async () => undefined,
  };
}
