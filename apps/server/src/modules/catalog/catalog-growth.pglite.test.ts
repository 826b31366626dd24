import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ProductDocument } from '@storefront/shared/catalog-product';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { firstPlace, productDocument } from '../../test/catalog-fixtures.js';
import { CatalogGrowth, saveProducts } from './product-store.js';

// PGlite's one connection keeps the search triggers' plans (decision 078); on PostgreSQL a pool's
// other connections would keep theirs, and autovacuum replans them.
let t: TestApp;
let place: { category: string; subcategory: string };
beforeAll(async () => {
  t = await buildTestApp({ products: 30 });
  place = await firstPlace(t);
});
afterAll(() => t.close());

let serial = 0;
/** `count` new active products. */
const newProducts = (count: number): ProductDocument[] =>
  Array.from({ length: count }, () => productDocument(`GROWTH-${++serial}`, place));

const save = (docs: ProductDocument[]) =>
  t.database.db.transaction((tx) => saveProducts(tx, docs, { allowDefects: true }));

/** Scans of product_variants so far, by kind. */
async function variantScans(): Promise<{ seq: number; index: number }> {
  await t.database.db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const result = await t.database.db.execute(
    sql`SELECT seq_scan::int AS seq, idx_scan::int AS index
          FROM pg_stat_user_tables WHERE relname = 'product_variants'`,
  );
  return result.rows[0] as { seq: number; index: number };
}

/** Sequential scans of product_variants while `docs` are saved. */
async function seqScansSaving(docs: ProductDocument[]): Promise<number> {
  const before = await variantScans();
  await save(docs);
  return (await variantScans()).seq - before.seq;
}

it('a catalog that has doubled has its cached plans made again, the search trigger finding variants by index', async () => {
  // The triggers' plans made on the small catalog: product_variants is read whole.
  await save(newProducts(10));
  // The catalog grown past them in one statement: 40,000 variants more. (Not with the triggers
  // off through session_replication_role: setting it drops every cached plan.)
  await t.database.db.execute(
    sql`INSERT INTO product_variants (product_id, position, option1, sku)
        SELECT p.id, 100 + g, 'v' || g, p.code || '-' || g FROM products p, generate_series(1, 1000) g`,
  );
  const growth = await CatalogGrowth.start(t.database.db);
  expect(await seqScansSaving(newProducts(20))).toBeGreaterThanOrEqual(20);

  // Not doubled yet: the plans stay.
  await growth.grew(499);
  expect(await seqScansSaving(newProducts(20))).toBeGreaterThanOrEqual(20);

  await growth.grew(1);
  const index = (await variantScans()).index;
  expect(await seqScansSaving(newProducts(20))).toBe(0);
  expect((await variantScans()).index - index).toBeGreaterThanOrEqual(20);
});
