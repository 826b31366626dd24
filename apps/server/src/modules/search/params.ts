/**
 * Search parameters in every form Algolia's clients send them (issue 7): at the top level of a
 * request (algoliasearch v5), in a `params` object (InstantSearch's helper), or as a URL-encoded
 * `params` string whose arrays are JSON (algoliasearch v4). Known parameters are validated
 * strictly (a bad value is a 400 in Algolia's format); parameters we do not implement
 * (analytics, ruleContexts, ...) are accepted and ignored, as a client may always send them.
 */
import { PAGE_SIZE } from '@storefront/shared/constants';
import {
  SEARCH_FACETS,
  SEARCH_MAX_HITS_PER_PAGE,
  type SearchFacet,
} from '@storefront/shared/search';
import { and, listFilters, parseFilters, type FilterNode } from './filters.js';
import { badRequest } from './search-error.js';

export type QueryType = 'prefixLast' | 'prefixAll' | 'prefixNone';

export interface SearchParams {
  query: string;
  /** Zero-based, as in Algolia. */
  page: number;
  hitsPerPage: number;
  facets: SearchFacet[];
  maxValuesPerFacet: number;
  filter: FilterNode | undefined;
  queryType: QueryType;
  typoTolerance: boolean;
  highlightPreTag: string;
  highlightPostTag: string;
  /** undefined: every attribute. */
  attributesToRetrieve: string[] | undefined;
  attributesToHighlight: string[] | undefined;
  clickAnalytics: boolean;
  /** The request's parameters, URL-encoded, as Algolia echoes them in `params`. */
  echo: string;
}

/** A `type: 'facet'` request of a multi-query: search for facet values. */
export interface FacetSearch {
  facet: SearchFacet;
  facetQuery: string;
  maxFacetHits: number;
}

/** Algolia's hard limit: a longer query is an error, not silently cut (it could change the meaning). */
const MAX_QUERY_BYTES = 512;
const DEFAULT_MAX_VALUES_PER_FACET = 100;
const MAX_VALUES_PER_FACET = 1000;
const DEFAULT_MAX_FACET_HITS = 10;
const MAX_FACET_HITS = 100;

type Raw = Record<string, unknown>;

/** The parameters of one request, whatever its form, as a flat object. */
export function collectParams(request: Raw): Raw {
  const { params, ...rest } = request;
  delete rest.indexName;
  delete rest.type;
  let nested: Raw = {};
  if (typeof params === 'string') {
    nested = Object.fromEntries(new URLSearchParams(params));
  } else if (params && typeof params === 'object' && !Array.isArray(params)) {
    nested = params as Raw;
  } else if (params !== undefined) {
    throw badRequest('Invalid params: expected a URL-encoded string or an object');
  }
  return { ...rest, ...nested };
}

function integer(raw: Raw, name: string, fallback: number, min: number, max: number): number {
  const value = raw[name];
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isInteger(n)) throw badRequest(`Invalid value for ${name}: expected an integer`);
  if (n < min) throw badRequest(`Invalid value for ${name}: must be at least ${min}`);
  if (n > max) throw badRequest(`Value too big for parameter ${name}: maximum is ${max}`);
  return n;
}

function boolean(raw: Raw, name: string, fallback: boolean): boolean {
  const value = raw[name];
  if (value === undefined || value === '') return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw badRequest(`Invalid value for ${name}: expected a boolean`);
}

function text(raw: Raw, name: string, fallback: string): string {
  const value = raw[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'string') throw badRequest(`Invalid value for ${name}: expected a string`);
  return value;
}

/** A list parameter: an array, a JSON array in a string, or a comma-separated string. */
function list(raw: Raw, name: string): string[] | undefined {
  const value = raw[name];
  if (value === undefined || value === '') return undefined;
  let items: unknown = value;
  if (typeof value === 'string') {
    if (value.trim().startsWith('[')) {
      try {
        items = JSON.parse(value);
      } catch {
        throw badRequest(`Invalid value for ${name}: not a JSON array`);
      }
    } else {
      items = value.split(',').map((s) => s.trim());
    }
  }
  if (!Array.isArray(items) || !items.every((i) => typeof i === 'string')) {
    throw badRequest(`Invalid value for ${name}: expected a list of strings`);
  }
  return items;
}

function facetName(name: string): SearchFacet | undefined {
  return (SEARCH_FACETS as readonly string[]).includes(name) ? (name as SearchFacet) : undefined;
}

function echo(raw: Raw): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return search.toString();
}

export function parseSearchParams(raw: Raw): SearchParams {
  const query = text(raw, 'query', '');
  if (Buffer.byteLength(query, 'utf8') > MAX_QUERY_BYTES) {
    throw badRequest(`Query too long: the maximum is ${MAX_QUERY_BYTES} bytes`);
  }
  const queryType = text(raw, 'queryType', 'prefixLast');
  if (queryType !== 'prefixLast' && queryType !== 'prefixAll' && queryType !== 'prefixNone') {
    throw badRequest('Invalid value for queryType: expected prefixLast, prefixAll or prefixNone');
  }
  const typo = raw.typoTolerance;
  // 'min' and 'strict' narrow Algolia's tolerance; ours corrects only unknown words anyway.
  const typoTolerance =
    typo === 'min' || typo === 'strict' ? true : boolean(raw, 'typoTolerance', true);

  const requestedFacets = list(raw, 'facets') ?? [];
  const facets = requestedFacets.includes('*')
    ? [...SEARCH_FACETS]
    : // Algolia ignores facets it was not configured for; so do we.
      [...new Set(requestedFacets.flatMap((f) => facetName(f) ?? []))];

  const filters = raw.filters;
  if (filters !== undefined && typeof filters !== 'string') {
    throw badRequest('Invalid value for filters: expected a string');
  }
  const filter = and(
    [
      parseFilters(filters ?? ''),
      listFilters(raw.facetFilters, 'facetFilters'),
      listFilters(raw.numericFilters, 'numericFilters'),
    ].filter((f): f is FilterNode => f !== undefined),
  );

  return {
    query,
    page: integer(raw, 'page', 0, 0, Number.MAX_SAFE_INTEGER),
    hitsPerPage: integer(raw, 'hitsPerPage', PAGE_SIZE, 0, SEARCH_MAX_HITS_PER_PAGE),
    facets,
    maxValuesPerFacet: integer(
      raw,
      'maxValuesPerFacet',
      DEFAULT_MAX_VALUES_PER_FACET,
      0,
      MAX_VALUES_PER_FACET,
    ),
    filter,
    queryType,
    typoTolerance,
    highlightPreTag: text(raw, 'highlightPreTag', '<em>'),
    highlightPostTag: text(raw, 'highlightPostTag', '</em>'),
    attributesToRetrieve: list(raw, 'attributesToRetrieve'),
    attributesToHighlight: list(raw, 'attributesToHighlight'),
    clickAnalytics: boolean(raw, 'clickAnalytics', false),
    echo: echo(raw),
  };
}

export function parseFacetSearch(raw: Raw, facetInPath?: string): FacetSearch {
  const name = facetInPath ?? raw.facet ?? raw.facetName;
  if (typeof name !== 'string') throw badRequest('Missing facet name');
  const facet = facetName(name);
  if (!facet) {
    throw badRequest(`Cannot search in "${name}": the facet is not searchable`);
  }
  return {
    facet,
    facetQuery: text(raw, 'facetQuery', ''),
    maxFacetHits: integer(raw, 'maxFacetHits', DEFAULT_MAX_FACET_HITS, 1, MAX_FACET_HITS),
  };
}
