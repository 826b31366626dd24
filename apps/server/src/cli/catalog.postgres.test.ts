/**
 * `npm run store -- catalog:import FILE [--apply]` and `catalog:export [FILE]` (cli/catalog.ts) as
 * an operator runs them, in the direct mode on PostgreSQL: the dry run's report and exit code,
 * the apply and its summary, the export to a file, and who may run them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  columnsFor,
  csvRow,
  documentCells,
  TEMPLATE_EXAMPLE,
  TEMPLATE_SHAPE,
} from '@storefront/shared/catalog-transfer';
import { UPLOAD_SOURCE } from '@storefront/shared/catalog-images';
import { readProducts } from '../modules/catalog/product-store.js';
import { zipOf } from '../modules/catalog-import/test-support.js';
import { photo } from '../test/image-fixtures.js';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createStaff, type TestStaff } from '../test/staff.js';
import { runStore } from '../test/store-cli.js';

let t: TestApp;
let cataloguer: TestStaff;
const dir = mkdtempSync(join(tmpdir(), 'storefront-cli-catalog-'));
beforeAll(async () => {
  t = await buildTestApp({ products: 20 });
  cataloguer = await createStaff(t, 'catalog');
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const store = (...args: string[]) =>
  runStore({ LOG_LEVEL: 'silent', DATA_DIR: dir, DATABASE_URL: t.databaseUrl, PORT: '9' }, args);

function file(name: string, docs: (typeof TEMPLATE_EXAMPLE)[]): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    csvRow(columnsFor(TEMPLATE_SHAPE)) +
      docs.map((d) => csvRow(documentCells(d, TEMPLATE_SHAPE))).join(''),
  );
  return path;
}

// The demo's art of its first product: a source the store serves, no zip needed.
const good = { ...TEMPLATE_EXAMPLE, code: 'CLI-1', images: ['products/BB-000001-1'] };

describe('npm run store -- catalog:import / catalog:export (direct mode)', () => {
  it('a file with errors: its report, exit 1, nothing applied even with --apply', async () => {
    const bad = { ...good, code: 'CLI-2', hsn: '12', status: 'active' as const };
    const run = await store(
      'catalog:import',
      file('bad.csv', [good, bad]),
      '--as',
      cataloguer.email,
      '--apply',
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(
      /^Dry run of bad\.csv \(import [0-9a-f]{24}\): 2 products: 1 new, 0 changed, 0 unchanged, 0 archived, 1 in error\.\n1 error:\n {2}row 3, column hsn: The HSN code must be 4, 6 or 8 digits\nNothing was applied: correct the file and run the import again\.\n$/,
    );
    expect((await readProducts(t.database.db, ['CLI-1', 'CLI-2'])).size).toBe(0);
  });

  it('a dry run alone writes nothing; --apply applies it with the summary', async () => {
    const path = file('good.csv', [good]);
    const dry = await store('catalog:import', path, '--as', cataloguer.email);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(
      'Nothing was written (a dry run). Run again with --apply to apply it.',
    );
    expect((await readProducts(t.database.db, ['CLI-1'])).size).toBe(0);
    const run = await store('catalog:import', path, '--as', cataloguer.email, '--apply');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /\nApplied: 1 products: 1 new, 0 changed, 0 unchanged, 0 archived, 0 in error\.\n$/,
    );
    expect(run.stderr).toContain('Apply   [##############################] 100% 1/1 products');
    expect((await readProducts(t.database.db, ['CLI-1'])).get('CLI-1')!.document).toEqual(good);
  });

  it('exports the catalog to a file, which imports as unchanged', async () => {
    const path = join(dir, 'export.csv');
    const run = await store('catalog:export', path, '--as', cataloguer.email);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('Exported 21 products to ' + path + '.\n');
    expect(readFileSync(path, 'utf8').split('\r\n')).toHaveLength(23);
    const again = await store('catalog:import', path, '--as', cataloguer.email);
    expect(again.stdout).toContain(
      '21 products: 0 new, 0 changed, 21 unchanged, 0 archived, 0 in error',
    );
  });

  it('--images: the photos of a zip, named by the file, stored and applied', async () => {
    const zip = join(dir, 'photos.zip');
    writeFileSync(zip, await zipOf({ 'wipes-front.jpg': await photo(40, 40) }));
    const path = file('photos.csv', [{ ...TEMPLATE_EXAMPLE, code: 'CLI-ZIP' }]);
    const run = await store(
      'catalog:import',
      path,
      '--images',
      zip,
      '--as',
      cataloguer.email,
      '--apply',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Storing the photos of photos.zip…');
    expect(run.stdout).toContain('Photos of photos.zip: 1 stored.\n');
    expect(run.stdout).toMatch(/\nApplied: 1 products: 1 new, /);
    const [source] = (await readProducts(t.database.db, ['CLI-ZIP'])).get('CLI-ZIP')!.document
      .images;
    expect(source).toMatch(UPLOAD_SOURCE);
    expect(readFileSync(join(dir, 'images', source!)).subarray(0, 3)).toEqual(
      Buffer.from([0xff, 0xd8, 0xff]),
    );

    const without = await store('catalog:import', path, '--as', cataloguer.email);
    expect(without.code).toBe(1);
    expect(without.stdout).toContain(
      'row 2, column image_1: wipes-front.jpg names a photo, but no zip of photos came with this file',
    );
    const notZip = await store('catalog:import', path, '--images', path, '--as', cataloguer.email);
    expect(notZip).toMatchObject({ code: 1 });
    expect(notZip.stderr).toMatch(/^Refused: "photos\.csv" is not a \.zip file/);
  });

  it('refuses a member of another role, and a command line without --as', async () => {
    const packer = await createStaff(t, 'fulfilment');
    const refused = await store('catalog:export', '--as', packer.email);
    expect(refused).toMatchObject({
      code: 1,
      stderr: `Refused: ${packer.email} is fulfilment; this needs catalog or owner.\n`,
    });
    const usage = await store('catalog:import', join(dir, 'good.csv'));
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^Name the staff member you act as: --as <email>\./);
  });
});
