/**
 * Issue 17 on PostgreSQL: every connection of a pool serving requests has a statement timeout,
 * and a search cancelled by it answers 503 with Retry-After in Algolia's format, never a 500;
 * migrations are not cut short by it; the named prepared statements of search stay a bounded set per connection however
 * many distinct filter shapes clients send. A slow statement is made by a lock held in another
 * transaction, so nothing depends on the machine's speed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectDatabase,
  connectPostgres,
  MIGRATION_LOCK,
  STATEMENT_TIMEOUT_MS,
  STATEMENT_TIMEOUT_RETRY_AFTER_S,
  type Database,
} from '../../db/connect.js';
import { buildReplica, buildTestApp, type TestApp } from '../../test/app.js';
import { ORDER_LOCK_TIMEOUT_MS } from '../orders/service.js';
import { MAX_PREPARED_STATEMENTS } from '../../db/prepared.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ products: 40 });
});
afterAll(() => t.close());

const MULTI_URL = '/api/search/1/indexes/*/queries';

/** An app of its own on the test's database, through `poolSize` connections timing out at `ms`. */
async function appWith(poolSize: number, ms: number) {
  const database = connectPostgres(t.databaseUrl!, poolSize, ms);
  const app = await buildReplica(t, { database });
  return {
    database,
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Runs `during` while another transaction holds `table` exclusively: every reader waits. */
async function whileLocked<T>(table: string, during: () => Promise<T>): Promise<T> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`));
    locked();
    await released;
  });
  await isLocked;
  try {
    return await during();
  } finally {
    release();
    await holder;
  }
}

describe('the statement timeout', () => {
  it('is set on every connection of the pool, above the longest lock wait a request chooses', async () => {
    const { rows } = await t.database.db.execute(sql`SHOW statement_timeout`);
    expect(rows).toEqual([{ statement_timeout: `${STATEMENT_TIMEOUT_MS / 1000}s` }]);
    expect(STATEMENT_TIMEOUT_MS).toBeGreaterThan(ORDER_LOCK_TIMEOUT_MS);
  });

  it('is what the server asks of connectDatabase; a maintenance command connects without', async () => {
    const config = { databaseUrl: t.databaseUrl!, dataDir: '' };
    for (const [options, expected] of [
      [{ statementTimeoutMs: STATEMENT_TIMEOUT_MS }, `${STATEMENT_TIMEOUT_MS / 1000}s`],
      [{}, '0'],
    ] as const) {
      const database = await connectDatabase(config, options);
      try {
        const { rows } = await database.db.execute(sql`SHOW statement_timeout`);
        expect(rows).toEqual([{ statement_timeout: expected }]);
      } finally {
        await database.close();
      }
    }
  });

  it('runs beside JIT switched off: a list of index probes is never compiled (decision 069)', async () => {
    const { rows } = await t.database.db.execute(sql`SHOW jit`);
    expect(rows).toEqual([{ jit: 'off' }]);
  });

  describe('a statement cancelled by it', () => {
    let impatient: Awaited<ReturnType<typeof appWith>>;
    beforeAll(async () => {
      impatient = await appWith(2, 200);
    });
    afterAll(() => impatient.close());

    it('answers a search 503 with Retry-After, in Algolia’s format', async () => {
      const response = await whileLocked('product_search', () =>
        impatient.app.inject({
          method: 'POST',
          url: MULTI_URL,
          payload: JSON.stringify({ requests: [{ indexName: 'product_index', query: 'bottle' }] }),
        }),
      );
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(STATEMENT_TIMEOUT_RETRY_AFTER_S));
      expect(response.json()).toEqual({
        message: 'The search took too long; try again shortly',
        status: 503,
      });
    });

    it('answers any other route 503 with Retry-After and the one error shape', async () => {
      const response = await whileLocked('categories', () =>
        impatient.app.inject({ url: '/api/products/categories' }),
      );
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(STATEMENT_TIMEOUT_RETRY_AFTER_S));
      expect(response.json()).toEqual({
        detail: 'The server took too long to answer; try again shortly',
        code: 'timeout',
      });
    });
  });

  it('does not cut migrations short: they wait for another replica’s, then restore it', async () => {
    const database: Database = connectPostgres(t.databaseUrl!, 1, 100);
    try {
      const migrated = await whileAdvisoryLocked(MIGRATION_LOCK, 400, () => database.migrate());
      expect(migrated.waitedMs).toBeGreaterThanOrEqual(300);
      const { rows } = await database.db.execute(sql`SHOW statement_timeout`);
      expect(rows).toEqual([{ statement_timeout: '100ms' }]);
    } finally {
      await database.close();
    }
  });
});

/** Holds advisory lock `key` for `ms` from another connection while `during` runs. */
async function whileAdvisoryLocked(
  key: number,
  ms: number,
  during: () => Promise<void>,
): Promise<{ waitedMs: number }> {
  const holder = connectPostgres(t.databaseUrl!, 1);
  try {
    await holder.db.execute(sql`SELECT pg_advisory_lock(${key})`);
    const started = Date.now();
    const unlock = new Promise((resolve) => setTimeout(resolve, ms)).then(() =>
      holder.db.execute(sql`SELECT pg_advisory_unlock(${key})`),
    );
    await during();
    await unlock;
    return { waitedMs: Date.now() - started };
  } finally {
    await holder.close();
  }
}

describe('prepared statements', () => {
  let single: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    // One connection: what it has prepared is what pg_prepared_statements shows.
    single = await appWith(1, STATEMENT_TIMEOUT_MS);
  });
  afterAll(() => single.close());

  const prepared = async () => {
    const { rows } = await single.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_prepared_statements`,
    );
    return (rows[0] as { n: number }).n;
  };

  /** A search whose filter is an OR of `count` price conditions: a shape of its own per count. */
  const searchShape = async (count: number) => {
    const filters = Array.from({ length: count }, (_, i) => `sp > ${i}`).join(' OR ');
    const response = await single.app.inject({
      method: 'POST',
      url: MULTI_URL,
      payload: JSON.stringify({ requests: [{ indexName: 'product_index', filters }] }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: { nbHits: number }[] }).results[0]!.nbHits;
  };

  it('reuses the statement of a shape it has prepared', async () => {
    await searchShape(1);
    const before = await prepared();
    expect(before).toBeGreaterThan(0);
    await searchShape(1);
    expect(await prepared()).toBe(before);
  });

  it(`keeps at most ${MAX_PREPARED_STATEMENTS} per connection, however many shapes come`, async () => {
    const counts: number[] = [];
    for (let shape = 1; shape <= MAX_PREPARED_STATEMENTS * 2 + 10; shape++) {
      expect(await searchShape(shape)).toBe(40);
      counts.push(await prepared());
    }
    expect(Math.max(...counts)).toBe(MAX_PREPARED_STATEMENTS);
    // A shape seen before still answers, prepared again or not.
    expect(await searchShape(1)).toBe(40);
    expect(await prepared()).toBeLessThanOrEqual(MAX_PREPARED_STATEMENTS);
  });
});
