/**
 * A statement cut in the middle leaves the database consistent (issue 18): round after round, a
 * long read and writes in progress — one statement, and a transaction — are cut at their time
 * budget or ended at a random moment (the PGlite thread killed; on PostgreSQL the backend
 * terminated), and after each the database is checked: no half-written statement or
 * transaction, every index agreeing with its table, and the next write working. At the end the
 * database is closed and opened again, and checked once more.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crashDbKind,
  crashSeeds,
  emptyDatabase,
  seededRandom,
  sleep,
  type CrashDatabase,
} from '../test/crash-server.js';
import { adminDatabaseUrl } from '../test/database-template.js';
import { connectDatabase, databaseUnavailable, type Database } from './connect.js';
import type { PgliteThread } from './pglite-thread.js';

/** Short, so that a round is seconds; the watchdog's tick is a quarter of it. */
const BUDGET_MS = 250;
/** Rows that take PGlite seconds to write, PostgreSQL well over the budget. */
const HUGE_ROWS = 5_000_000;

let place: CrashDatabase;
let database: Database;

const open = () =>
  connectDatabase(
    { databaseUrl: place.databaseUrl, dataDir: place.dataDir },
    { statementTimeoutMs: BUDGET_MS },
  );

beforeAll(async () => {
  place = await emptyDatabase();
  database = await open();
  await database.db.execute(sql`CREATE TABLE batches (batch int PRIMARY KEY, size int NOT NULL)`);
  await database.db.execute(
    sql`CREATE TABLE items (id bigserial PRIMARY KEY, batch int NOT NULL, payload text NOT NULL)`,
  );
  await database.db.execute(sql`CREATE INDEX items_batch ON items (batch)`);
});
afterAll(async () => {
  await database?.close();
  await place?.drop();
});

/** A batch of `size` rows and its record, in one transaction. */
const writeBatch = (batch: number, size: number) =>
  database.db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO batches VALUES (${batch}, ${size})`);
    await tx.execute(sql`INSERT INTO items (batch, payload)
      SELECT ${batch}, md5(n::text) FROM generate_series(1, ${size}) n`);
  });

/** Ends the database's work at once, as a crash would. */
async function kill(): Promise<void> {
  if (crashDbKind === 'pglite') {
    (database as Database & { client: PgliteThread }).client.kill();
    return;
  }
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  try {
    const name = new URL(place.databaseUrl!).pathname.slice(1);
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()`,
      [name],
    );
  } finally {
    await admin.end();
  }
}

/** What is committed is whole, and each index finds exactly what its table holds. */
async function expectConsistent(committed: Map<number, number>): Promise<void> {
  const { rows } = await database.db.execute(
    sql`SELECT batch, count(*)::int AS n FROM items GROUP BY batch ORDER BY batch`,
  );
  expect(new Map(rows.map((r) => [Number(r.batch), Number(r.n)]))).toEqual(committed);
  const recorded = await database.db.execute(sql`SELECT batch, size FROM batches ORDER BY batch`);
  expect(new Map(recorded.rows.map((r) => [Number(r.batch), Number(r.size)]))).toEqual(committed);
  const byIndex = await database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    const items = await tx.execute(sql`SELECT count(*)::int AS n FROM items WHERE batch >= 0`);
    const ids = await tx.execute(sql`SELECT count(*)::int AS n FROM items WHERE id > 0`);
    return [Number(items.rows[0]!.n), Number(ids.rows[0]!.n)];
  });
  const total = [...committed.values()].reduce((sum, n) => sum + n, 0);
  expect(byIndex).toEqual([total, total]);
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe(`cutting statements in progress (${crashDbKind})`, () => {
  const committed = new Map<number, number>();
  let batch = 0;

  for (const seed of crashSeeds()) {
    it(`leaves the database consistent after each cut (seed ${seed})`, async () => {
      const random = seededRandom(seed);
      for (let step = 0; step < 4; step++) {
        // Something committed between cuts, so each has new data to lose or keep.
        const size = 1_000 + Math.floor(random() * 5_000);
        await writeBatch(++batch, size);
        committed.set(batch, size);

        const which = ['read', 'statement', 'transaction'][step % 3]!;
        const work =
          which === 'read'
            ? database.db.execute(sql`SELECT count(*) FROM generate_series(1, 400000000)`)
            : which === 'statement'
              ? database.db.execute(sql`INSERT INTO items (batch, payload)
                  SELECT -1, md5(n::text) FROM generate_series(1, ${HUGE_ROWS}) n`)
              : writeBatch(++batch, HUGE_ROWS);
        // Its failure is taken at once: the cut may end it while kill() is still connecting, and a
        // rejection met with no handler yet is reported as unhandled (seen on PostgreSQL, a
        // transaction's rollback failing on its terminated connection).
        const failed = failure(work);
        const byKill = random() < 0.5;
        if (byKill) {
          await sleep(20 + Math.floor(random() * (BUDGET_MS - 40)));
          await kill();
        }
        const error = await failed;
        expect(databaseUnavailable(error), `${which} ${byKill ? 'killed' : 'cut'}`).toBeDefined();

        await expectConsistent(committed);
      }
    });
  }

  it('opens again after the cuts, consistent, and takes writes', async () => {
    await database.close();
    database = await open();
    await expectConsistent(committed);
    await writeBatch(++batch, 10);
    committed.set(batch, 10);
    await expectConsistent(committed);
  });
});
