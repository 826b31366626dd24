/**
 * The Algolia-compatible search endpoint (product decision #10): `/api/search` is a search host for
 * any Algolia client — `liteClient(appId, apiKey, {hosts: [{url: '<host>/api/search'}]})` —
 * serving the index `product_index`. Requests and errors follow Algolia's REST API: clients
 * send JSON as text/plain (no CORS preflight), keys and agent in headers or the query string
 * (accepted and ignored: the index is public, like a search-only key), and errors answer
 * `{message, status}`. Like Algolia, it accepts and ignores the parameters it does not implement
 * (the official clients send many), in the query string and the body: its schemas are loose.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEARCH_API_PATH, SEARCH_INDEX } from '@storefront/shared/constants';
import { SearchConfigResponse } from '@storefront/shared/search';
import type { ModuleContext } from '../../module-context.js';
import { databaseUnavailable, STATEMENT_TIMEOUT_RETRY_AFTER_S } from '../../db/connect.js';
import { mapLimited } from '../../lib/map-limited.js';
import {
  collectParams,
  parseFacetSearch,
  parseSearchParams,
  SEARCH_LIMITS,
  type SearchParams,
} from './params.js';
import { SearchError, badRequest } from './search-error.js';
import {
  searchFacetValues,
  searchIndex,
  type FacetSearchResult,
  type SearchResult,
} from './service.js';

type Raw = Record<string, unknown>;

const IndexParams = z.object({ index: z.string() });
/** `x-algolia-agent` and the keys, or a GET's search parameters (read by collectParams). */
const AlgoliaQuery = z.looseObject({});
const SearchBody = z.record(z.string(), z.unknown()).optional();
const MultiQueryBody = z.looseObject({
  requests: z
    .array(z.record(z.string(), z.unknown()))
    .min(1)
    .max(
      SEARCH_LIMITS.queries,
      `Too many queries: the maximum is ${SEARCH_LIMITS.queries} per request`,
    ),
  strategy: z.enum(['none', 'stopIfEnoughMatches']).optional(),
});

function checkIndex(index: string): void {
  if (index !== SEARCH_INDEX) throw new SearchError(404, 'Index does not exist');
}

/** Algolia's clients send JSON under any content type; a form body carries `params=...`. */
function parseBody(request: FastifyRequest, body: string): unknown {
  if (body.trim() === '') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return Object.fromEntries(new URLSearchParams(body));
    }
    throw badRequest('Invalid JSON in the request body');
  }
}

/**
 * The queries of one multi-query run at most this many at a time: the web app's pages send 1–4,
 * and ten at once (the limit) held all ten of a PostgreSQL pool's connections, so that
 * `/api/health`'s `SELECT 1` and every other request waited for one (p99 77 ms under the
 * heaviest search, issue 18's bench).
 */
const MULTI_QUERY_CONCURRENCY = 2;

