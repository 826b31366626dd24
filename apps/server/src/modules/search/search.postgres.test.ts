/**
 * Issue 17 on PostgreSQL: the named prepared statements of search stay a bounded set per
 * connection however many distinct filter shapes clients send.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { connectPostgres } from '../../db/connect.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { MAX_PREPARED_SHAPES } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ products: 40 });
});
afterAll(() => t.close());

const MULTI_URL = '/api/search/1/indexes/*/queries';

/** An app of its own on the test's database, through `poolSize` connections. */
async function appWith(poolSize: number) {
  const database = connectPostgres(t.databaseUrl!, poolSize);
  const app = await buildApp({ config: t.config, database });
  await app.ready();
  return {
    database,
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('prepared statements', () => {
  let single: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    // One connection: what it has prepared is what pg_prepared_statements shows.
    single = await appWith(1);
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

  it(`keeps at most ${MAX_PREPARED_SHAPES} per connection, however many shapes come`, async () => {
    const counts: number[] = [];
    for (let shape = 1; shape <= MAX_PREPARED_SHAPES * 2 + 10; shape++) {
      expect(await searchShape(shape)).toBe(40);
      counts.push(await prepared());
    }
    expect(Math.max(...counts)).toBe(MAX_PREPARED_SHAPES);
    // A shape seen before still answers, prepared again or not.
    expect(await searchShape(1)).toBe(40);
    expect(await prepared()).toBeLessThanOrEqual(MAX_PREPARED_SHAPES);
  });
});
