/**
 * Decision 059: a product's code, seller SKU and variant SKUs find it, case-insensitively, and an
 * exact SKU ranks above every text match; the index follows code, seller SKU and variant changes
 * in the same transaction, and hosted-Algolia records carry the SKUs (with a variant change
 * queued for the push).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { ALGOLIA_SETTINGS, createAlgoliaSync } from './algolia-sync.js';
import { insertSearchProducts } from './search-fixtures.js';
import { loadRecords, type SearchResult } from './service.js';

let t: TestApp;
let kettle: string;
let namesake: string;

beforeAll(async () => {
  t = await buildTestApp({ products: 40 });
  [kettle, namesake] = (await insertSearchProducts(t.database.db, [
    { name: 'Steel Kettle 2 L' },
    // Its name holds the words of the kettle's seller SKU: a text match, ranked below the SKU.
    { name: 'Kettle KTL 77 Descaler', description: 'For KTL-77 kettles.' },
  ])) as [string, string];
  await t.database.db
    .update(products)
    .set({ code: 'QO-KETTLE-1', sellerSku: 'KTL-77' })
    .where(eq(products.id, kettle));
  await t.database.db.insert(productVariants).values([
    { productId: kettle, position: 0, option1: 'Red', sku: 'KTL-77-RED' },
    { productId: kettle, position: 1, option1: 'Blue', sku: 'KTL-77-BLU' },
  ]);
});
afterAll(() => t.close());

async function search(query: string): Promise<SearchResult> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/search/1/indexes/product_index/query',
    payload: JSON.stringify({ query, hitsPerPage: 50 }),
    headers: { 'content-type': 'text/plain' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchResult;
}

const ids = (result: SearchResult) => result.hits.map((h) => h.objectID);

describe('search by product code and SKU (PostgreSQL engine)', () => {
  it('finds a product by its code, whatever the case', async () => {
    expect(ids(await search('QO-KETTLE-1'))[0]).toBe(kettle);
    expect(ids(await search('  qo-kettle-1 '))[0]).toBe(kettle);
  });

  it('finds it by a variant SKU that no word of its text holds', async () => {
    const result = await search('KTL-77-BLU');
    expect(ids(result)).toEqual([kettle]);
    expect(result.hits[0]!.skus).toEqual(['ktl-77', 'ktl-77-blu', 'ktl-77-red', 'qo-kettle-1']);
    expect(result.hits[0]!.code).toBe('QO-KETTLE-1');
  });

  it('ranks the exact seller SKU above a product whose name holds its words', async () => {
    const result = await search('KTL-77');
    expect(ids(result)[0]).toBe(kettle);
    expect(ids(result)).toContain(namesake);
  });

  it('follows a changed seller SKU and replaced variants', async () => {
    const db = t.database.db;
    await db.update(products).set({ sellerSku: 'KTL-88' }).where(eq(products.id, kettle));
    await db.delete(productVariants).where(eq(productVariants.productId, kettle));
    await db
      .insert(productVariants)
      .values({ productId: kettle, position: 0, option1: 'Green', sku: 'KTL-88-GRN' });
    expect(ids(await search('KTL-88-GRN'))).toEqual([kettle]);
    expect(ids(await search('KTL-77-BLU'))).toEqual([]);
    expect(ids(await search('KTL-88'))[0]).toBe(kettle);
  });

  it('a rebuilt index keeps the SKUs', async () => {
    await t.database.db.execute(sql`DELETE FROM product_search WHERE product_id = ${kettle}`);
    await t.database.db.execute(sql`SELECT search_rebuild()`);
    expect(ids(await search('ktl-88-grn'))).toEqual([kettle]);
  });
});

describe('search by SKU in hosted-Algolia mode', () => {
  it('makes the SKUs the first searchable attribute', () => {
    expect(ALGOLIA_SETTINGS.searchableAttributes[0]).toBe('unordered(skus)');
  });

  it('sends the code and SKUs in the records, and queues a product whose variants change', async () => {
    const [record] = await loadRecords(t.database.db, [kettle]);
    expect(record).toMatchObject({
      code: 'QO-KETTLE-1',
      skus: ['ktl-88', 'ktl-88-grn', 'qo-kettle-1'],
    });

    const sync = createAlgoliaSync(t.database.db, {
      appId: 'TESTAPP',
      adminKey: 'admin-key',
      indexName: 'product_index',
      hosts: ['http://127.0.0.1:9'],
    });
    await sync.enable();
    await t.database.db.execute(sql`DELETE FROM search_outbox`);
    await t.database.db
      .insert(productVariants)
      .values({ productId: kettle, position: 1, option1: 'Black', sku: 'KTL-88-BLK' });
    const queued = await t.database.db.execute(sql`SELECT product_id FROM search_outbox`);
    expect(queued.rows).toEqual([{ product_id: kettle }]);
    await sync.disable();
    await sync.stop();
  });
});
