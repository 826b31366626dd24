/**
 * Vitest globalSetup of the server's API projects: the database migrated once per run, which
 * every test file's createTestDatabase (./app.ts) copies instead of making and migrating its
 * own (decision 041). On PGlite, a data directory saved to a file: a new in-memory PGlite runs
 * initdb, seconds of CPU per test file, where loading the saved one takes a fraction of that.
 * On PostgreSQL, a database the test files' own are created from (CREATE DATABASE … TEMPLATE).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectPglite, connectPostgres } from '../db/connect.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template: a saved PGlite data directory's path, or a PostgreSQL database's name. */
    databaseTemplate: string;
  }
}

/** The PostgreSQL server's admin connection; the CI and the dev machine have one on 5432. */
export const adminDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement (CREATE or DROP DATABASE) on the admin connection. */
export async function adminStatement(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the admin connection's server. */
export function postgresDatabaseUrl(name: string): string {
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env.TEST_DB === 'postgres') {
    const name = `storefront_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminStatement(`CREATE DATABASE ${name}`);
    const database = connectPostgres(postgresDatabaseUrl(name), 1);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide('databaseTemplate', name);
    return () => adminStatement(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const database = await connectPglite(undefined);
  const dir = mkdtempSync(join(tmpdir(), 'storefront-template-'));
  try {
    await database.migrate();
    const saved = await database.client.dumpDataDir();
    writeFileSync(join(dir, 'pgdata.tar'), Buffer.from(await saved.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('databaseTemplate', join(dir, 'pgdata.tar'));
  return async () => rmSync(dir, { recursive: true, force: true });
}
