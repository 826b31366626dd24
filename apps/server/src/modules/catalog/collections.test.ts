/**
 * GET /api/products/collections: the seller's home collections as the storefront reads them
 * (decision 050), cached like every public catalog read and emptied on the database's notice
 * (decision 018), on this app and on a replica alike; and the pages that show them carry the
 * answer in their HTML (decision 036).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { HomeCollection, ProductListResponse } from '@storefront/shared/catalog';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import type { TaxonomyResponse } from '@storefront/shared/catalog-desk';
import { connectPostgres, type Database } from '../../db/connect.js';
import { buildReplica, buildTestApp, testDbKind, type TestApp } from '../../test/app.js';
import { createStaff, signIn } from '../../test/staff.js';
import { tempWebDist, type TempWebDist } from '../../test/web-dist.js';
import { answersIn } from '../../test/page-answers.js';

const SHELL = `<!doctype html><html><head><title>Shell</title><meta name="description" content="shell" /></head><body><div id="root"></div></body></html>`;
const COLLECTIONS_URL = catalogCalls.collections();

let t: TestApp;
let web: TempWebDist;
let member: { cookie: string };
beforeAll(async () => {
  web = tempWebDist({ 'index.html': SHELL });
  t = await buildTestApp({ products: 60, config: { webDist: web.dir } });
  member = await signIn(t, await createStaff(t, 'catalog'));
});
afterAll(async () => {
  await t.close();
  web.remove();
});

const desk = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/staff/catalog${url}`,
    headers: { cookie: member.cookie },
    ...(payload === undefined ? {} : { payload }),
  });
const taxonomy = async () => (await desk('GET', '/taxonomy')).json() as TaxonomyResponse;
const collectionsOf = async (app: FastifyInstance) =>
  ((await app.inject({ url: COLLECTIONS_URL })).json() as { payload: HomeCollection[] }).payload;

/** Reads until `done` holds, for at most a second (decision 018's promise), and says how long. */
async function withinASecond<T>(read: () => Promise<T>, done: (value: T) => boolean) {
  const started = Date.now();
  let value = await read();
  while (!done(value) && Date.now() - started < 1000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return { value, ms: Date.now() - started };
}

describe('the home collections', () => {
  it('are the seeded five in order, with their slugs, titles, subtitles and places', async () => {
    expect(await collectionsOf(t.app)).toEqual([
      {
        slug: 'under-2000',
        title: 'Under 2000',
        subtitle: 'Explore our Budget friendly products',
        position: 0,
      },
      {
        slug: 'international-best-sellers',
        title: 'Global Best Sellers',
        subtitle: 'What businesses around the world reorder most',
        position: 1,
      },
      {
        slug: 'new-arrivals',
        title: 'Newest Arrival',
        subtitle: 'Fresh stock from our suppliers',
        position: 2,
      },
      { slug: 'top-50', title: 'Top 50', subtitle: 'Our fifty most popular products', position: 3 },
      {
        slug: 'hot-selling',
        title: 'Hot Selling',
        subtitle: 'Selling fast this week',
        position: 4,
      },
    ]);
  });

  it('are read in one statement, then served from memory with an ETag', async () => {
    // A catalog change empties the cache, so this read is the first since.
    await t.database.db.execute(sql`UPDATE collections SET subtitle = subtitle WHERE false`);
    const first = await withinASecond(
      () => t.app.inject({ url: COLLECTIONS_URL }),
      (response) => response.headers['x-sql-statements'] === '1',
    );
    expect(first.value.headers['x-sql-statements']).toBe('1');
    const again = await t.app.inject({ url: COLLECTIONS_URL });
    expect(again.headers['x-sql-statements']).toBe('0');
    expect(again.body).toBe(first.value.body);
    expect(again.headers['cache-control']).toBe('public, max-age=60');
    const revalidated = await t.app.inject({
      url: COLLECTIONS_URL,
      headers: { 'if-none-match': String(first.value.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });
});

describe('a seller’s change reaches every replica’s cached answer within a second', () => {
  let second: Database | undefined;
  let replica: FastifyInstance;
  beforeAll(async () => {
    // Another replica: on PostgreSQL its own connections (its own LISTEN); PGlite is one process.
    if (testDbKind === 'postgres') second = connectPostgres(t.databaseUrl!, 5);
    replica = await buildReplica(t, second ? { database: second } : {});
  });
  afterAll(async () => {
    await replica.close();
    await second?.close();
  });

  /** The replica's answer is cached: a read runs no statement. */
  async function cachedOnReplica() {
    await collectionsOf(replica);
    await expect
      .poll(
        async () => (await replica.inject({ url: COLLECTIONS_URL })).headers['x-sql-statements'],
      )
      .toBe('0');
  }

  it('a retitle', async () => {
    await cachedOnReplica();
    const id = (await taxonomy()).collections.find((k) => k.slug === 'top-50')!.id;
    const patched = await desk('PATCH', `/collections/${id}`, {
      title: 'Top Picks',
      subtitle: 'What buyers chose this month',
    });
    expect(patched.statusCode).toBe(204);
    const { value, ms } = await withinASecond(
      () => collectionsOf(replica),
      (list) => list[3]?.title === 'Top Picks',
    );
    expect(value[3]).toEqual({
      slug: 'top-50',
      title: 'Top Picks',
      subtitle: 'What buyers chose this month',
      position: 3,
    });
    expect(ms).toBeLessThan(1000);
  });

  it('a reorder', async () => {
    await cachedOnReplica();
    const ids = (await taxonomy()).collections.map((k) => k.id);
    const reversed = [...ids].reverse();
    expect((await desk('POST', '/collections/order', { ids: reversed })).statusCode).toBe(204);
    const { value, ms } = await withinASecond(
      () => collectionsOf(replica),
      (list) => list[0]?.slug === 'hot-selling',
    );
    expect(value.map((k) => [k.slug, k.position])).toEqual([
      ['hot-selling', 0],
      ['top-50', 1],
      ['new-arrivals', 2],
      ['international-best-sellers', 3],
      ['under-2000', 4],
    ]);
    expect(ms).toBeLessThan(1000);
    // Put back, for the tests after.
    expect((await desk('POST', '/collections/order', { ids })).statusCode).toBe(204);
  });
});

describe('the pages that show the collections', () => {
  it('carry their answer in the HTML: the home page and the listings, not a product page', async () => {
    await withinASecond(
      () => collectionsOf(t.app),
      (list) => list[0]?.slug === 'under-2000',
    );
    const expected = (await t.app.inject({ url: COLLECTIONS_URL })).json() as unknown;
    for (const path of ['/', '/categories/top-50', '/subcategories/drinkware']) {
      const answers = answersIn((await t.app.inject({ url: path })).body);
      expect(answers[COLLECTIONS_URL], path).toEqual(expected);
    }
    const list = (
      await t.app.inject({ url: '/api/products?query=baby&limit=1' })
    ).json() as ProductListResponse;
    const product = answersIn(
      (await t.app.inject({ url: `/products/${list.payload[0]!._id}` })).body,
    );
    expect(Object.keys(product)).not.toContain(COLLECTIONS_URL);
  });

  it('a new collection has a listing page, titled with its title, and a retitle shows in the meta', async () => {
    const created = await desk('POST', '/collections', {
      title: 'Monsoon Deals',
      subtitle: 'Rainwear for the season',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const products = (
      (
        await t.app.inject({ url: '/api/products?query=beauty&limit=3' })
      ).json() as ProductListResponse
    ).payload.map((p) => p._id);
    expect(
      (await desk('PUT', `/collections/${id}/products`, { productIds: products })).statusCode,
    ).toBe(200);

    const page = await t.app.inject({ url: '/categories/monsoon-deals' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Monsoon Deals — wholesale prices | B2B Storefront</title>');
    const answers = answersIn(page.body);
    expect((answers[catalogCalls.listing('monsoon-deals', 1)] as ProductListResponse).total).toBe(
      3,
    );
    expect((answers[COLLECTIONS_URL] as { payload: HomeCollection[] }).payload.at(-1)).toEqual({
      slug: 'monsoon-deals',
      title: 'Monsoon Deals',
      subtitle: 'Rainwear for the season',
      position: 5,
    });

    expect(
      (await desk('PATCH', `/collections/${id}`, { title: 'Rainy Day Deals' })).statusCode,
    ).toBe(204);
    const retitled = await withinASecond(
      async () => (await t.app.inject({ url: '/categories/monsoon-deals' })).body,
      // The title is read fresh, the inlined collections from the cache the notification empties
      // (on PostgreSQL, on a connection of its own): both must have the change.
      (html) =>
        html.includes('<title>Rainy Day Deals') &&
        (answersIn(html)[COLLECTIONS_URL] as { payload: HomeCollection[] }).payload.at(-1)
          ?.title === 'Rainy Day Deals',
    );
    expect(retitled.value).toContain(
      '<title>Rainy Day Deals — wholesale prices | B2B Storefront</title>',
    );
    expect(
      (answersIn(retitled.value)[COLLECTIONS_URL] as { payload: HomeCollection[] }).payload.at(-1)
        ?.title,
    ).toBe('Rainy Day Deals');
  });
});
