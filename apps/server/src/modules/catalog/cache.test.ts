import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse, ProductDetail } from '@storefront/shared/catalog';
import { buildTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ products: 40 });
});
afterAll(() => t.close());

async function firstProduct(): Promise<string> {
  const list = (
    await t.app.inject({ url: '/api/products?query=baby&limit=1' })
  ).json() as ProductListResponse;
  return list.payload[0]!._id;
}

describe('cached catalog answers', () => {
  it('serve a repeated read from memory, with an ETag and 304 on a match', async () => {
    const id = await firstProduct();
    const url = `/api/products/product/${id}`;
    const first = await t.app.inject({ url });
    expect(Number(first.headers['x-sql-statements'])).toBeGreaterThan(0);
    const second = await t.app.inject({ url });
    expect(second.headers['x-sql-statements']).toBe('0');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe('public, max-age=60');
    const revalidated = await t.app.inject({
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('keep one answer per validated request, however its URL spells it', async () => {
    const first = await t.app.inject({ url: '/api/products?query=home%20kitchen&page=2&limit=5' });
    expect(Number(first.headers['x-sql-statements'])).toBeGreaterThan(0);
    for (const url of [
      '/api/products?limit=5&page=2&query=home%20kitchen',
      '/api/products?query=%20%20home%20kitchen%20&limit=05&page=2.0',
    ]) {
      const again = await t.app.inject({ url });
      expect(again.headers['x-sql-statements'], url).toBe('0');
      expect(again.body).toBe(first.body);
    }
  });

  it('never cache an error', async () => {
    const url = '/api/products/product/ffffffffffffffffffffffff';
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    const again = await t.app.inject({ url });
    expect(again.statusCode).toBe(404);
    expect(Number(again.headers['x-sql-statements'])).toBeGreaterThan(0);
  });

  it('are dropped as soon as the catalog changes, whoever changed it', async () => {
    const id = await firstProduct();
    const url = `/api/products/product/${id}`;
    await t.app.inject({ url });
    await t.database.db.execute(
      sql`UPDATE products SET name = 'Renamed Bulk Kettle 1.5 L' WHERE id = ${id}`,
    );
    const deadline = Date.now() + 5000;
    let name = '';
    while (Date.now() < deadline) {
      name = ((await t.app.inject({ url })).json() as { payload: ProductDetail }).payload.name;
      if (name === 'Renamed Bulk Kettle 1.5 L') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(name).toBe('Renamed Bulk Kettle 1.5 L');
  });
});
