import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  columnsFor,
  csvRow,
  documentCells,
  issueText,
  TEMPLATE_EXAMPLE,
  TEMPLATE_SHAPE,
  type ImportJob,
} from '@storefront/shared/catalog-transfer';
import { UPLOAD_SOURCE } from '@storefront/shared/catalog-images';
import { catalogImportJobs, staffAuditLog } from '../../db/schema.js';
import { photo } from '../../test/image-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createStaff, signIn } from '../../test/staff.js';
import { readProducts, saveProducts } from '../catalog/product-store.js';
import { ImportRunner } from './jobs.js';
import { apply, dryRun, settled, zipOf } from './test-support.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp({ products: 600 });
  ({ cookie } = await signIn(t, await createStaff(t, 'catalog')));
}, 120_000);
afterAll(() => t.close());

const csv = (header: string[], rows: string[][]) =>
  `\uFEFF${csvRow(header)}${rows.map((row) => csvRow(row)).join('')}`;

/** A digest of the catalog's tables: equal before and after means nothing was written. */
async function catalogDigest(): Promise<string> {
  const result = await t.database.db.execute(sql`
    SELECT (SELECT md5(string_agg(md5(p::text), ',' ORDER BY p.id)) FROM products p) ||
           (SELECT md5(coalesce(string_agg(md5(v::text), ',' ORDER BY v.product_id, v.position), '')) FROM product_variants v) ||
           (SELECT md5(coalesce(string_agg(md5(r::text), ',' ORDER BY r.product_id, r.min_quantity), '')) FROM product_price_tiers r) ||
           (SELECT md5(coalesce(string_agg(md5(s::text), ',' ORDER BY s.product_id, s.variant_position), '')) FROM stock_levels s)
      AS digest`);
  return (result.rows[0] as { digest: string }).digest;
}

