/**
 * Issue 20's import journeys (decision 051): a catalog member exports the catalog, and the file
 * imported again reports nothing to change; the file edited with an error gets its report by row
 * and column and changes nothing; corrected, it applies, and the buyer's product page shows the
 * new price.
 */
import { readFileSync } from 'node:fs';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import { formatRupees } from '@storefront/shared/money';
import { href } from '@storefront/shared/routes';
import { parseCsv } from '@storefront/shared/testing/csv';
import { expect, test, type Page } from '../../fixtures';
import { enrolMember } from './staff';

const toCsv = (rows: string[][]) =>
  rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n';

async function upload(page: Page, name: string, text: string) {
  await page.getByLabel('File').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });
  await page.getByRole('button', { name: 'Upload and check' }).click();
}

test('export, an import with an error that changes nothing, the corrected file applied', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await enrolMember(page, `cataloguer-${Date.now()}@shop.example`, 'catalog', 'Meera Shah');
  await page.getByRole('link', { name: 'Import / export' }).click();
  await expect(page.getByRole('heading', { name: 'Catalog import / export' })).toBeVisible();

  await page.getByLabel('Category').selectOption({ label: 'Baby' });
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const exported = readFileSync((await (await download).path())!, 'utf8').replace(/^\uFEFF/, '');
  const rows = parseCsv(exported);
  const header = rows[0]!;
  const column = (name: string) => header.indexOf(name);
  expect(rows.length - 1).toBe(30);

  // The export imported as it is: nothing to change.
  await upload(page, 'baby.csv', exported);
  await expect(page.getByText('Checked', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Nothing to change: every product in the file is as the catalog has it.'),
  ).toBeVisible();

  // A product whose first tier starts at 1 (its price is tier 1's), repriced; another broken.
  const target = rows.findIndex((r, i) => i > 0 && r[column('tier_1_min')] === '1');
  const code = rows[target]![column('code')]!;
  const price = rows[target]![column('price')]!;
  const newPrice = (Math.round(Number(price) * 100) - 100) / 100;
  const edited = rows.map((r) => [...r]);
  edited[target]![column('price')] = newPrice.toFixed(2);
  edited[target]![column('tier_1_price')] = newPrice.toFixed(2);
  const broken = target === 1 ? 2 : 1;
  edited[broken]![column('hsn')] = '12';
  edited[broken]![column('status')] = 'active';
  await upload(page, 'baby-edited.csv', toCsv(edited));
  await expect(page.getByText('1 error in the file')).toBeVisible();
  const errors = page.getByRole('table', { name: 'Errors by row and column' });
  await expect(errors.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    String(broken + 1),
    'hsn',
    rows[broken]![column('code')]!,
    'The HSN code must be 4, 6 or 8 digits',
  ]);
  await expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(0);

  // Nothing changed: the buyer still sees the old price.
  const name = rows[target]![column('name')]!;
  let id: string | undefined;
  for (const n of [1, 2]) {
    const list = (await (await page.request.get(catalogCalls.listing('baby', n))).json()) as {
      payload: { _id: string; name: string; sp: number }[];
    };
    id ??= list.payload.find((p) => p.name === name && p.sp === Number(price))?._id;
  }
  expect(id, `${code} (${name}) in the Baby listing`).toBeDefined();
  const priceOf = async () =>
    (
      (await (await page.request.get(`/api/products/product/${id}`)).json()) as {
        payload: { sp: number };
      }
    ).payload.sp;
  expect(await priceOf()).toBe(Number(price));

  // Corrected, it applies.
  edited[broken]![column('hsn')] = rows[broken]![column('hsn')]!;
  edited[broken]![column('status')] = rows[broken]![column('status')]!;
  await upload(page, 'baby-corrected.csv', toCsv(edited));
  await page.getByRole('button', { name: 'Apply 1 change' }).click();
  await expect(page.getByText('Applied: 0 new, 1 changed, 0 archived, 29 unchanged.')).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(priceOf).toBe(newPrice);
  await page.goto(href.product(id!));
  await expect(page.getByText(formatRupees(Math.round(newPrice * 100))).first()).toBeVisible();
});
