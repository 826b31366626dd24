/**
 * One database layer over two engines: PGlite (embedded, under DATA_DIR/pgdata) when no
 * DATABASE_URL is set, PostgreSQL otherwise. Same schema, same migrations, same queries.
 */
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { repoRoot } from '../config.js';
import { queryCounter } from '../lib/query-counter.js';
import { schema } from './schema.js';

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
   * migration 0003), and after a lost listening connection, when changes may have been missed.
   * Answers a function that stops listening.
   */
  onCatalogChange(listener: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const CATALOG_CHANNEL = 'catalog_changed';

export const migrationsFolder = join(repoRoot, 'apps', 'server', 'src', 'db', 'migrations');
/** Arbitrary constant: the advisory lock that serialises migrations between replicas. */
export const MIGRATION_LOCK = 727_2026;

/**
 * PGlite's shared buffers live in the server's own memory (the WASM heap, which never shrinks):
 * PostgreSQL's default 128 MB is allocated at start. 16 MB holds the hot catalog pages; the rest
 * is read through the operating system's file cache. Against 32 MB it keeps the peak RSS under
 * the bench's load at ~277 instead of ~310 MB (budget 300), for cold category pages ~8 % slower
 * on average. Lowering work_mem, temp_buffers, wal_buffers and maintenance_work_mem as well
 * saved nothing measurable under load (decision 034).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * PGlite at `dataPath`, or in memory when `dataPath` is undefined (tests). `loadDataDir`, a data
 * directory saved by PGlite's `dumpDataDir`, is started from instead of a new one: the tests'
 * migrated template, which saves each test file initdb and the migrations (decision 041).
 */
export async function connectPglite(
  dataPath: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  const client = await PGlite.create(dataPath, {
    extensions: { pg_trgm, unaccent },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client, { schema, logger: queryCounter }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async onCatalogChange(listener) {
      const unlisten = await client.listen(CATALOG_CHANNEL, () => listener());
      // After the database itself was closed there is nothing left to stop.
      return () => unlisten().catch(() => {});
    },
    close: () => client.close(),
  };
}

/**
 * How long one statement may run on PostgreSQL (issue 17): a search or any other request's
 * statement running longer is cancelled by the server (SQLSTATE 57014), which frees its
 * connection, and the request answers 503. Above the longest lock wait a request chooses
 * (a checkout waits 5 s for a duplicate's, orders' ORDER_LOCK_TIMEOUT_MS), so that one is
 * answered by its own rule; a search takes milliseconds. PGlite cannot interrupt a statement:
 * there the input limits are the bound.
 */
export const STATEMENT_TIMEOUT_MS = 10_000;
/** The Retry-After of a request whose statement timed out. */
export const STATEMENT_TIMEOUT_RETRY_AFTER_S = 5;
const QUERY_CANCELED = '57014';

/** Whether `error` (or what it wraps, as drizzle wraps the driver's) is a cancelled statement. */
export function isStatementTimeout(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === QUERY_CANCELED) return true;
  }
  return false;
}

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
    // A startup parameter: every connection has it from its first statement, no extra round trip.
    statement_timeout: statementTimeoutMs,
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, logger: queryCounter });
  return {
    db,
    kind: 'postgres',
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
    close: () => pool.end(),
  };
}

/** A dedicated connection LISTENing on the catalog channel, reconnecting after a loss. */
async function listenPostgres(url: string, listener: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', () => listener());
    next.on('error', () => {
      if (stopped) return;
      next.end().catch(() => {});
      // Changes may have been missed while disconnected.
      listener();
      retry = setTimeout(() => void connect().catch(() => {}), 1000);
      retry.unref();
    });
    await next.connect();
    await next.query(`LISTEN ${CATALOG_CHANNEL}`);
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
  options: { statementTimeoutMs?: number } = {},
): Promise<Database> {
  return config.databaseUrl
    ? connectPostgres(config.databaseUrl, undefined, options.statementTimeoutMs ?? 0)
    : connectPglite(join(config.dataDir, 'pgdata'));
}
