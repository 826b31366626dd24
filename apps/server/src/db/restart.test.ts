/**
 * A restart of `npm start` (issue 2 "Migrations apply on start, safely when already applied"):
 * migrating a database that is already migrated and seeded changes nothing, and seedIfEmpty
 * leaves a seeded catalog alone. On PGlite the same data directory is closed and opened again,
 * as a restarted process does; on PostgreSQL the same database is migrated again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed/seed.js';
import { createTestDatabase, testDbKind } from '../test/app.js';
import { connectPglite, type Database } from './connect.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Opens the database a first time, as a first start does: migrated and seeded. */
async function firstStart(): Promise<{ database: Database; reopen(): Promise<Database> }> {
  if (testDbKind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-pgdata-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const database = await connectPglite(dir);
    await database.migrate();
    await seedIfEmpty(database.db, { products: 20, serverSecret: 'restart-test-secret' });
    return {
      database,
      async reopen() {
        await database.close();
        const again = await connectPglite(dir);
        cleanups.push(() => again.close());
        return again;
      },
    };
  }
  const { database, drop } = await createTestDatabase();
  cleanups.push(drop);
  await seedIfEmpty(database.db, { products: 20, serverSecret: 'restart-test-secret' });
  return { database, reopen: async () => database };
}

const snapshot = async (database: Database) =>
  (
    await database.db.execute(sql`SELECT
      (SELECT count(*)::int FROM products) AS products,
      (SELECT count(*)::int FROM categories) AS categories,
      (SELECT count(*)::int FROM users) AS users,
      (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations,
      (SELECT name FROM products ORDER BY id LIMIT 1) AS first_name`)
  ).rows[0];

describe(`restarting on a migrated, seeded database (${testDbKind})`, () => {
  it('migrates again without error or change, and does not seed again', async () => {
    const { database, reopen } = await firstStart();
    // A change of the buyer's own: a reseed would put the generated name back.
    await database.db.execute(
      sql`UPDATE products SET name = 'Renamed by the operator' WHERE id = (SELECT min(id) FROM products)`,
    );
    const before = await snapshot(database);
    expect(before).toMatchObject({ products: 20, categories: 20, users: 1 });

    const again = await reopen();
    await again.migrate();
    await again.migrate();
    await seedIfEmpty(again.db, { products: 600, serverSecret: 'restart-test-secret' });

    expect(await snapshot(again)).toEqual({ ...before, first_name: 'Renamed by the operator' });
  });
});
