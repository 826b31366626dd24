/**
 * A statement marked `prepared()` runs prepared on its PostgreSQL connection (prepared.ts,
 * decision 086), inside transactions too, and no other does; a connection keeps a bounded number
 * and is replaced when full, never under a transaction.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app.js';
import { connectPostgres, type Database } from './connect.js';
import { MAX_PREPARED_STATEMENTS, prepared } from './prepared.js';

let place: Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
beforeAll(async () => {
  place = await createTestDatabase();
  // One connection: what it has prepared is what pg_prepared_statements shows.
  database = connectPostgres(place.url!, 1);
});
afterAll(async () => {
  await database.close();
  await place.drop();
});

type Executor = Pick<Database['db'], 'execute'>;

/** Unmarked, these look without changing what they see. */
const preparedTexts = async (db: Executor = database.db) =>
  (await db.execute(sql`SELECT statement FROM pg_prepared_statements`)).rows.map(
    (row) => row.statement as string,
  );
const backend = async (db: Executor = database.db) =>
  (await db.execute(sql`SELECT pg_backend_pid() AS pid`)).rows[0]!.pid as number;
/** A shape of its own for each `n`, with one parameter. */
const shape = (n: number) => prepared(sql`SELECT ${n}::int + ${sql.raw(String(n))} AS answer`);
const answer = async (n: number, db: Executor = database.db) =>
  (await db.execute(shape(n))).rows[0]!.answer as number;

describe('prepared statements on PostgreSQL', () => {
  it('prepares a parameterised shape once and reuses it', async () => {
    const pid = await backend();
    expect(await answer(1)).toBe(2);
    const after = await preparedTexts();
    expect(after.filter((text) => text.includes('+ 1 AS answer'))).toHaveLength(1);
    expect(await answer(1)).toBe(2);
    expect(await preparedTexts()).toEqual(after);
    expect(await backend()).toBe(pid);
  });

  it('leaves unmarked statements unprepared', async () => {
    const before = await preparedTexts();
    const { rows } = await database.db.execute(sql`SELECT ${7}::int * 6 AS n`);
    expect(rows[0]!.n).toBe(42);
    expect(await preparedTexts()).toEqual(before);
  });

  it("prepares a transaction's statements", async () => {
    await database.db.transaction(async (tx) => {
      expect(await answer(2, tx)).toBe(4);
      expect((await preparedTexts(tx)).some((text) => text.includes('+ 2 AS answer'))).toBe(true);
    });
  });

  it('replaces a full connection at its next statement outside a transaction', async () => {
    let n = 3;
    while ((await preparedTexts()).length < MAX_PREPARED_STATEMENTS)
      expect(await answer(n)).toBe(2 * n++);
    const full = await backend();
    // A new shape on the full connection, under a transaction: answered unprepared, the
    // transaction kept whole.
    await database.db.transaction(async (tx) => {
      expect(await answer(n, tx)).toBe(2 * n);
      expect(await backend(tx)).toBe(full);
      expect(await preparedTexts(tx)).toHaveLength(MAX_PREPARED_STATEMENTS);
    });
    // The next statement through the pool runs and the connection is closed after it.
    expect(await answer(1)).toBe(2);
    expect(await backend()).not.toBe(full);
    expect(await preparedTexts()).toEqual([]);
    expect(await answer(n)).toBe(2 * n);
    expect(await preparedTexts()).toHaveLength(1);
  });
});
