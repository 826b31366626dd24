/**
 * Builds a migrated app on the database the Vitest project chose (TEST_DB): an in-memory
 * PGlite, or a fresh PostgreSQL database created for this file and dropped afterwards, so
 * parallel runs never collide; both copied from the run's migrated template
 * (./database-template.ts, decision 041). Tests call app.inject(); no ports.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { CATALOG_CHANNEL, connectPglite, connectPostgres, type Database } from '../db/connect.js';
import type { OrdersModuleOptions } from '../modules/orders/module.js';
import type { PaymentsModuleOptions } from '../modules/payments/module.js';
import { ensureDemoStore, seedCatalog } from '../seed/seed.js';
import { adminDatabaseUrl, adminStatement, postgresDatabaseUrl } from './database-template.js';

export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
export { adminDatabaseUrl };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL (TEST_DB=postgres); undefined on PGlite. */
  databaseUrl: string | undefined;
  config: Config;
  /**
   * Answers once each of the app's catalog listeners has had every catalog notice sent before
   * the call. A notice's arrival is asynchronous on PostgreSQL (its own connection), so a test
   * that fills a cache right after a change, or that shows a change emptied none, waits for this
   * rather than for a time.
   */
  catalogNoticesSettled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A notice no listener acts on, sent after the notices a test waits for: each listening
 * connection has the earlier ones once it has this one (PostgreSQL delivers a connection's
 * notifications in commit order).
 */
const SETTLE_PROBE = 'test:settle';

/**
 * Counts the notices each catalog listener of `database` receives, and hides the probe from
 * the app's listeners.
 */
function countCatalogNotices(database: Database): (() => number)[] {
  const counters: (() => number)[] = [];
  const onCatalogChange = database.onCatalogChange.bind(database);
  database.onCatalogChange = (listener) => {
    let probes = 0;
    counters.push(() => probes);
    return onCatalogChange((payload) => {
      if (payload === SETTLE_PROBE) probes++;
      else listener(payload);
    });
  };
  return counters;
}

/**
 * A new PostgreSQL database, a copy of `template` (already migrated) or else empty (then
 * migrated here).
 */
async function createPostgresDatabase(template: string | undefined): Promise<{
  database: Database;
  url: string;
  drop(): Promise<void>;
}> {
  const name = `storefront_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminStatement(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = postgresDatabaseUrl(name);
  const database = connectPostgres(url, 20);
  if (!template) await database.migrate();
  return {
    database,
    url,
    async drop() {
      await database.close();
      await adminStatement(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The run's migrated template (./database-template.ts): none in a project without that
 * globalSetup, nor outside Vitest, where `inject` throws (xss-server.ts, which the Playwright
 * journeys start with tsx).
 */
function databaseTemplate(): string | undefined {
  try {
    return inject('databaseTemplate');
  } catch {
    return undefined;
  }
}

/**
 * A migrated database of its own for the calling test file: a copy of the run's template when
 * there is one, else a new one, migrated.
 */
export async function createTestDatabase(options: { pgliteDataPath?: string } = {}): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  const template = databaseTemplate();
  if (testDbKind === 'postgres') return createPostgresDatabase(template);
  const loadDataDir = template ? new Blob([readFileSync(template)]) : undefined;
  const database = await connectPglite(options.pgliteDataPath, { loadDataDir });
  if (!loadDataDir) await database.migrate();
  return { database, drop: () => database.close() };
}

export interface TestAppOptions {
  /** Seed this many demo products first (0 for none). */
  products?: number;
  config?: Partial<Config>;
  /** The app's clock (default: real time). */
  clock?: () => Date;
  payments?: PaymentsModuleOptions;
  orders?: OrdersModuleOptions;
  /**
   * PGlite in DATA_DIR/pgdata, on disk as the server keeps it, rather than in memory (a backup's
   * test reads the files).
   */
  pgliteOnDisk?: boolean;
  /**
   * Whether the store has the demo seller's GST registration (Maharashtra, 27) and rate table,
   * as a seeded store has (default true): orders are taxed with them. False leaves the settings
   * as migration 0018 makes them (empty; India only).
   */
  storeSettings?: boolean;
}

/**
 * A second app on the test app's database and config, as another replica would be: with
 * `config` changed (workers on, say), on another connection to the same `database`, or with a
 * clock or module options of its own.
 */
export async function buildReplica(
  t: Pick<TestApp, 'config' | 'database'>,
  options: Omit<TestAppOptions, 'products' | 'config'> & {
    config?: Partial<Config>;
    database?: Database;
    /** Adds to the app before it is ready (a hook of the test's own). */
    prepare?: (app: FastifyInstance) => void;
  } = {},
): Promise<FastifyInstance> {
  const { config, database, prepare, ...rest } = options;
  const replica = await buildApp({
    config: { ...t.config, ...config },
    database: database ?? t.database,
    ...rest,
  });
  prepare?.(replica);
  await replica.ready();
  return replica;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-test-'));
  const { database, url, drop } = await createTestDatabase({
    pgliteDataPath: options.pgliteOnDisk ? join(dataDir, 'pgdata') : undefined,
  });
  if (options.storeSettings !== false) await ensureDemoStore(database.db);
  if (options.products) await seedCatalog(database.db, { products: options.products });
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WORKERS: 'false',
      SEED_ON_START: 'false',
    },
    options.config,
  );
  const probesSeen = countCatalogNotices(database);
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    payments: options.payments,
    orders: options.orders,
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: url,
    config,
    async catalogNoticesSettled() {
      const before = probesSeen.map((seen) => seen());
      await database.db.execute(sql`SELECT pg_notify(${CATALOG_CHANNEL}, ${SETTLE_PROBE})`);
      const settled = () => probesSeen.every((seen, i) => seen() > before[i]!);
      for (const started = Date.now(); !settled();) {
        if (Date.now() - started > 10_000)
          throw new Error('catalog notices still unsettled after 10 s');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
