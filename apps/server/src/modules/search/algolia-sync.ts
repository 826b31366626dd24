/**
 * Hosted-Algolia mode (SEARCH_PROVIDER=algolia, ARCHITECTURE.md "Search"): the database queues
 * every product change in `search_outbox` (triggers of migration 0002_search, coalesced per
 * product), and this worker pushes the queue to Algolia's REST batch API — `updateObject` for an
 * active product, `deleteObject` for one that is gone or no longer active (a draft or archived
 * product reaches no buyer, issue 20), `clear` first after a truncated
 * catalog. A row leaves the queue only after Algolia accepted it and only if it did not change
 * meanwhile, so a crash or an outage delays the index, never loses a change.
 * API: https://www.algolia.com/doc/rest-api/search/#tag/Records/operation/batch
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { loadRecords } from './service.js';

export interface AlgoliaSyncOptions {
  appId: string;
  adminKey: string;
  indexName: string;
  /** Base URLs tried in order; Algolia's write host then its fallbacks by default. */
  hosts?: string[];
  batchSize?: number;
  /** Pause between pushes once the queue is empty. */
  idleMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/** The index settings our records need: what is searchable in which order, what facets. */
export const ALGOLIA_SETTINGS = {
  // An exact code or SKU ranks first (decision 059): its attribute comes before the name.
  searchableAttributes: [
    'unordered(skus)',
    'name',
    'pd_brand,category,subcategory',
    'unordered(summary)',
  ],
  attributesForFaceting: [
    'searchable(category)',
    'searchable(subcategory)',
    'searchable(pd_brand)',
  ],
  attributesToHighlight: ['name', 'category', 'subcategory', 'pd_brand'],
  hitsPerPage: 20,
};

const MAX_BACKOFF_MS = 60_000;
/** A 4xx: every host would answer the same, so the next host is not tried. */
class PermanentError extends Error {}

export function defaultAlgoliaHosts(appId: string): string[] {
  return [
    `https://${appId}.algolia.net`,
    `https://${appId}-1.algolianet.com`,
    `https://${appId}-2.algolianet.com`,
    `https://${appId}-3.algolianet.com`,
  ];
}

export function createAlgoliaSync(db: Db, options: AlgoliaSyncOptions) {
  const hosts = options.hosts ?? defaultAlgoliaHosts(options.appId);
  const batchSize = options.batchSize ?? 1000;
  const idleMs = options.idleMs ?? 1000;
  const log = options.log ?? (() => {});
  const indexPath = `/1/indexes/${encodeURIComponent(options.indexName)}`;

  /** One call, tried on each host in turn on network errors and 5xx (Algolia's retry rule). */
  async function call(method: 'POST' | 'PUT', path: string, body: unknown): Promise<unknown> {
    let lastError: unknown;
    for (const host of hosts) {
      try {
        const response = await fetch(`${host}${path}`, {
          method,
          headers: {
            'content-type': 'application/json',
            'x-algolia-application-id': options.appId,
            'x-algolia-api-key': options.adminKey,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        if (response.ok) return text ? (JSON.parse(text) as unknown) : {};
        const error = new Error(`Algolia ${method} ${path}: ${response.status} ${text}`);
        if (response.status < 500) throw new PermanentError(error.message);
        lastError = error;
      } catch (error) {
        if (error instanceof PermanentError) throw error;
        lastError = error;
      }
    }
    throw lastError;
  }

  /**
   * Turns the queue on. The first time (or after the mode was off) the whole catalog is
   * queued, behind a clear of the index, so the hosted index starts equal to the database.
   */
  async function enable(): Promise<void> {
    await db.transaction(async (tx) => {
      const inserted = await tx.execute(
        sql`INSERT INTO search_sync (target) VALUES ('algolia') ON CONFLICT DO NOTHING
            RETURNING target`,
      );
      if (inserted.rows.length === 0) return;
      await tx.execute(
        sql`INSERT INTO search_outbox (product_id)
            SELECT '*' UNION ALL SELECT id FROM products WHERE status = 'active'
            ON CONFLICT (product_id) DO UPDATE SET changed_at = now()`,
      );
    });
  }

  /** Postgres mode: stop queueing and forget what was queued. */
  async function disable(): Promise<void> {
    await db.execute(sql`DELETE FROM search_sync`);
    await db.execute(sql`DELETE FROM search_outbox`);
  }

  async function pushSettings(): Promise<void> {
    await call('PUT', `${indexPath}/settings`, ALGOLIA_SETTINGS);
  }

  /** Pushes one batch of the queue; returns how many queued changes it settled. */
  async function pushOnce(): Promise<number> {
    const queued = (
      await db.execute(
        sql`SELECT product_id, changed_at::text AS changed_at FROM search_outbox
             ORDER BY (product_id = '*') DESC, changed_at, product_id LIMIT ${batchSize}`,
      )
    ).rows as { product_id: string; changed_at: string }[];
    if (queued.length === 0) return 0;

    if (queued.some((row) => row.product_id === '*')) {
      await call('POST', `${indexPath}/clear`, {});
    }
    const ids = queued.map((row) => row.product_id).filter((id) => id !== '*');
    const records = await loadRecords(db, ids);
    const present = new Set(records.map((r) => r.objectID));
    const requests = [
      ...records.map((body) => ({ action: 'updateObject', body })),
      ...ids
        .filter((id) => !present.has(id))
        .map((objectID) => ({ action: 'deleteObject', body: { objectID } })),
    ];
    if (requests.length > 0) await call('POST', `${indexPath}/batch`, { requests });

    await db.execute(
      sql`DELETE FROM search_outbox o
           USING (SELECT * FROM unnest(
                    ARRAY[${sql.join(
                      queued.map((r) => sql`${r.product_id}`),
                      sql`, `,
                    )}]::text[],
                    ARRAY[${sql.join(
                      queued.map((r) => sql`${r.changed_at}`),
                      sql`, `,
                    )}]::timestamptz[])
                  AS done(product_id, changed_at)) done
           WHERE o.product_id = done.product_id AND o.changed_at = done.changed_at`,
    );
    return queued.length;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  async function loop(backoff: number): Promise<void> {
    let next = idleMs;
    try {
      while (!stopped && (await pushOnce()) > 0);
    } catch (error) {
      next = Math.min(Math.max(backoff * 2, idleMs), MAX_BACKOFF_MS);
      log('search: push to Algolia failed; will retry', error);
    }
    if (stopped) return;
    timer = setTimeout(() => {
      running = loop(next === idleMs ? 0 : next);
    }, next);
    timer.unref();
  }

  return {
    enable,
    disable,
    pushSettings,
    pushOnce,
    /** Pushes the settings, then the queue, then keeps pushing what the database queues. */
    start(): void {
      if (!stopped) return;
      stopped = false;
      running = pushSettings()
        .catch((error: unknown) => log('search: could not push Algolia settings', error))
        .then(() => loop(0));
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type AlgoliaSync = ReturnType<typeof createAlgoliaSync>;