async function exportCsv(query = ''): Promise<string> {
  const response = await t.app.inject({
    url: `/api/staff/catalog/export.csv${query}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  return response.body;
}

const product = (code: string, overrides: Partial<typeof TEMPLATE_EXAMPLE> = {}) => ({
  ...TEMPLATE_EXAMPLE,
  code,
  status: 'active' as const,
  // The demo's art of its first product: a source the store serves (no zip needed).
  images: ['products/BB-000001-1'],
  variants: TEMPLATE_EXAMPLE.variants.map((v) => ({ ...v, sku: `${code}-${v.sku}` })),
  ...overrides,
});

describe('export and import of the demo catalog', () => {
  it('exports every product once, and the file imported again reports 600 unchanged', async () => {
    const before = await catalogDigest();
    const file = await exportCsv();
    const rows = parse(file, { bom: true }) as string[][];
    expect(rows).toHaveLength(601);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(600);

    const job = await dryRun(t, cookie, 'catalog.csv', file);
    expect(job.issues.map((i) => issueText(i))).toEqual([]);
    expect(job).toMatchObject({
      status: 'validated',
      issueCount: 0,
      dryRun: { products: 600, new: 0, changed: 0, unchanged: 600, archived: 0, invalid: 0 },
    });
    const applied = await apply(t, cookie, job.id);
    expect(applied).toMatchObject({
      status: 'applied',
      done: 600,
      total: 600,
      applied: { products: 600, unchanged: 600, changed: 0, new: 0 },
    });
    expect(await catalogDigest()).toBe(before);
  });

  it('exports a filter: a category, a status, a text', async () => {
    const baby = parse(await exportCsv('?category=baby'), { bom: true }) as string[][];
    expect(baby.length - 1).toBe(30);
    expect(baby.slice(1).every((r) => r[5] === 'baby')).toBe(true);
    const drafts = parse(await exportCsv('?status=draft'), { bom: true }) as string[][];
    expect(drafts).toHaveLength(1);
    const code = baby[1]![0]!;
    const found = parse(await exportCsv(`?q=${encodeURIComponent(code)}`), { bom: true });
    expect((found as string[][]).map((r) => r[0])).toEqual(['code', code]);
  });

  it('records the export in the audit log with its filter and count', async () => {
    await exportCsv('?status=active&category=beauty');
    const [entry] = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'catalog.export'))
      .orderBy(sql`${staffAuditLog.id} DESC`)
      .limit(1);
    expect(entry!.after).toEqual({
      filters: { status: 'active', category: 'beauty' },
      rows: 30,
      format: 'csv',
    });
  });
});

describe('a file with errors, then corrected', () => {
  const header = columnsFor(TEMPLATE_SHAPE);
  const good = product('IMP-GOOD-1');
  const bad = product('IMP-BAD-1', {
    tiers: [
      { minQuantity: 1, maxQuantity: 9, pricePaise: 1_199_00 },
      { minQuantity: 12, maxQuantity: 49, pricePaise: 1_100_00 },
      { minQuantity: 50, maxQuantity: 999_999, pricePaise: 1_000_00 },
    ],
  });

  it('reports every row and column in error and changes nothing; apply is refused', async () => {
    const before = await catalogDigest();
    const badCells = documentCells(bad, TEMPLATE_SHAPE);
    badCells[header.indexOf('mrp')] = '14,99.999';
    const file = csv(header, [
      documentCells(good, TEMPLATE_SHAPE),
      badCells,
      documentCells({ ...good, name: 'Again' }, TEMPLATE_SHAPE),
    ]);
    const job = await dryRun(t, cookie, 'supplier.csv', file);
    expect(job.issues.map((i) => issueText(i))).toEqual([
      'row 3, column mrp: "14,99.999" is not an amount in rupees with at most 2 decimals',
      'row 4, column code: Product IMP-GOOD-1 is also on row 2: a file names each product once (one row per product, or its variant rows one after another)',
    ]);
    expect(job.dryRun).toEqual({
      products: 3,
      new: 1,
      changed: 0,
      unchanged: 0,
      archived: 0,
      invalid: 2,
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/staff/catalog/imports/${job.id}/apply`,
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'import_has_errors',
      detail:
        'The dry run found 2 errors: nothing is applied until the file is corrected and uploaded again',
    });
    expect(await catalogDigest()).toBe(before);
  });

  it('reports a broken buyer-side rule on its row and column', async () => {
    const file = csv(header, [documentCells(bad, TEMPLATE_SHAPE)]);
    const job = await dryRun(t, cookie, 'supplier.csv', file);
    expect(job.issues.map((i) => issueText(i))).toEqual([
      'row 2, column tier_2_min: Tier 2 starts at 12, but tier 1 ends at 9: tiers must be contiguous (expected 10)',
    ]);
    expect(job.issues[0]).toMatchObject({ productCode: 'IMP-BAD-1', phase: 'dry_run' });
  });

  it('the corrected file applies: new products, then a change, then an archive', async () => {
    const fixed = {
      ...bad,
      tiers: bad.tiers.map((tier, i) => (i === 1 ? { ...tier, minQuantity: 10 } : tier)),
    };
    const job = await dryRun(
      t,
      cookie,
      'supplier.csv',
      csv(header, [documentCells(good, TEMPLATE_SHAPE), documentCells(fixed, TEMPLATE_SHAPE)]),
    );
    expect(job.issueCount).toBe(0);
    expect(job.dryRun).toMatchObject({ new: 2, invalid: 0 });
    expect(await apply(t, cookie, job.id)).toMatchObject({
      status: 'applied',
      applied: { products: 2, new: 2, changed: 0, unchanged: 0, archived: 0, invalid: 0 },
    });
    const stored = await readProducts(t.database.db, [good.code, fixed.code]);
    expect(stored.get(good.code)!.document).toEqual({
      ...good,
      descriptionHtml: good.descriptionHtml,
    });
    expect(stored.get(fixed.code)!.document).toEqual(fixed);

    const next = await dryRun(
      t,
      cookie,
      'supplier.csv',
      csv(header, [
        documentCells({ ...good, name: 'Soft Baby Wipes, Aloe' }, TEMPLATE_SHAPE),
        documentCells({ ...fixed, status: 'archived' }, TEMPLATE_SHAPE),
      ]),
    );
    expect(next.dryRun).toEqual({
      products: 2,
      new: 0,
      changed: 1,
      unchanged: 0,
      archived: 1,
      invalid: 0,
    });
    await apply(t, cookie, next.id);
    const after = await readProducts(t.database.db, [good.code, fixed.code]);
    expect(after.get(good.code)!.document.name).toBe('Soft Baby Wipes, Aloe');
    expect(after.get(fixed.code)!.document.status).toBe('archived');
  });
});

