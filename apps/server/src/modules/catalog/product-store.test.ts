import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ProductDocument } from '@storefront/shared/catalog-product';
import { OPEN_ENDED_MAX } from '@storefront/shared/pricing';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { firstPlace, productDocument } from '../../test/catalog-fixtures.js';
import { readProducts, saveProducts, type SaveOptions } from './product-store.js';

let t: TestApp;
let place: { category: string; subcategory: string };
beforeAll(async () => {
  t = await buildTestApp({ products: 30 });
  place = await firstPlace(t);
});
afterAll(() => t.close());

const product = (code: string, change: Partial<ProductDocument> = {}) =>
  productDocument(code, place, change);

const save = (docs: ProductDocument[], options?: SaveOptions) =>
  t.database.db.transaction((tx) => saveProducts(tx, docs, options));
const results = (outcomes: Awaited<ReturnType<typeof save>>) => outcomes.map((o) => o.result);

async function stockRows(code: string) {
  const result = await t.database.db.execute(
    sql`SELECT l.variant_position, l.on_hand FROM stock_levels l JOIN products p ON p.id = l.product_id
         WHERE p.code = ${code} ORDER BY l.variant_position NULLS FIRST`,
  );
  return result.rows.map((r) => [r.variant_position, r.on_hand]);
}

describe('saving products', () => {
  it('creates, then reports unchanged, then changed; reading back gives the same document', async () => {
    expect(results(await save([product('T-1')]))).toEqual(['new']);
    const stored = (await readProducts(t.database.db, ['T-1'])).get('T-1')!;
    expect(stored.document).toEqual({
      ...product('T-1'),
      descriptionHtml: '<p>Good stuff</p>',
    });
    expect(results(await save([product('T-1')]))).toEqual(['unchanged']);
    expect(results(await save([product('T-1', { name: 'Renamed' })]))).toEqual(['changed']);
    expect(await stockRows('T-1')).toEqual([
      [null, 20],
      [0, 5],
    ]);
  });

  it('a change to any field is written and read back', async () => {
    await save([product('T-10')]);
    const other = (
      await t.database.db.execute(
        sql`SELECT c.slug AS category, s.slug AS subcategory FROM subcategories s
              JOIN categories c ON c.id = s.category_id ORDER BY c.position DESC, s.position DESC LIMIT 1`,
      )
    ).rows[0] as { category: string; subcategory: string };
    const changed = product('T-10', {
      ...other,
      sellerSku: 'SUP-10',
      name: 'Changed',
      brand: 'Other',
      features: ['Light'],
      descriptionHtml: '<p>New</p>',
      hsn: '847330',
      weightGrams: 250,
      location: 'Pune',
      mrpPaise: 300_00,
      spPaise: 250_00,
      tiers: [{ minQuantity: 5, maxQuantity: OPEN_ENDED_MAX, pricePaise: 240_00 }],
      minOrderQuantity: 4,
      orderMultiple: 2,
      status: 'draft',
    });
    expect(results(await save([changed]))).toEqual(['changed']);
    expect((await readProducts(t.database.db, ['T-10'])).get('T-10')!.document).toEqual(changed);
  });

  it('a dry run reports the same outcomes and writes nothing', async () => {
    expect(
      results(await save([product('T-2'), product('T-1', { name: 'Renamed' })], { dryRun: true })),
    ).toEqual(['new', 'unchanged']);
    expect((await readProducts(t.database.db, ['T-2'])).size).toBe(0);
  });

  it('refuses an active product that breaks a rule, and one of an unknown category; a draft may break rules', async () => {
    const outcomes = await save([
      product('T-3', { images: [] }),
      product('T-4', { category: 'nowhere' }),
      product('T-5', { images: [], status: 'draft' }),
    ]);
    expect(outcomes.map((o) => (o.result === 'invalid' ? o.issues[0]!.code : o.result))).toEqual([
      'image_missing',
      'category_unknown',
      'new',
    ]);
    expect([...(await readProducts(t.database.db, ['T-3', 'T-4', 'T-5'])).keys()]).toEqual(['T-5']);
  });

  it('the seed may keep its planted defects active', async () => {
    expect(results(await save([product('T-6', { images: [] })], { allowDefects: true }))).toEqual([
      'new',
    ]);
  });

  it('a variant keeps its position when another is removed, and a new one takes the next', async () => {
    await save([product('T-7')]);
    const three = {
      options: [{ name: 'Colour', values: ['Red', 'Blue', 'Green'] }],
      variants: [
        { option1: 'Blue', sku: 'T-7-B', pricePaise: null, stock: null },
        { option1: 'Green', sku: 'T-7-G', pricePaise: null, stock: 3 },
      ],
      status: 'draft' as const,
    };
    await save([product('T-7', three)]);
    const stored = (await readProducts(t.database.db, ['T-7'])).get('T-7')!;
    expect([...stored.positions]).toEqual([
      ['Blue', 1],
      ['Green', 2],
    ]);
    // Red's stock row went with it; Green has its own.
    expect(await stockRows('T-7')).toEqual([
      [null, 20],
      [2, 3],
    ]);
  });

  it('keepStock leaves stored counts alone, so units an order took are not put back', async () => {
    await save([product('T-8')]);
    await t.database.db.execute(
      sql`UPDATE stock_levels SET on_hand = on_hand - 2
           WHERE product_id = (SELECT id FROM products WHERE code = 'T-8')`,
    );
    const outcomes = await save([product('T-8', { name: 'Edited', stock: 99 })], {
      keepStock: true,
    });
    expect(results(outcomes)).toEqual(['changed']);
    expect(await stockRows('T-8')).toEqual([
      [null, 18],
      [0, 3],
    ]);
    // An import sets the counts it names, and drops a row it no longer names.
    await save([
      product('T-8', {
        stock: null,
        variants: product('T-8').variants.map((v) => ({ ...v, stock: 7 })),
      }),
    ]);
    expect(await stockRows('T-8')).toEqual([
      [0, 7],
      [1, 7],
    ]);
  });

  it('a product is written whole or not at all', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await saveProducts(tx, [product('T-9')]);
        throw new Error('interrupted');
      }),
    ).rejects.toThrow('interrupted');
    expect((await readProducts(t.database.db, ['T-9'])).size).toBe(0);
  });
});
