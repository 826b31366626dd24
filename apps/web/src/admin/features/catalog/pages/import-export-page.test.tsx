import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportJob } from '@storefront/shared/catalog-transfer';
import { fakeApi } from '../../../../test/fake-api';
import { FIRST_LOAD, renderConsole, sessionOf } from '../../../test/render-console';

const JOB_ID = 'a1b2c3d4e5f6a7b8c9d0e1f2';

const job = (change: Partial<ImportJob> = {}): ImportJob => ({
  id: JOB_ID,
  fileName: 'supplier.csv',
  format: 'csv',
  status: 'validated',
  createdAt: '2026-11-26T06:30:00.000Z',
  updatedAt: '2026-11-26T06:31:00.000Z',
  createdBy: 'catalog@shop.example',
  bytesRead: 5000,
  bytes: 5000,
  done: 0,
  total: 1204,
  dryRun: { products: 1204, new: 4, changed: 200, unchanged: 999, archived: 1, invalid: 0 },
  applied: null,
  issueCount: 0,
  issues: [],
  error: null,
  images: null,
  ...change,
});

function api(jobs: ImportJob[]) {
  let read = 0;
  return fakeApi(({ method, path }) => {
    if (path === '/api/staff/session') return { body: sessionOf('catalog') };
    if (path === '/api/products/categories')
      return {
        body: {
          payload: [
            {
              _id: { $oid: '65a000000000000000000c01' },
              category: 'Baby',
              slug: 'baby',
              subCategory: [],
            },
          ],
        },
      };
    if (path === '/api/staff/catalog/imports' && method === 'GET')
      return { body: { jobs: [jobs[0]] } };
    if (path === '/api/staff/catalog/imports' && method === 'POST')
      return { status: 202, body: job({ status: 'validating', dryRun: null }) };
    if (path === `/api/staff/catalog/imports/${JOB_ID}/apply` && method === 'POST')
      return { status: 202, body: jobs[1] };
    if (path === `/api/staff/catalog/imports/${JOB_ID}`)
      return { body: jobs[Math.min(read++, jobs.length - 1)] };
    return undefined;
  });
}

describe('catalog import and export', () => {
  it('is in the navigation of catalog staff, with the export and the templates', async () => {
    api([job()]);
    renderConsole('/admin/import');
    expect(
      await screen.findByRole('heading', { name: 'Catalog import / export' }, FIRST_LOAD),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Import / export' })).toHaveAttribute(
      'href',
      '/admin/import',
    );
    await screen.findByRole('option', { name: 'Baby' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    await user.selectOptions(screen.getByLabelText('Category'), 'baby');
    await user.type(screen.getByLabelText('Name, code or brand'), 'wipes');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/staff/catalog/export.csv?status=active&category=baby&q=wipes',
    );
    expect(screen.getByRole('link', { name: 'one row per variant' })).toHaveAttribute(
      'href',
      '/api/staff/catalog/import-template.csv?layout=variant',
    );
  });

  it('uploads a file and follows its job in the URL', async () => {
    const requests = api([job({ status: 'validating', dryRun: null })]);
    renderConsole('/admin/import');
    const input = await screen.findByLabelText('File', undefined, FIRST_LOAD);
    const user = userEvent.setup();
    await user.upload(input, new File(['code\nX\n'], 'supplier.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/admin/import?job=${JOB_ID}`),
    );
    expect(
      requests.some((r) => r.method === 'POST' && r.path === '/api/staff/catalog/imports'),
    ).toBe(true);
    expect(await screen.findByText('Checking the file (dry run)…')).toBeVisible();
  });

  it('sends the zip of photos beside the file, and says while its photos are stored', async () => {
    const requests = api([
      job({
        status: 'validating',
        dryRun: null,
        images: { fileName: 'photos.zip', status: 'storing', stored: 120, problems: 0 },
      }),
    ]);
    renderConsole('/admin/import');
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText('File', undefined, FIRST_LOAD),
      new File(['code,image_1\nX,front.jpg\n'], 'supplier.csv', { type: 'text/csv' }),
    );
    await user.upload(
      screen.getByLabelText('Photos (zip, optional)'),
      new File(['PK'], 'photos.zip', { type: 'application/zip' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByText('Storing the photos of photos.zip…')).toBeVisible();
    expect(screen.getByText('120 photos stored so far; the file is checked next.')).toBeVisible();
    const sent = requests.find(
      (r) => r.method === 'POST' && r.path === '/api/staff/catalog/imports',
    )!.body as FormData;
    expect((sent.get('file') as File).name).toBe('supplier.csv');
    expect((sent.get('images') as File).name).toBe('photos.zip');
  });

  it('tells how many photos the zip gave once they are stored', async () => {
    api([job({ images: { fileName: 'photos.zip', status: 'stored', stored: 340, problems: 2 } })]);
    renderConsole(`/admin/import?job=${JOB_ID}`);
    expect(
      await screen.findByText(
        'Photos: 340 stored from photos.zip; 2 files are not an image it could read (an error on each row that names one).',
        undefined,
        FIRST_LOAD,
      ),
    ).toBeVisible();
  });

  it('shows every error by row and column, and no apply, for a file with errors', async () => {
    api([
      job({
        issueCount: 1,
        dryRun: { products: 1204, new: 4, changed: 200, unchanged: 998, archived: 1, invalid: 1 },
        issues: [
          {
            row: 1204,
            column: 'tier_2_min',
            code: 'tier_not_contiguous',
            message:
              'Tier 2 starts at 12, but tier 1 ends at 9: tiers must be contiguous (expected 10)',
            productCode: 'BB-000123',
            phase: 'dry_run',
          },
        ],
      }),
    ]);
    renderConsole(`/admin/import?job=${JOB_ID}`);
    expect(await screen.findByText('1 error in the file', undefined, FIRST_LOAD)).toBeVisible();
    const table = screen.getByRole('table', { name: 'Errors by row and column' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '1,204',
      'tier_2_min',
      'BB-000123',
      'Tier 2 starts at 12, but tier 1 ends at 9: tiers must be contiguous (expected 10)',
    ]);
    expect(screen.queryByRole('button', { name: /Apply/ })).toBeNull();
  });

  it('applies a clean file with a progress bar, then shows the summary', async () => {
    const applied = {
      products: 1204,
      new: 4,
      changed: 200,
      unchanged: 999,
      archived: 1,
      invalid: 0,
    };
    const requests = api([
      job(),
      job({ status: 'applying', done: 500 }),
      job({ status: 'applied', done: 1204, applied }),
    ]);
    renderConsole(`/admin/import?job=${JOB_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Apply 205 changes' }, FIRST_LOAD));
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith(`/${JOB_ID}/apply`))).toBe(
      true,
    );
    const bar = await screen.findByRole('progressbar', { name: 'Applying…' });
    expect(bar).toHaveAttribute('value', '500');
    expect(bar).toHaveAttribute('max', '1204');
    expect(screen.getByText('41% · 500 of 1,204 products applied')).toBeVisible();
    expect(
      await screen.findByText('Applied: 4 new, 200 changed, 1 archived, 999 unchanged.'),
    ).toBeVisible();
  });
});
