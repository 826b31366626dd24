/**
 * One database layer over two engines: PGlite (embedded, under DATA_DIR/pgdata) when no
 * DATABASE_URL is set, PostgreSQL otherwise. Same schema, same migrations, same queries.
 */
import { join } from 'node:path';
import type { HeapInfo } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { repoRoot } from '../config.js';
import { queryCounter } from '../lib/query-counter.js';
import { PgliteThread, unavailable, type PgliteThreadOptions } from './pglite-thread.js';
import { MAX_PREPARED_STATEMENTS, prepareStatements } from './prepared.js';
import { schema } from './schema.js';
import { StatementClock } from './statement-clock.js';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction of `Db`: what `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a query may run: the database, or inside a transaction already open. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe when already applied and across concurrent starts. */
  migrate(): Promise<void>;
  /**
   * Calls `listener` whenever a catalog table changes (the 'catalog_changed' notification of
   * migration 0003, its payload the table's name), and after a lost listening connection, when
   * changes may have been missed (payload ''). Answers a function that stops listening.
   */
  onCatalogChange(listener: (payload: string) => void): Promise<() => Promise<void>>;
  /** Answers when the database can take work; throws a class-57 error when it cannot. */
  check(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite on disk only: copies the data directory into `into` between two units of work, a
   * copy PGlite starts from as it was (cli/backup.ts). PostgreSQL is backed up with its own
   * pg_dump (docs/deploy.md).
   */
  copyDataDir?(into: string): Promise<void>;
  /** The statements this process sent and their time (lib/metrics.ts). */
  statements: StatementClock;
  /** PGlite only: the heap of the thread it runs in (lib/metrics.ts). */
  threadHeap?(): Promise<HeapInfo | undefined>;
}

export const CATALOG_CHANNEL = 'catalog_changed';

export const migrationsFolder = join(repoRoot, 'apps', 'server', 'src', 'db', 'migrations');
/**
 * How long a prepared statement's plan is kept. After five executions PostgreSQL caches a
 * generic plan, made for the tables' sizes at that moment, and replans only when something
 * invalidates it, on PostgreSQL autovacuum's ANALYZE as a table grows. PGlite has no
 * autovacuum: a plan made while a table was small stayed for good. An import's read of its
 * batch's stored products, planned as a sequential scan at 2,500 products, took 6 ms → 2.1 s a
 * batch by 70,000 (decision 062). Prepared again after a minute, a shape is planned for the
 * tables as they are now, at the cost of one parse and five custom plans a minute.
 */
export const PLAN_MAX_AGE_MS = 60_000;

/** Arbitrary constant: the advisory lock that serialises migrations between replicas. */
export const MIGRATION_LOCK = 727_2026;

/**
 * PGlite's shared buffers live in the server's own memory (the WASM heap, which never shrinks):
 * PostgreSQL's default 128 MB is allocated at start. 16 MB holds the hot catalog pages; the rest
 * is read through the operating system's file cache. Against 32 MB it keeps the peak RSS under
 * the bench's load at ~277 instead of ~310 MB (budget 300), for cold category pages ~8 % slower
 * on average. 8 MB took 8 MB more off for another ~6 % of the cold category page (bench/README,
 * "PGlite's shared buffers at 8 MB"). Lowering work_mem, temp_buffers, wal_buffers and
 * maintenance_work_mem as well saved nothing measurable under load (decision 034).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * PGlite at `dataPath`, or in memory when `dataPath` is undefined (tests), in a thread of its
 * own (pglite-thread.ts, decision 042). `loadDataDir`, a data directory saved by PGlite's
 * `dumpDataDir`, is started from instead of a new one: the tests' migrated template, which saves
 * each test file initdb and the migrations (decision 041). A statement (or open transaction)
 * unmoved for `statementTimeoutMs` is cut and the thread restarted (0: never).
 */
export async function connectPglite(
  dataPath: string | undefined,
  options: Pick<PgliteThreadOptions, 'loadDataDir' | 'onRestart'> &
    Partial<Pick<PgliteThreadOptions, 'statementTimeoutMs' | 'planMaxAgeMs'>> = {},
): Promise<Database & { client: PgliteThread }> {
  const statements = new StatementClock();
  const client = await PgliteThread.start({
    dataDir: dataPath,
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    statementTimeoutMs: options.statementTimeoutMs ?? 0,
    maxPrepared: MAX_PREPARED_STATEMENTS,
    planMaxAgeMs: options.planMaxAgeMs ?? PLAN_MAX_AGE_MS,
    onRestart: options.onRestart,
    statementClock: statements,
  });
  const db = drizzlePglite(client as never, { schema, logger: queryCounter }) as unknown as Db;
  return {
    db,
    client,
    kind: 'pglite',
    statements,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async onCatalogChange(listener) {
      return client.listen(CATALOG_CHANNEL, listener);
    },
    async check() {
      // The thread's state, not a statement: a statement would wait its turn behind a long
      // search, and a thread stuck for longer than the budget is restarted anyway.
      if (client.status !== 'ready') throw unavailable();
    },
    close: () => client.close(),
    threadHeap: () => client.heapStatistics(),
    ...(dataPath ? { copyDataDir: (into: string) => client.copyDataDir(into) } : {}),
  };
}

/**
 * How long one statement may run (issue 17; on PGlite issue 18): a search or any other
 * request's statement running longer is cancelled — by PostgreSQL itself, which frees its
 * connection, or by PGlite's watchdog, which restarts its thread — and the request answers 503.
 * Above the longest lock wait a request chooses (a checkout waits 5 s for a duplicate's, orders'
 * ORDER_LOCK_TIMEOUT_MS), so that one is answered by its own rule; a search takes milliseconds.
 */
export const STATEMENT_TIMEOUT_MS = 10_000;
/** The Retry-After of a request the database could not serve (a statement cut, a restart). */
export const STATEMENT_TIMEOUT_RETRY_AFTER_S = 5;

/**
 * Why the database could not serve `error`'s request, if it is one of PostgreSQL's class 57
 * (operator intervention: a statement cancelled at its timeout, a connection ended by a restart
 * or a crash, a database still starting) or a connection lost — looking through what wraps it,
 * as drizzle wraps the driver's errors. Such a request is answered 503: the server is busy or
 * restarting, not broken.
 */
export function databaseUnavailable(error: unknown): 'timeout' | 'unavailable' | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '57014') return 'timeout';
    if (typeof code === 'string' && code.startsWith('57')) return 'unavailable';
    if (code === undefined && CONNECTION_LOST.test(e.message)) return 'unavailable';
  }
  return undefined;
}

/**
 * node-postgres's errors for a connection lost mid-request, which carry no SQLSTATE: the
 * statement's own when the server went away under it, and the next one's on that client.
 */
const CONNECTION_LOST =
  /^Connection terminated unexpectedly$|^Client has encountered a connection error and is not queryable$/;

/**
 * PostgreSQL through a pool of `poolSize` connections, each with `statementTimeoutMs` (0: none,
 * for maintenance such as a large seed, whose index rebuild runs for minutes).
 */
export function connectPostgres(
  url: string,
  poolSize = 10,
  statementTimeoutMs = STATEMENT_TIMEOUT_MS,
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Startup parameters: every connection has them from its first statement, no extra round trip.
    statement_timeout: statementTimeoutMs,
    // No JIT (decision 069): a list's index probes cost enough in the planner's estimate to be
    // compiled, 25 ms of LLVM on every call, for statements that run in a few milliseconds.
    options: '-c jit=off',
    // Connections stay open when idle: pg-pool's idle timeout (10 s by default) arms a timer at
    // every release and clears it at the next checkout, ~6% of the event loop's time on a
    // category page's miss (bench/README.md, "The category page's tail"), to close connections
    // a server of at most `poolSize` would open again at its next busy moment.
    idleTimeoutMillis: 0,
  });
  // A lost connection (PostgreSQL restarted, a backend terminated) must not crash the process.
  // An idle client's error reaches the pool, which replaces it; a client checked out between
  // statements (inside a transaction) emits its own, with no listener unless given one here:
  // its request then fails on the next statement and the pool discards it on release.
  pool.on('error', () => {});
  prepareStatements(pool);
  const statements = new StatementClock();
  pool.on('connect', (client) => {
    client.on('error', () => {});
    statements.instrument(client);
  });
  const db = drizzlePg(pool, { schema, logger: queryCounter });
  return {
    db,
    kind: 'postgres',
    statements,
    async migrate() {
      const client = await pool.connect();
      try {
        // Waiting for another replica's migrations, and a migration itself, may take minutes.
        await client.query('SET statement_timeout = 0');
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        // Back to the connection's own timeout before the pool hands it to a request.
        await client.query('RESET statement_timeout').catch(() => {});
        client.release();
      }
    },
    onCatalogChange: (listener) => listenPostgres(url, listener),
    async check() {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}

/**
 * A dedicated connection LISTENing on the catalog channel, reconnecting after a loss every second
 * until it is back (PostgreSQL restarting takes longer than one try).
 */
async function listenPostgres(
  url: string,
  listener: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const reconnectSoon = () => {
    retry = setTimeout(() => void connect().catch(reconnectSoon), 1000);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => listener(message.payload ?? ''));
    next.on('error', () => {
      // A connection that failed to start is retried by the caller of connect().
      if (stopped || client !== next) return;
      next.end().catch(() => {});
      // Changes may have been missed while disconnected.
      listener('');
      reconnectSoon();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOG_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * The configured database. On PostgreSQL, `statementTimeoutMs` bounds each statement: the
 * server passes STATEMENT_TIMEOUT_MS; maintenance commands pass none (the seed's index rebuild
 * alone runs past 10 s from ~30,000 products).
 */
export async function connectDatabase(
  config: { databaseUrl: string | undefined; dataDir: string },
  options: { statementTimeoutMs?: number } & Pick<PgliteThreadOptions, 'onRestart'> = {},
): Promise<Database> {
  return config.databaseUrl
    ? connectPostgres(config.databaseUrl, undefined, options.statementTimeoutMs ?? 0)
    : connectPglite(join(config.dataDir, 'pgdata'), options);
}
