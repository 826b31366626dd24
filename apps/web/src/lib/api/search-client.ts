/**
 * The browser's search client (docs/api-search.md §2, product decision #10): an `algoliasearch/lite`
 * client pointed at our server's /api/search, or at hosted Algolia, as GET /api/search/config
 * says. The search page hands it to react-instantsearch; the header's suggestions call it
 * directly. This module is the one place that imports algoliasearch, and the header imports it
 * only on demand, so the client stays out of the first page's JavaScript.
 */
import type { QueryClient } from '@tanstack/react-query';
import { liteClient, type LiteClient } from 'algoliasearch/lite';
import type { SearchConfigResponse } from '@storefront/shared/search';
import { searchConfigQueryOptions } from './get-search-config';

/** Spec §7: 1 s connect, 2 s read, 30 s write. Host down-status (2 min) is the client's own. */
export const SEARCH_TIMEOUTS = { connect: 1000, read: 2000, write: 30000 } as const;

const SERVER_RENDER_ORIGIN = { host: 'storefront.invalid', protocol: 'http:' };

export function createSearchClient(config: SearchConfigResponse): LiteClient {
  if (config.provider === 'algolia') {
    return liteClient(config.appId, config.apiKey, { timeouts: SEARCH_TIMEOUTS });
  }
  // The server's renderer makes a client too, but never searches with it: a page it renders
  // starts from the results inside the page (decision 070).
  const { host, protocol } = typeof location === 'undefined' ? SERVER_RENDER_ORIGIN : location;
  return liteClient(config.appId, config.apiKey, {
    hosts: [
      {
        url: `${host}${config.path}`,
        protocol: protocol === 'https:' ? 'https' : 'http',
        accept: 'readWrite',
      },
    ],
    timeouts: SEARCH_TIMEOUTS,
  });
}

/**
 * One client per config: the page and the header share it, and with it the client's response
 * cache and its record of hosts that are down. The config comes from the query cache, where
 * it never goes stale, so the same object (and client) comes back each time.
 */
const clients = new WeakMap<SearchConfigResponse, LiteClient>();

export function searchClientFor(config: SearchConfigResponse): LiteClient {
  let client = clients.get(config);
  if (!client) {
    client = createSearchClient(config);
    clients.set(config, client);
  }
  return client;
}

export interface SearchTarget {
  client: LiteClient;
  indexName: string;
}

/** The client and index, fetching the config first if nobody has yet. */
export async function loadSearchTarget(queryClient: QueryClient): Promise<SearchTarget> {
  const config = await queryClient.fetchQuery(searchConfigQueryOptions());
  return { client: searchClientFor(config), indexName: config.indexName };
}
