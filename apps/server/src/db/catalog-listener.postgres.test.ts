/**
 * The catalog listener on PostgreSQL (decision 018): a lost listening connection empties the
 * caches (changes may have been missed) and is made again, however long PostgreSQL refuses it,
 * and the notices that follow arrive.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminDatabaseUrl, createTestDatabase } from '../test/app.js';
import { adminStatement } from '../test/database-template.js';
import { CATALOG_CHANNEL } from './connect.js';

let place: Awaited<ReturnType<typeof createTestDatabase>>;
let name: string;
beforeAll(async () => {
  place = await createTestDatabase();
  name = new URL(place.url!).pathname.slice(1);
});
afterAll(async () => {
  await adminStatement(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => {});
  await place.drop();
});

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const listenerBackends = () =>
  admin(async (client) => {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query = $2`,
      [name, `LISTEN ${CATALOG_CHANNEL}`],
    );
    return rows.map((row) => row.pid);
  });

it('comes back after PostgreSQL refused it for longer than one try, and hears the next notice', async () => {
  const heard: string[] = [];
  const stop = await place.database.onCatalogChange((payload) => heard.push(payload));
  try {
    await place.database.db.execute(sql`SELECT pg_notify(${CATALOG_CHANNEL}, 'products')`);
    await expect.poll(() => heard, { timeout: 5000 }).toEqual(['products']);

    // No new connection for 2.5 s: the reconnection's first tries fail.
    await adminStatement(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    const [pid] = await listenerBackends();
    expect(pid).toBeDefined();
    await admin((client) => client.query('SELECT pg_terminate_backend($1)', [pid]));
    // The loss itself empties the caches: what changed meanwhile is unknown.
    await expect.poll(() => heard, { timeout: 5000 }).toEqual(['products', '']);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await listenerBackends()).toEqual([]);
    await adminStatement(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);

    await expect.poll(async () => (await listenerBackends()).length, { timeout: 5000 }).toBe(1);
    await place.database.db.execute(sql`SELECT pg_notify(${CATALOG_CHANNEL}, 'categories')`);
    await expect.poll(() => heard, { timeout: 5000 }).toEqual(['products', '', 'categories']);
  } finally {
    await stop();
  }
});
