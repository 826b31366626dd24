/**
 * Hosted-Algolia mode against a local fake of Algolia's REST API: what the worker sends, when
 * it retries on another host, and that the queue the database keeps loses nothing.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { ALGOLIA_SETTINGS, createAlgoliaSync, type AlgoliaSync } from './algolia-sync.js';
import { HOSTED_ALGOLIA, insertSearchProducts } from './search-fixtures.js';

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: { requests?: { action: string; body: { objectID: string; name?: string } }[] };
}

/** A fake Algolia host: records every call and answers with the status the test sets. */
async function fakeAlgolia() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({
        method: request.method!,
        path: request.url!,
        headers: request.headers,
        body: text ? (JSON.parse(text) as Received['body']) : {},
      });
      response.writeHead(state.status, { 'content-type': 'application/json' });
      response.end(
        state.status === 200
          ? JSON.stringify({ taskID: received.length })
          : JSON.stringify({ message: 'nope', status: state.status }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let primary: Awaited<ReturnType<typeof fakeAlgolia>>;
let fallback: Awaited<ReturnType<typeof fakeAlgolia>>;
let sync: AlgoliaSync;

const queueSize = async () =>
  (
    (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM search_outbox`)).rows[0] as {
      n: number;
    }
  ).n;

beforeAll(async () => {
  t = await buildTestApp({ products: 60 });
  [primary, fallback] = await Promise.all([fakeAlgolia(), fakeAlgolia()]);
  sync = createAlgoliaSync(t.database.db, {
    appId: 'TESTAPP',
    adminKey: 'admin-key',
    indexName: 'product_index',
    hosts: [primary.url, fallback.url],
    batchSize: 100,
  });
});
afterAll(async () => {
  await sync.stop();
  await Promise.all([primary.close(), fallback.close(), t.close()]);
});
afterEach(() => {
  primary.received.length = 0;
  fallback.received.length = 0;
  primary.state.status = 200;
});

describe('pushing catalog changes to hosted Algolia', () => {
  it('queues nothing while the mode is off', async () => {
    await insertSearchProducts(t.database.db, [{ name: 'Unqueued Product' }]);
    expect(await queueSize()).toBe(0);
  });

  it('first clears the index, then sends every product with the admin key', async () => {
    await sync.enable();
    expect(await queueSize()).toBe(62);
    expect(await sync.pushOnce()).toBe(62);
    expect(await queueSize()).toBe(0);

    const [clear, batch] = primary.received;
    expect(clear).toMatchObject({ method: 'POST', path: '/1/indexes/product_index/clear' });
    expect(batch).toMatchObject({ method: 'POST', path: '/1/indexes/product_index/batch' });
    expect(batch!.headers['x-algolia-application-id']).toBe('TESTAPP');
    expect(batch!.headers['x-algolia-api-key']).toBe('admin-key');
    const requests = batch!.body.requests!;
    expect(requests).toHaveLength(61);
    expect(new Set(requests.map((r) => r.action))).toEqual(new Set(['updateObject']));
    expect(Object.keys(requests[0]!.body).sort()).toEqual(
      [
        'category',
        'code',
        'images',
        'imgUrl',
        'mrp',
        'name',
        'objectID',
        'pd_brand',
        'skus',
        'sp',
        'subcategory',
        'summary',
      ].sort(),
    );
  });

  it('enabling again does not queue the catalog twice', async () => {
    await sync.enable();
    expect(await queueSize()).toBe(0);
  });

  it('sends an update for a changed product and a delete for a removed one', async () => {
    const db = t.database.db;
    const [kept, removed] = await insertSearchProducts(db, [
      { name: 'Neem Comb' },
      { name: 'Bamboo Comb' },
    ]);
    await db.execute(sql`UPDATE products SET name = 'Neem Wood Comb' WHERE id = ${kept!}`);
    await db.execute(sql`DELETE FROM products WHERE id = ${removed!}`);
    expect(await queueSize()).toBe(2);

    expect(await sync.pushOnce()).toBe(2);
    const requests = primary.received[0]!.body.requests!;
    expect(requests.map((r) => [r.action, r.body.objectID, r.body.name])).toEqual([
      ['updateObject', kept, 'Neem Wood Comb'],
      ['deleteObject', removed, undefined],
    ]);
    expect(await sync.pushOnce()).toBe(0);
  });

  it('deletes a product that leaves active from the index, and sends it again when it returns', async () => {
    const db = t.database.db;
    const [id] = await insertSearchProducts(db, [{ name: 'Seasonal Rangoli Kit' }]);
    await sync.pushOnce();
    await db.execute(sql`UPDATE products SET status = 'archived' WHERE id = ${id!}`);
    expect(await queueSize()).toBe(1);
    expect(await sync.pushOnce()).toBe(1);
    expect(primary.received[1]!.body.requests).toEqual([
      { action: 'deleteObject', body: { objectID: id } },
    ]);
    await db.execute(sql`UPDATE products SET status = 'active' WHERE id = ${id!}`);
    expect(await sync.pushOnce()).toBe(1);
    expect(primary.received[2]!.body.requests!.map((r) => [r.action, r.body.objectID])).toEqual([
      ['updateObject', id],
    ]);
  });

  it('queues each product of a statement that changes several', async () => {
    const db = t.database.db;
    const ids = await insertSearchProducts(db, [{ name: 'Khadi Towel' }, { name: 'Khadi Napkin' }]);
    expect(await sync.pushOnce()).toBe(2);
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    await db.execute(sql`UPDATE products SET brand = 'Khadi Gram' WHERE id IN (${list})`);
    expect(await queueSize()).toBe(2);
    expect(await sync.pushOnce()).toBe(2);
    await db.execute(sql`DELETE FROM products WHERE id IN (${list})`);
    expect(await queueSize()).toBe(2);
    expect(await sync.pushOnce()).toBe(2);
    expect(primary.received[2]!.body.requests!.map((r) => r.action)).toEqual([
      'deleteObject',
      'deleteObject',
    ]);
  });

  it('queues the products of a renamed category', async () => {
    const db = t.database.db;
    await db.execute(sql`UPDATE subcategories SET name = 'Nappies' WHERE name = 'Diapering'`);
    const queued = await queueSize();
    expect(queued).toBeGreaterThan(0);
    await sync.pushOnce();
    const subcategories = primary.received[0]!.body.requests!.map(
      (r) => (r.body as { subcategory?: string }).subcategory,
    );
    expect(new Set(subcategories)).toEqual(new Set(['Nappies']));
    await db.execute(sql`UPDATE subcategories SET name = 'Diapering' WHERE name = 'Nappies'`);
    await sync.pushOnce();
  });

  it('tries the next host when one fails, and keeps the queue when all fail', async () => {
    const db = t.database.db;
    const [id] = await insertSearchProducts(db, [{ name: 'Clay Diya' }]);
    primary.state.status = 503;
    expect(await sync.pushOnce()).toBe(1);
    expect(fallback.received[0]!.body.requests!.map((r) => r.body.objectID)).toEqual([id]);

    await db.execute(sql`UPDATE products SET name = 'Clay Diya Set' WHERE id = ${id!}`);
    fallback.state.status = 503;
    await expect(sync.pushOnce()).rejects.toThrow(/503/);
    expect(await queueSize()).toBe(1);
    fallback.state.status = 200;
  });

  it('does not retry a 4xx on another host', async () => {
    primary.state.status = 403;
    await expect(sync.pushOnce()).rejects.toThrow(
      /Algolia POST \/1\/indexes\/product_index\/batch: 403/,
    );
    expect(fallback.received).toHaveLength(0);
    expect(await queueSize()).toBe(1);
    primary.state.status = 200;
    expect(await sync.pushOnce()).toBe(1);
  });

  it('pushes the index settings the records need', async () => {
    await sync.pushSettings();
    expect(primary.received[0]).toMatchObject({
      method: 'PUT',
      path: '/1/indexes/product_index/settings',
      body: ALGOLIA_SETTINGS,
    });
  });

  it('clears the index again after the catalog is truncated and reseeded', async () => {
    await t.database.db.execute(sql`TRUNCATE products CASCADE`);
    expect(await sync.pushOnce()).toBeGreaterThan(0);
    expect(primary.received[0]!.path).toBe('/1/indexes/product_index/clear');
    expect(await queueSize()).toBe(0);
  });

  it('stops queueing when the mode is turned off', async () => {
    await sync.disable();
    await insertSearchProducts(t.database.db, [{ name: 'Jute Bag' }]);
    expect(await queueSize()).toBe(0);
  });
});

describe('SEARCH_PROVIDER=algolia', () => {
  it('tells the web app to query Algolia with the search-only key, and allows it in the CSP', async () => {
    const hosted = await buildTestApp({ config: HOSTED_ALGOLIA });
    try {
      const response = await hosted.app.inject({ method: 'GET', url: '/api/search/config' });
      expect(response.json()).toEqual({
        provider: 'algolia',
        indexName: 'product_index',
        appId: 'TESTAPP',
        apiKey: 'search-only-key',
      });
      expect(response.headers['content-security-policy']).toContain(
        "connect-src 'self' https://TESTAPP-dsn.algolia.net https://TESTAPP.algolia.net https://*.algolianet.com",
      );
      expect(JSON.stringify(response.json())).not.toContain('admin-key');
    } finally {
      await hosted.close();
    }
  });
});