export function searchRoutes({ db, config }: ModuleContext) {
  /** Parses one request of a multi-query; the returned function runs it. */
  function prepare(request: Raw): () => Promise<SearchResult | FacetSearchResult> {
    if (typeof request.indexName !== 'string') throw badRequest('Missing indexName');
    checkIndex(request.indexName);
    const raw = collectParams(request);
    const params: SearchParams = parseSearchParams(raw);
    if (request.type === 'facet') {
      const facetSearch = parseFacetSearch(raw);
      return () => searchFacetValues(db, params, facetSearch);
    }
    return () => searchIndex(db, params);
  }

  const routes = async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['search'];

    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
      try {
        done(null, parseBody(request, body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });

    app.setErrorHandler((error: FastifyError, request, reply: FastifyReply) => {
      if (error instanceof SearchError) {
        return reply.status(error.status).send({ message: error.message, status: error.status });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issue = error.validation[0];
        const where = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        const message = `Invalid ${where}: ${issue?.message ?? 'bad value'}`;
        return reply.status(400).send({ message, status: 400 });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ message: error.message, status });
      }
      const unavailable = databaseUnavailable(error);
      if (unavailable) {
        request.log.warn({ err: error }, `search: database ${unavailable}`);
        const message =
          unavailable === 'timeout'
            ? 'The search took too long; try again shortly'
            : 'The search is restarting; try again shortly';
        return reply
          .status(503)
          .header('retry-after', String(STATEMENT_TIMEOUT_RETRY_AFTER_S))
          .send({ message, status: 503 });
      }
      request.log.error({ err: error }, 'search failed');
      return reply.status(500).send({ message: 'Internal error', status: 500 });
    });

    const noRoute = (request: FastifyRequest, reply: FastifyReply) =>
      reply.status(404).send({
        message: `No route for ${request.method} ${request.url.split('?')[0]}`,
        status: 404,
      });
    app.setNotFoundHandler(noRoute);
    // The pages' catch-all GET (web-app/routes.ts) would otherwise answer this prefix's unknown
    // paths in the app's error shape; a more specific wildcard keeps Algolia's.
    app.get('/*', { schema: { hide: true } }, noRoute);

    app.post(
      '/1/indexes/:index/queries',
      {
        schema: {
          tags,
          summary: 'Algolia multi-query: several searches in one request (index "*")',
          params: IndexParams,
          querystring: AlgoliaQuery,
          body: MultiQueryBody,
        },
      },
      async (request) => {
        if (request.params.index !== '*') throw new SearchError(404, 'Not found');
        // Every request is parsed before any runs, so one bad request fails the whole call.
        const prepared = request.body.requests.map((r) => ({
          index: r.indexName,
          run: prepare(r),
        }));
        const results = await mapLimited(
          prepared,
          MULTI_QUERY_CONCURRENCY,
          async ({ index, run }) => ({
            ...(await run()),
            index,
          }),
        );
        return { results };
      },
    );

    app.post(
      '/1/indexes/:index/query',
      {
        schema: {
          tags,
          summary: 'Algolia search in one index',
          params: IndexParams,
          querystring: AlgoliaQuery,
          body: SearchBody,
        },
      },
      async (request) => {
        checkIndex(request.params.index);
        return searchIndex(db, parseSearchParams(collectParams(request.body ?? {})));
      },
    );

    app.get(
      '/1/indexes/:index',
      {
        schema: {
          tags,
          summary: 'Algolia search in one index with the parameters in the query string',
          params: IndexParams,
          querystring: AlgoliaQuery,
        },
      },
      async (request) => {
        checkIndex(request.params.index);
        return searchIndex(db, parseSearchParams(collectParams(request.query)));
      },
    );

    app.post(
      '/1/indexes/:index/facets/:facet/query',
      {
        schema: {
          tags,
          summary: 'Algolia search for facet values',
          params: z.object({ index: z.string(), facet: z.string() }),
          querystring: AlgoliaQuery,
          body: SearchBody,
        },
      },
      async (request) => {
        checkIndex(request.params.index);
        const raw = collectParams(request.body ?? {});
        return searchFacetValues(
          db,
          parseSearchParams(raw),
          parseFacetSearch(raw, request.params.facet),
        );
      },
    );

    app.get(
      '/config',
      {
        schema: {
          tags,
          summary: 'Which search engine, index and public keys the web app uses',
          response: { 200: SearchConfigResponse },
        },
      },
      async (): Promise<SearchConfigResponse> =>
        config.search.provider === 'algolia'
          ? {
              provider: 'algolia',
              indexName: SEARCH_INDEX,
              appId: config.search.algoliaAppId!,
              apiKey: config.search.algoliaSearchKey!,
            }
          : {
              provider: 'postgres',
              indexName: SEARCH_INDEX,
              appId: 'storefront',
              apiKey: 'public',
              path: SEARCH_API_PATH,
            },
    );
  };

  return async (fastify: FastifyInstance) => {
    await fastify.register(routes, { prefix: SEARCH_API_PATH });
  };
}
