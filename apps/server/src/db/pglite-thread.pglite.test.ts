/**
 * PGlite in its own thread (issue 18, decision 042): the server stays free while it works,
 * transactions keep their meaning across the boundary, a statement over its budget is cut and
 * the thread restarted, and what the thread had not begun is answered by the next one.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { buildTestApp } from '../test/app.js';
import { connectPglite, databaseUnavailable, type Database } from './connect.js';
import { MAX_PREPARED_PARAMETERS } from './pglite-protocol.js';
import type { PgliteThread } from './pglite-thread.js';
import { MAX_PREPARED_STATEMENTS, prepared } from './prepared.js';

type ThreadDatabase = Database & { client: PgliteThread };

/**
 * How long a poll waits for a killed thread to come back: a restart opens the data directory and
 * PGlite's WASM again, seconds on a busy machine, more than expect.poll's default second.
 */
const RESTART = { timeout: 30_000, interval: 50 };

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const opened: ThreadDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

/**
 * A database in memory starts from the run's migrated template, which saves initdb's seconds; one
 * in a directory runs initdb there (PGlite loads a template only into an empty data directory,
 * and a restart would load it again).
 */
const template = new Blob([readFileSync(inject('databaseTemplate'))]);

async function open(statementTimeoutMs = 0, dir?: string): Promise<ThreadDatabase> {
  const loadDataDir = dir ? undefined : template;
  const database = await connectPglite(dir, { statementTimeoutMs, loadDataDir });
  opened.push(database);
  await database.db.execute(
    sql`CREATE TABLE IF NOT EXISTS notes (id serial PRIMARY KEY, body text UNIQUE NOT NULL)`,
  );
  return database;
}

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-thread-'));
  dirs.push(dir);
  return dir;
};

/** A read that runs for a minute inside PGlite's WebAssembly, unless cut. */
const LONG_READ = sql`SELECT count(*) FROM generate_series(1, 400000000)`;

const bodies = async (database: Database) =>
  (await database.db.execute(sql`SELECT body FROM notes ORDER BY id`)).rows.map((r) => r.body);

