/**
 * The console's "needs attention" (decision 050) with the images module's real check: an
 * uploaded photo counts when it is in storage, stored with every save, so the list reads a row
 * per product; products without one (after the upgrade that made the table) are counted as
 * unchecked and checked by the sweep in the background.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogProductDetail, CatalogProductList } from '@storefront/shared/catalog-desk';
import type { ProductDocument } from '@storefront/shared/catalog-product';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { photo } from '../../test/image-fixtures.js';
import { multipartForm } from '../../test/multipart.js';
import { createStaff, signIn } from '../../test/staff.js';
import { imageStorage } from '../images/storage.js';
import { AttentionSweep } from './attention-sweep.js';
import { readProducts } from './product-store.js';

let t: TestApp;
let cookie: string;
let base: ProductDocument;

beforeAll(async () => {
  t = await buildTestApp({ products: 80 });
  ({ cookie } = await signIn(t, await createStaff(t, 'catalog')));
  const [first] = (await readProducts(t.database.db, ['BB-000001'])).values();
  base = {
    ...first!.document,
    options: [],
    variants: [],
    status: 'active',
  };
});
afterAll(() => t.close());

const BASE = '/api/staff/catalog';

async function list(query: string): Promise<CatalogProductList> {
  const response = await t.app.inject({ url: `${BASE}/products?${query}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function uploadPhoto(color: string): Promise<string> {
  const form = multipartForm([
    {
      name: 'file',
      filename: 'p.jpg',
      contentType: 'image/jpeg',
      data: await photo(30, 30, color),
    },
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `${BASE}/images`,
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { source: string }).source;
}

async function create(doc: ProductDocument): Promise<CatalogProductDetail> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${BASE}/products`,
    payload: { product: doc },
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('needs attention, with the images really looked up', () => {
  it('an uploaded photo in storage is fine; an upload source with nothing stored is flagged', async () => {
    const stored = await uploadPhoto('#228833');
    const gone = `uploads/${'0'.repeat(32)}.jpg`;
    const good = await create({ ...base, code: 'ATT-GOOD', images: [stored] });
    expect(good.issues).toEqual([]);
    const bad = await create({ ...base, code: 'ATT-GONE', images: [stored, gone] });
    expect(bad.issues).toEqual([
      {
        path: 'images.1',
        code: 'image_not_found',
        message: `Image ${gone} does not exist: the product page's gallery skips it`,
      },
    ]);

    const flagged = await list('attention=true&q=ATT-&limit=100');
    expect(flagged.items.map((row) => [row.code, row.needsAttention])).toEqual([
      ['ATT-GONE', true],
    ]);
    expect(flagged.items[0]!.issues).toEqual(bad.issues);
    const fine = await list('attention=false&q=ATT-&limit=100');
    expect(fine.items.map((row) => [row.code, row.issues])).toEqual([['ATT-GOOD', []]]);

    // The missing photo uploaded after all, and the product saved again: no longer flagged.
    await imageStorage(t.config).put(gone, await photo(10, 10), 'image/jpeg');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/products/${bad.id}`,
      payload: { version: bad.version, product: { ...bad.product, name: 'Photo found' } },
      headers: { cookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await list('attention=true&q=ATT-')).total).toBe(0);
  });

  it('a draft with a missing image is listed with the issue but not counted as needing attention', async () => {
    const before = (await list('')).counts.attention;
    await create({
      ...base,
      code: 'ATT-DRAFT',
      status: 'draft',
      images: [`uploads/${'1'.repeat(32)}.png`],
    });
    const { items, counts } = await list('q=ATT-DRAFT');
    expect(items[0]).toMatchObject({
      needsAttention: false,
      issues: [{ code: 'image_not_found' }],
    });
    expect(counts.attention).toBe(before);
  });
});

describe('the attention rows', () => {
  it('products saved before the rows existed are counted unchecked until the sweep checks them', async () => {
    const before = await list('attention=true&limit=100');
    expect(before.counts.unchecked).toBe(0);
    expect(before.total).toBeGreaterThan(0);

    // As just after the migration that made the table: no product has a row.
    await t.database.db.execute(sql`DELETE FROM product_attention`);
    const upgraded = await list('attention=true&limit=100');
    expect(upgraded.counts).toMatchObject({
      attention: 0,
      unchecked: before.counts.active + before.counts.draft + before.counts.archived,
    });
    expect(upgraded.total).toBe(0);

    await new AttentionSweep(t.database.db, imageStorage(t.config)).run();
    const swept = await list('attention=true&limit=100');
    expect(swept.counts.unchecked).toBe(0);
    expect(swept.items.map((row) => [row.code, row.issues])).toEqual(
      before.items.map((row) => [row.code, row.issues]),
    );
  });
});
