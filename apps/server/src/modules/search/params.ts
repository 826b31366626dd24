/**
 * Search parameters in every form Algolia's clients send them (issue 7): at the top level of a
 * request (algoliasearch v5), in a `params` object (InstantSearch's helper), or as a URL-encoded
 * `params` string whose arrays are JSON (algoliasearch v4). Known parameters are validated
 * strictly (a bad value is a 400 in Algolia's format); parameters we do not implement
 * (analytics, ruleContexts, ...) are accepted and ignored, as a client may always send them.
 * Every input that sets the work of a request is bounded (SEARCH_LIMITS, issue 17).
 */
import { PAGE_SIZE } from '@storefront/shared/constants';
import {
  SEARCH_FACETS,
  SEARCH_MAX_HITS_PER_PAGE,
  type SearchFacet,
} from '@storefront/shared/search';
import {
  and,
  checkSize,
  FILTER_LIMITS,
  listFilters,
  parseFilters,
  type FilterNode,
} from './filters.js';
import { badRequest } from './search-error.js';

/**
 * The bounds of one request (docs/api-search.md §3). What the web app asks: one query of 20
 * hits (5 for suggestions), two attribute lists of 1–3 names, no filters. InstantSearch asks
 * one query per widget (2–4 on a faceted page).
 */
export const SEARCH_LIMITS = {
  /** Queries of one multi-query. */
  queries: 10,
  hitsPerPage: SEARCH_MAX_HITS_PER_PAGE,
  /** No hit past this position is served; pages are counted up to it (Algolia's default). */
  paginationLimit: 1000,
  /** Algolia's: a longer query is an error, not silently cut (cutting could change it). */
  queryBytes: 512,
  filterLength: FILTER_LIMITS.length,
  filterNodes: FILTER_LIMITS.nodes,
  filterDepth: FILTER_LIMITS.depth,
  /** Names in `facets`, `attributesToRetrieve`, `attributesToHighlight`. */
  listItems: 100,
  /** A highlight tag is repeated at every match of every hit. */
  tagLength: 100,
  /** Arrays and objects nested in one parameter's value (Algolia's own nest 3 at most). */
  valueDepth: 5,
} as const;

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

const DEFAULT_MAX_VALUES_PER_FACET = 100;
const MAX_VALUES_PER_FACET = 1000;
const DEFAULT_MAX_FACET_HITS = 10;
const MAX_FACET_HITS = 100;

type Raw = Record<string, unknown>;

/** Whether `value` nests arrays or objects more than `levels` deep; stops looking there. */
function nestedDeeper(value: unknown, levels: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (levels === 0) return true;
  return Object.values(value).some((item) => nestedDeeper(item, levels - 1));
}

/**
 * The parameters of one request, whatever its form, as a flat object. Even a parameter we
 * ignore is echoed back (`params`), so none may nest deeper than SEARCH_LIMITS.valueDepth.
 */
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
  const collected = { ...rest, ...nested };
  for (const [name, value] of Object.entries(collected)) {
    if (nestedDeeper(value, SEARCH_LIMITS.valueDepth)) {
      throw badRequest(
        `Invalid value for ${name}: nested deeper than ${SEARCH_LIMITS.valueDepth} levels`,
      );
    }
  }
  return collected;
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

/** A query-like text, bounded in UTF-8 bytes as Algolia bounds `query`. */
function words(raw: Raw, name: string, what: string): string {
  const value = text(raw, name, '');
  if (Buffer.byteLength(value, 'utf8') > SEARCH_LIMITS.queryBytes) {
    throw badRequest(`${what} too long: the maximum is ${SEARCH_LIMITS.queryBytes} bytes`);
  }
  return value;
}

function tag(raw: Raw, name: string, fallback: string): string {
  const value = text(raw, name, fallback);
  if (value.length > SEARCH_LIMITS.tagLength) {
    throw badRequest(`Invalid value for ${name}: at most ${SEARCH_LIMITS.tagLength} characters`);
  }
  return value;
}

/**
 * A list parameter: an array, a JSON array in a string, or a comma-separated string; at most
 * SEARCH_LIMITS.listItems names.
 */
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
  if (items.length > SEARCH_LIMITS.listItems) {
    throw badRequest(`Invalid value for ${name}: at most ${SEARCH_LIMITS.listItems} items`);
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
  const query = words(raw, 'query', 'Query');
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
  if (filter) checkSize(filter);

  return {
    query,
    page: integer(raw, 'page', 0, 0, Number.MAX_SAFE_INTEGER),
    hitsPerPage: integer(raw, 'hitsPerPage', PAGE_SIZE, 0, SEARCH_LIMITS.hitsPerPage),
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
    highlightPreTag: tag(raw, 'highlightPreTag', '<em>'),
    highlightPostTag: tag(raw, 'highlightPostTag', '</em>'),
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
    facetQuery: words(raw, 'facetQuery', 'Facet query'),
    maxFacetHits: integer(raw, 'maxFacetHits', DEFAULT_MAX_FACET_HITS, 1, MAX_FACET_HITS),
  };
}