/** What a failed promise failed with (drizzle wraps the driver's error; the cause keeps its code). */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('PGlite in a thread of its own', () => {
  it('answers statements, with the error codes the modules read', async () => {
    const { db } = await open();
    await db.execute(sql`INSERT INTO notes (body) VALUES ('one')`);
    expect(await bodies({ db } as Database)).toEqual(['one']);
    const duplicate = await failure(db.execute(sql`INSERT INTO notes (body) VALUES ('one')`));
    expect((duplicate as Error).cause).toMatchObject({
      code: '23505',
      constraint: 'notes_body_key',
    });
  });

  it('runs each query prepared once, the least recently used forgotten past the limit, with the same answers and errors', async () => {
    const { db } = await open();
    await db.execute(sql`INSERT INTO notes (body) VALUES ('one'), ('two')`);
    const select = sql`SELECT id, body, now() > '2020-01-01'::timestamptz AS recent, ${'{"a":1}'}::jsonb AS j
      FROM notes WHERE body = ${'two'} OR id = ${1} ORDER BY id`;
    const expected = [
      { id: 1, body: 'one', recent: true, j: { a: 1 } },
      { id: 2, body: 'two', recent: true, j: { a: 1 } },
    ];
    expect((await db.execute(select)).rows).toEqual(expected);
    expect((await db.execute(select)).rows).toEqual(expected);
    const preparedTexts = async () =>
      (await db.execute(sql`SELECT statement FROM pg_prepared_statements`)).rows.map(
        (r) => r.statement as string,
      );
    expect((await preparedTexts()).filter((text) => text.includes('now() >'))).toHaveLength(1);
    // A statement the code marks for PostgreSQL (decision 086) is prepared here too: the mark, a
    // leading comment, once kept the order path and the search unprepared on PGlite.
    const marked = prepared(sql`SELECT body FROM notes WHERE id = ${2}`);
    expect((await db.execute(marked)).rows).toEqual([{ body: 'two' }]);
    expect(
      (await preparedTexts()).some((text) => text.startsWith('/* prepared */ SELECT body')),
    ).toBe(true);
    // A statement that fails to prepare is not kept, and fails as unprepared would.
    const broken = await failure(db.execute(sql`SELECT nope FROM notes`));
    expect((broken as Error).cause).toMatchObject({ code: '42703' });
    expect((await preparedTexts()).some((text) => text.includes('nope'))).toBe(false);
    const duplicate = await failure(db.execute(sql`INSERT INTO notes (body) VALUES (${'one'})`));
    expect((duplicate as Error).cause).toMatchObject({
      code: '23505',
      constraint: 'notes_body_key',
    });
    // A prepared statement outlives a rollback, and runs again inside the next transaction.
    await failure(
      db.transaction(async (tx) => {
        await tx.execute(select);
        throw new Error('rolled back');
      }),
    );
    expect(await db.transaction(async (tx) => (await tx.execute(select)).rows)).toEqual(expected);
    // Past the limit the least recently used go; the one just used stays.
    for (let shape = 0; shape < MAX_PREPARED_STATEMENTS + 5; shape++) {
      await db.execute(sql`SELECT ${shape}::int AS shape, ${sql.raw(String(shape))} AS n`);
      await db.execute(select);
    }
    const texts = await preparedTexts();
    expect(texts.length).toBeLessThanOrEqual(MAX_PREPARED_STATEMENTS);
    expect(texts.filter((text) => text.includes('now() >'))).toHaveLength(1);
    expect(texts.some((text) => text.includes(' AS shape, 0 AS n'))).toBe(false);
    expect((await db.execute(select)).rows).toEqual(expected);
  });

  it('runs a statement of more than MAX_PREPARED_PARAMETERS parameters unprepared, a bulk write whose parse tree would stay', async () => {
    const { db } = await open();
    const values = Array.from({ length: MAX_PREPARED_PARAMETERS + 1 }, (_, i) => `bulk ${i}`);
    const insert = sql`INSERT INTO notes (body) VALUES ${sql.join(
      values.map((body) => sql`(${body})`),
      sql`, `,
    )}`;
    await db.execute(insert);
    expect(
      (await db.execute(sql`SELECT count(*)::int AS n FROM notes WHERE body LIKE 'bulk %'`)).rows,
    ).toEqual([{ n: MAX_PREPARED_PARAMETERS + 1 }]);
    const kept = await db.execute(
      sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE 'INSERT INTO notes (body) VALUES ($1), ($2)%'`,
    );
    expect(kept.rows).toEqual([{ n: 0 }]);
  });

  it('plans a prepared statement again once its plan is older than planMaxAgeMs, for the size its tables have grown to', async () => {
    const database = await connectPglite(undefined, { loadDataDir: template, planMaxAgeMs: 3_000 });
    opened.push(database);
    const { db } = database;
    await db.execute(sql`CREATE TABLE items (code text PRIMARY KEY, body text NOT NULL)`);
    await db.execute(
      sql`INSERT INTO items SELECT 'c' || i, repeat('x', 200) FROM generate_series(1, 20) i`,
    );
    await db.execute(sql`ANALYZE items`);
    const read = sql`SELECT length(body) AS n FROM items WHERE code = ${'c7'}`;
    /** The scan the thread's prepared statement of `read` runs now (after five custom plans). */
    const scan = async () => {
      for (let run = 0; run < 6; run++) await db.execute(read);
      const { name } = (
        await db.execute(
          sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE 'SELECT length(body) AS n FROM items%'`,
        )
      ).rows[0] as { name: string };
      const explained = await db.execute(sql.raw(`EXPLAIN EXECUTE ${name}('c7')`));
      return (explained.rows as { 'QUERY PLAN': string }[])
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    };
    expect(await scan()).toMatch(/^Seq Scan on items/);
    // Grown with no ANALYZE (PGlite has no autovacuum to run one), well within the age: the
    // cached plan stays...
    await db.execute(
      sql`INSERT INTO items SELECT 'd' || i, repeat('x', 200) FROM generate_series(1, 5000) i`,
    );
    expect(await scan()).toMatch(/^Seq Scan on items/);
    // ...until the statement is older than its age, prepared again and planned for the table.
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    expect(await scan()).toMatch(/^Index Scan using items_pkey on items/);
    expect((await db.execute(read)).rows).toEqual([{ n: 200 }]);
  });

  it("keeps the server's thread free while a statement runs", async () => {
    const { db } = await open();
    // About a second of PGlite's work.
    const read = db.execute(sql`SELECT count(*) FROM generate_series(1, 10000000)`);
    // The event loop keeps turning while PGlite counts: nothing blocks this thread. (Counted in
    // turns of the loop, not in milliseconds, which a loaded machine stretches.)
    let settled = false;
    void read.finally(() => (settled = true));
    let turns = 0;
    while (!settled && turns < 1_000) {
      await new Promise((resolve) => setImmediate(resolve));
      turns += 1;
    }
    expect(settled).toBe(false);
    await read;
  });

  it('runs a transaction whole: statements from outside wait for its end', async () => {
    const database = await open();
    const { db } = database;
    const order: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes (body) VALUES ('in the transaction')`);
      inside();
      await held;
      await tx.execute(sql`INSERT INTO notes (body) VALUES ('still in it')`);
      order.push('transaction');
    });
    await entered;
    // Asked while the transaction is open: answered after it, and seeing all of it.
    const outside = bodies(database).then((seen) => {
      order.push('outside');
      return seen;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    finish();
    await transaction;
    expect(await outside).toEqual(['in the transaction', 'still in it']);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('rolls a failed transaction back, and a nested one to its savepoint', async () => {
    const database = await open();
    const { db } = database;
    await failure(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO notes (body) VALUES ('rolled back')`);
        throw new Error('changed my mind');
      }),
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes (body) VALUES ('kept')`);
      await failure(
        tx.transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO notes (body) VALUES ('inner, rolled back')`);
          throw new Error('inner failure');
        }),
      );
    });
    expect(await bodies(database)).toEqual(['kept']);
  });

  it('cuts a statement over its budget with 57014, restarts, and answers what waited', async () => {
    const dir = tempDir();
    const database = await open(300, dir);
    const { db } = database;
    await db.execute(sql`INSERT INTO notes (body) VALUES ('before')`);
    const started = performance.now();
    const cut = failure(db.execute(LONG_READ));
    // Asked after the long read: not begun when it was cut, so answered by the next thread.
    const waited = db.execute(sql`INSERT INTO notes (body) VALUES ('queued') RETURNING body`);
    const error = await cut;
    expect(performance.now() - started).toBeLessThan(3000);
    expect(databaseUnavailable(error)).toBe('timeout');
    expect((await waited).rows).toEqual([{ body: 'queued' }]);
    expect(await bodies(database)).toEqual(['before', 'queued']);
    expect(database.client.status).toBe('ready');
  });

  it('sends a transaction the cut thread had not begun whole to the next one', async () => {
    const database = await open(300, tempDir());
    const { db } = database;
    const cut = failure(db.execute(LONG_READ));
    // Queued behind the long read: its BEGIN and first statement are sent at once, unanswered.
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes (body) VALUES ('first')`);
      await tx.execute(sql`INSERT INTO notes (body) VALUES ('second')`);
    });
    expect(databaseUnavailable(await cut)).toBe('timeout');
    await transaction;
    expect(await bodies(database)).toEqual(['first', 'second']);
  });

  it('cuts a transaction left open past its budget, rolling it back', async () => {
    const dir = tempDir();
    const database = await open(300, dir);
    const { db } = database;
    const error = await failure(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO notes (body) VALUES ('never committed')`);
        // The request's own work takes too long while it holds the only connection.
        await new Promise((resolve) => setTimeout(resolve, 1200));
        await tx.execute(sql`INSERT INTO notes (body) VALUES ('too late')`);
      }),
    );
    expect(databaseUnavailable(error)).toBe('unavailable');
    expect(await bodies(database)).toEqual([]);
  });

  it('restarts a thread that died: what it had begun fails with 503s, what it had not is answered', async () => {
    const dir = tempDir();
    const database = await open(0, dir);
    const { db } = database;
    await db.execute(sql`INSERT INTO notes (body) VALUES ('kept')`);
    const begun = failure(db.execute(LONG_READ));
    const after = bodies(database);
    await new Promise((resolve) => setTimeout(resolve, 100));
    database.client.kill();
    // Restarting: the health check says so at once.
    expect(databaseUnavailable(await failure(database.check()))).toBe('unavailable');
    expect(databaseUnavailable(await begun)).toBe('unavailable');
    expect(await after).toEqual(['kept']);
    await database.check();
  });

  it('tells catalog listeners after a restart, when a change may have gone unseen', async () => {
    const database = await open(0, tempDir());
    let calls = 0;
    await database.onCatalogChange(() => calls++);
    await database.db.execute(sql`NOTIFY catalog_changed`);
    await expect.poll(() => calls).toBe(1);
    database.client.kill();
    await database.check().catch(() => {});
    await expect.poll(() => calls, RESTART).toBe(2);
    // Still listening on the new thread.
    await expect.poll(() => database.client.status, RESTART).toBe('ready');
    await database.db.execute(sql`NOTIFY catalog_changed`);
    await expect.poll(() => calls).toBe(3);
  });

  it('closes with a checkpoint, and answers nothing after', async () => {
    const dir = tempDir();
    const database = await connectPglite(dir);
    await database.db.execute(sql`CREATE TABLE kept (n int)`);
    await database.db.execute(sql`INSERT INTO kept VALUES (7)`);
    await database.close();
    expect(databaseUnavailable(await failure(database.db.execute(sql`SELECT 1`)))).toBe(
      'unavailable',
    );
    const again = await connectPglite(dir);
    opened.push(again);
    expect((await again.db.execute(sql`SELECT n FROM kept`)).rows).toEqual([{ n: 7 }]);
  });

  it('copies its data directory between two units of work: a transaction open when asked is in the copy whole, one asked after is not', async () => {
    const dir = tempDir();
    const database = await open(0, dir);
    const { db } = database;
    await db.execute(sql`INSERT INTO notes (body) VALUES ('before')`);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes (body) VALUES ('open when asked')`);
      inside();
      await held;
      await tx.execute(sql`INSERT INTO notes (body) VALUES ('committed after the ask')`);
    });
    await entered;
    const copy = join(tempDir(), 'copy');
    const copied = database.copyDataDir!(copy);
    const after = db.execute(sql`INSERT INTO notes (body) VALUES ('asked after the copy')`);
    finish();
    await Promise.all([transaction, copied, after]);
    const restored = await connectPglite(copy);
    opened.push(restored);
    expect(await bodies(restored)).toEqual([
      'before',
      'open when asked',
      'committed after the ask',
    ]);
    expect(await bodies(database)).toEqual([
      'before',
      'open when asked',
      'committed after the ask',
      'asked after the copy',
    ]);
  });

  it('answers /api/health 503 while the thread restarts, and 200 once it is back', async () => {
    const t = await buildTestApp();
    try {
      (t.database as ThreadDatabase).client.kill();
      const during = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe('5');
      expect(during.json()).toMatchObject({ code: 'unavailable' });
      await expect
        .poll(
          async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode,
          RESTART,
        )
        .toBe(200);
    } finally {
      await t.close();
    }
  });
});