describe('other files', () => {
  it('a price list of a few columns changes prices and stock only', async () => {
    const code = 'IMP-GOOD-1';
    const job = await dryRun(
      t,
      cookie,
      'prices.csv',
      csv(['code', 'price', 'stock'], [[code, '1,249.50', '250']]),
    );
    expect(job.issues).toEqual([]);
    expect(job.dryRun).toMatchObject({ changed: 1 });
    await apply(t, cookie, job.id);
    const doc = (await readProducts(t.database.db, [code])).get(code)!.document;
    expect(doc).toMatchObject({ spPaise: 1_249_50, stock: 250, name: 'Soft Baby Wipes, Aloe' });
    expect(doc.variants).toEqual(product(code).variants);
  });

  it('one row per variant, as the variant template lays it out, its photo from the zip', async () => {
    const template = await t.app.inject({
      url: '/api/staff/catalog/import-template.csv?layout=variant',
      headers: { cookie },
    });
    expect(template.statusCode).toBe(200);
    const photos = {
      fileName: 'photos.zip',
      content: await zipOf({ 'wipes-front.jpg': await photo(40, 30) }),
    };
    const job = await dryRun(t, cookie, 'variants.csv', template.body, photos);
    expect(job.issues).toEqual([]);
    expect(job.dryRun).toMatchObject({ products: 1, new: 1 });
    await apply(t, cookie, job.id);
    const stored = await readProducts(t.database.db, [TEMPLATE_EXAMPLE.code]);
    const document = stored.get(TEMPLATE_EXAMPLE.code)!.document;
    expect(document).toEqual({
      ...TEMPLATE_EXAMPLE,
      images: [expect.stringMatching(UPLOAD_SOURCE)],
    });
    // The product-row template describes the same product, and the same photo is stored under
    // the same source: nothing to change.
    const again = await t.app.inject({
      url: '/api/staff/catalog/import-template.csv',
      headers: { cookie },
    });
    expect((await dryRun(t, cookie, 'template.csv', again.body, photos)).dryRun).toMatchObject({
      unchanged: 1,
    });
  });

  it('JSON Lines: one document a line, issues by line and field', async () => {
    const lines = [
      JSON.stringify(product('IMP-JSON-1')),
      '{not json',
      JSON.stringify({ ...product('IMP-JSON-2'), mrpPaise: 12.5 }),
    ].join('\n');
    const job = await dryRun(t, cookie, 'catalog.jsonl', lines);
    expect(job.issues.map((i) => issueText(i, 'line'))).toEqual([
      expect.stringMatching(/^line 2: Not JSON: /),
      'line 3, column mrpPaise: Whole paise only',
    ]);
    expect(job.dryRun).toMatchObject({ products: 3, new: 1, invalid: 2 });
  });

  it('refuses a line longer than a product can be, without holding it', async () => {
    const lines = `${JSON.stringify(product('IMP-JSON-3'))}\n{"code":"${'x'.repeat(1_100_000)}"}\n`;
    const job = await dryRun(t, cookie, 'long.jsonl', lines);
    expect(job.issues.map((i) => issueText(i, 'line'))).toEqual([
      'line 2: Line 2 is longer than 1 MB: one product a line',
    ]);
  });

  it('refuses a header it cannot read, and a file of another kind', async () => {
    const job = await dryRun(t, cookie, 'bad.csv', 'code,prise\nX,1\n');
    expect(job.issues.map((i) => issueText(i))).toEqual([
      'row 1, column prise: Unknown column prise: docs/catalog-import.md lists the columns',
    ]);
    expect(job.dryRun).toMatchObject({ products: 0 });
    const { multipartFile } = await import('./test-support.js');
    const { payload, headers } = multipartFile('catalog.xlsx', 'PK');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/catalog/imports',
      payload,
      headers: { ...headers, cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('import_format');
  });
});

describe('the spreadsheet-safe export', () => {
  it('disarms formula cells and reads them back as they were', async () => {
    const code = 'IMP-FORMULA-1';
    await t.database.db.transaction((tx) =>
      saveProducts(tx, [
        product(code, {
          name: '=HYPERLINK("http://evil.example","Click")',
          brand: '+Brand',
          features: ['-5% off', '@home', 'plain'],
        }),
      ]),
    );
    const file = await exportCsv(`?q=${code}`);
    const line = file.split('\r\n')[1]!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(line).toContain(`"'+Brand"`);
    expect(line).toContain(`"'-5% off","'@home","plain"`);
    const job = await dryRun(t, cookie, 'formula.csv', file);
    expect(job.dryRun).toMatchObject({ unchanged: 1, invalid: 0 });
  });
});

describe('an apply resumed from its cursor', () => {
  it('skips the batches already written and writes the rest', async () => {
    const header = columnsFor(TEMPLATE_SHAPE);
    const codes = Array.from({ length: 1200 }, (_, i) => `IMP-BULK-${String(i).padStart(4, '0')}`);
    const file = csv(
      header,
      codes.map((code) => documentCells(product(code), TEMPLATE_SHAPE)),
    );
    const job = await dryRun(t, cookie, 'bulk.csv', file);
    expect(job.dryRun).toMatchObject({ products: 1200, new: 1200 });
    // As if a process had written the first batch and died: applying, cursor at 500.
    await t.database.db
      .update(catalogImportJobs)
      .set({ status: 'applying', done: 500, appliedBy: 'operator' })
      .where(eq(catalogImportJobs.id, job.id));
    const runner = new ImportRunner(t.database.db, t.config);
    const seen: number[] = [];
    await runner.start(job.id, (progress) => seen.push(progress.done));
    const done: ImportJob = await settled(t, cookie, job.id);
    expect(done).toMatchObject({ status: 'applied', done: 1200, applied: { new: 700 } });
    expect(seen).toEqual([1000, 1200, 1200]);
    const stored = await readProducts(t.database.db, codes);
    expect(codes.filter((code) => stored.has(code))).toEqual(codes.slice(500));
  });
});
