/**
 * Builds a migrated app on the database the Vitest project chose (TEST_DB): an in-memory
 * PGlite, or a fresh PostgreSQL database created for this file and dropped afterwards, so
 * parallel runs never collide. Tests call app.inject(); no ports.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { connectPglite, connectPostgres, type Database } from '../db/connect.js';
import type { OrdersModuleOptions } from '../modules/orders/module.js';
import type { PaymentsModuleOptions } from '../modules/payments/module.js';
import { seedCatalog } from '../seed/seed.js';

export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
/** The PostgreSQL server's admin connection; the CI and the dev machine have one on 5432. */
export const adminDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL (TEST_DB=postgres); undefined on PGlite. */
  databaseUrl: string | undefined;
  config: Config;
  close(): Promise<void>;
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `storefront_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminDatabaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestDatabase(): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  if (testDbKind === 'postgres') {
    const created = await createPostgresDatabase();
    const database = connectPostgres(created.url, 20);
    await database.migrate();
    return {
      database,
      url: created.url,
      async drop() {
        await database.close();
        await created.drop();
      },
    };
  }
  const database = await connectPglite(undefined);
  await database.migrate();
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
}

/** A second app on the test app's database and config, as another replica would be. */
export async function buildReplica(
  t: TestApp,
  options: Pick<TestAppOptions, 'orders' | 'payments'> = {},
): Promise<FastifyInstance> {
  const replica = await buildApp({ config: t.config, database: t.database, ...options });
  await replica.ready();
  return replica;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-test-'));
  const { database, url, drop } = await createTestDatabase();
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
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
