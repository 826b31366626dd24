/**
 * What an operator watches (issue 23, decision 063): Prometheus metrics in one registry per app,
 * answered at `/metrics` to a scraper holding METRICS_TOKEN (modules/health/routes.ts). Request
 * rate and latency are counted as requests end; everything else is read when scraped (the
 * database's statement clock, the response caches' lookups, the password-hashing queue, the
 * workers' backlogs), so a request pays for one histogram observation and nothing more.
 */
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
} from 'prom-client';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, DbOrTx } from '../db/connect.js';
import type { StatementClock } from '../db/statement-clock.js';
import { hashingQueue } from './password.js';
import type { ResponseCache } from './response-cache.js';

/** A worker's backlog: the items due and not yet handled, and how long the oldest has waited. */
export interface Backlog {
  depth: number;
  oldestSeconds: number;
}

/** Reads a worker's backlog from the database when scraped. */
export type BacklogProbe = () => Promise<Backlog>;

/** Reads a thread's heap when scraped (undefined while the thread is being restarted). */
export type ThreadHeapProbe = NonNullable<Database['threadHeap']>;

/**
 * A backlog in one statement: the rows `from` (a FROM and WHERE clause) selects, and how long
 * ago the earliest of them fell due (`due`, a timestamp expression), as of `now`.
 */
export async function backlogOf(db: DbOrTx, from: SQL, due: SQL, now: Date): Promise<Backlog> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    SELECT count(*)::int AS depth,
           coalesce(extract(epoch FROM ${at} - min(${due})), 0)::float8 AS oldest_seconds
      ${from}`);
  const row = result.rows[0] as { depth: number; oldest_seconds: number };
  return { depth: row.depth, oldestSeconds: Math.max(0, row.oldest_seconds) };
}

export class Metrics {
  readonly registry = new Registry();
  readonly #caches = new Map<string, ResponseCache>();
  readonly #queues = new Map<string, BacklogProbe>();
  readonly #threads = new Map<string, ThreadHeapProbe>();

  readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, and the time to answer them',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** A gateway's result (a callback or a status answer) and what the store made of it. */
  readonly paymentResults = new Counter({
    name: 'storefront_payment_results_total',
    help: 'Payment gateway results by provider, state and outcome (applied, duplicate, flagged, refund_due, unchanged, pending)',
    labelNames: ['provider', 'state', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor(statements: StatementClock) {
    const caches = this.#caches;
    const backlogs = () => this.#backlogs();
    this.#pulled({
      name: 'storefront_db_statements_total',
      help: 'SQL statements this process ran',
      collect() {
        this.reset();
        this.inc(statements.count);
      },
    });
    this.#pulled({
      name: 'storefront_db_statement_seconds_total',
      help: 'Time from sending SQL statements to their answers, summed',
      collect() {
        this.reset();
        this.inc(statements.seconds);
      },
    });
    this.#pulled({
      name: 'storefront_response_cache_lookups_total',
      help: 'Cached catalog reads by cache and result (hit, miss)',
      labelNames: ['cache', 'result'],
      collect() {
        this.reset();
        for (const [name, cache] of caches) {
          this.inc({ cache: name, result: 'hit' }, cache.hits);
          this.inc({ cache: name, result: 'miss' }, cache.misses);
        }
      },
    });
    this.#pulled({
      name: 'storefront_password_hashes_total',
      help: 'Password derivations done (one at a time, lib/password.ts)',
      collect() {
        this.reset();
        this.inc(hashingQueue.done);
      },
    });
    this.#pulled({
      name: 'storefront_password_hash_wait_seconds_total',
      help: 'Time password derivations waited for their turn, summed',
      collect() {
        this.reset();
        this.inc(hashingQueue.waitedSeconds);
      },
    });
    new Gauge({
      name: 'storefront_password_hash_queue',
      help: 'Password derivations waiting for their turn now',
      registers: [this.registry],
      collect() {
        this.set(hashingQueue.waiting);
      },
    });
    new Gauge({
      name: 'storefront_worker_queue_depth',
      help: 'Items due for a background worker and not yet handled',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [queue, backlog] of await backlogs()) this.set({ queue }, backlog.depth);
      },
    });
    new Gauge({
      name: 'storefront_worker_queue_lag_seconds',
      help: 'How long the oldest item due for a background worker has waited',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [queue, backlog] of await backlogs()) this.set({ queue }, backlog.oldestSeconds);
      },
    });
    new Gauge({
      name: 'storefront_response_cache_size',
      help: 'What each response cache keeps: its entries, and the bytes they are counted at against its limit (bytes_limit)',
      labelNames: ['cache', 'kind'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [name, cache] of caches) {
          this.set({ cache: name, kind: 'entries' }, cache.size);
          this.set({ cache: name, kind: 'bytes' }, cache.bytes);
          this.set({ cache: name, kind: 'bytes_limit' }, cache.limits.maxBytes);
        }
      },
    });
    const threads = this.#threads;
    new Gauge({
      name: 'storefront_thread_heap_bytes',
      help: "A thread's heap: used and total of V8's heap, and external memory (buffers; PGlite's WebAssembly memory at its whole size)",
      labelNames: ['thread', 'kind'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [thread, probe] of threads) {
          const heap = await probe();
          if (!heap) continue;
          this.set({ thread, kind: 'used' }, heap.used_heap_size);
          this.set({ thread, kind: 'total' }, heap.total_heap_size);
          this.set({ thread, kind: 'external' }, heap.external_memory);
        }
      },
    });
  }

  #reading: Promise<Map<string, Backlog>> | undefined;

  /**
   * Every queue's backlog, read once for both gauges of a scrape: the registry collects all its
   * metrics at once, so the second gauge finds the first's reading in flight.
   */
  #backlogs(): Promise<Map<string, Backlog>> {
    this.#reading ??= Promise.all(
      [...this.#queues].map(async ([queue, probe]) => [queue, await probe()] as const),
    )
      .then((entries) => new Map(entries))
      .finally(() => (this.#reading = undefined));
    return this.#reading;
  }

  /** A counter whose value is read from elsewhere when scraped. */
  #pulled<L extends string>(configuration: Omit<CounterConfiguration<L>, 'registers'>) {
    new Counter({ ...configuration, registers: [this.registry] });
  }

  /** Counts `cache`'s lookups as `name`. */
  addCache(name: string, cache: ResponseCache): void {
    this.#caches.set(name, cache);
  }

  /** Reports a worker's backlog as `queue`. */
  addQueue(queue: string, probe: BacklogProbe): void {
    this.#queues.set(queue, probe);
  }

  /** Reports the heap of a thread of this process as `thread`. */
  addThread(thread: string, probe: ThreadHeapProbe): void {
    this.#threads.set(thread, probe);
  }

  /** The process's own (CPU, memory, event-loop delay, handles), for a process that is scraped. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Observes every request's route, status and time as it ends. */
  countRequests(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      this.requestDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }
}
