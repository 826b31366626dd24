/**
 * Images in a catalog import (issue 20: "Images by file name from an uploaded zip, or by URL when
 * the operator allows outbound fetches (off by default)"; decision 051): the zip's photos stored
 * once and served, a name that is no photo reported by row and column, URLs refused while
 * fetching is off and fetched by the dry run (only) when it is on.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_SOURCE } from '@storefront/shared/catalog-images';
import {
  columnsFor,
  csvRow,
  documentCells,
  issueText,
  TEMPLATE_EXAMPLE,
  type ColumnShape,
  type ImportJob,
} from '@storefront/shared/catalog-transfer';
import { resolveImageUrl } from '@storefront/shared/images';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { photo, SVG } from '../../test/image-fixtures.js';
import { createStaff, signIn, type TestStaff } from '../../test/staff.js';
import { readProducts, saveProducts } from '../catalog/product-store.js';
import { createImportJob, ImportRunner, importJob, requestApply } from './jobs.js';
import { apply, dryRun, multipartFiles, zipOf } from './test-support.js';

let t: TestApp;
let member: TestStaff;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp({ products: 20 });
  member = await createStaff(t, 'catalog');
  ({ cookie } = await signIn(t, member));
}, 120_000);
afterAll(() => t.close());

const SHAPE: ColumnShape = { features: 3, images: 3, tiers: 3, options: 2, variants: 4 };
const product = (code: string, images: string[]) => ({
  ...TEMPLATE_EXAMPLE,
  code,
  status: 'active' as const,
  images,
  variants: TEMPLATE_EXAMPLE.variants.map((v) => ({ ...v, sku: `${code}-${v.sku}` })),
});
const csv = (docs: ReturnType<typeof product>[]) =>
  csvRow(columnsFor(SHAPE)) + docs.map((doc) => csvRow(documentCells(doc, SHAPE))).join('');

async function served(source: string, query = '') {
  const response = await t.app.inject({ url: `${resolveImageUrl(source)}${query}` });
  return { status: response.statusCode, type: response.headers['content-type'] };
}

describe('photos from a zip uploaded beside the file', () => {
  it('stores each once, rewrites the cells naming them, and the photos are served', async () => {
    const zip = await zipOf({
      'photos/front.jpg': await photo(60, 40, '#cc3311'),
      'photos/back.jpg': await photo(60, 40, '#1133cc'),
      'side.png': await photo(50, 50, '#11cc33'),
      'photos/notes.svg': SVG,
      '__MACOSX/photos/._front.jpg': 'junk',
    });
    const file = csv([
      // By bare file name, and by path in the zip.
      product('ZIP-1', ['front.jpg', 'photos/back.jpg']),
      product('ZIP-2', ['side.png', 'front.jpg']),
    ]);
    const job = await dryRun(t, cookie, 'zip.csv', file, { fileName: 'photos.zip', content: zip });
    expect(job.issues.map((i) => issueText(i))).toEqual([]);
    expect(job).toMatchObject({
      status: 'validated',
      dryRun: { products: 2, new: 2, invalid: 0 },
      images: { fileName: 'photos.zip', status: 'stored', stored: 3, problems: 1 },
    });
    // The map is kept with the job; the zip itself is gone before the apply, which never needs it.
    expect(readdirSync(join(t.config.dataDir, 'catalog-imports'))).not.toContain(`${job.id}.zip`);

    const applied = await apply(t, cookie, job.id);
    expect(applied.applied).toMatchObject({ new: 2, invalid: 0 });
    const stored = await readProducts(t.database.db, ['ZIP-1', 'ZIP-2']);
    const [front, back] = stored.get('ZIP-1')!.document.images;
    const [side, frontAgain] = stored.get('ZIP-2')!.document.images;
    for (const source of [front, back, side]) expect(source).toMatch(UPLOAD_SOURCE);
    expect(frontAgain).toBe(front);
    expect(new Set([front, back, side]).size).toBe(3);
    expect(await served(front!)).toEqual({ status: 200, type: 'image/jpeg' });
    expect(await served(side!, '?w=160')).toEqual({ status: 200, type: 'image/webp' });

    // The same file and zip again: the same photos, the same sources, nothing to change.
    const again = await dryRun(t, cookie, 'zip.csv', file, {
      fileName: 'photos.zip',
      content: zip,
    });
    expect(again.dryRun).toMatchObject({ unchanged: 2, new: 0, changed: 0 });
  });

  it('reports a name that is no photo by row and column, and applies nothing', async () => {
    const zip = await zipOf({ 'front.jpg': await photo(20, 20), 'notes.svg': SVG });
    const file = csv([
      product('ZIP-3', ['front.jpg']),
      product('ZIP-4', ['front.jpg', 'side.jpg']),
      product('ZIP-5', ['notes.svg']),
    ]);
    const job = await dryRun(t, cookie, 'zip.csv', file, { fileName: 'photos.zip', content: zip });
    expect(job.issues.map((i) => issueText(i))).toEqual([
      'row 3, column image_2: side.jpg is not in photos.zip: name a file of the zip, by its path or its file name',
      'row 4, column image_1: notes.svg in photos.zip: The file is not an image we can read: upload a JPEG, PNG, WebP, GIF, AVIF or TIFF',
    ]);
    expect(job.issues.map((i) => [i.code, i.productCode])).toEqual([
      ['image_not_in_zip', 'ZIP-4'],
      ['image_invalid', 'ZIP-5'],
    ]);
    expect(job.dryRun).toMatchObject({ products: 3, new: 1, invalid: 2 });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/staff/catalog/imports/${job.id}/apply`,
      headers: { cookie },
    });
    expect(refused.json().code).toBe('import_has_errors');

    // Without a zip, a file name names nothing.
    const bare = await dryRun(t, cookie, 'nozip.csv', csv([product('ZIP-6', ['front.jpg'])]));
    expect(bare.issues.map((i) => issueText(i))).toEqual([
      'row 2, column image_1: front.jpg names a photo, but no zip of photos came with this file: upload the zip beside it (or give an uploads/… source or a URL)',
    ]);
    expect(bare.images).toBeNull();
  });

  it('refuses a zip that is not one, or damaged, at the upload; and parts it does not take', async () => {
    const upload = async (parts: Parameters<typeof multipartFiles>[0]) => {
      const { payload, headers } = multipartFiles(parts);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/staff/catalog/imports',
        payload,
        headers: { ...headers, cookie },
      });
      return { status: response.statusCode, body: response.json() as { code: string } };
    };
    const file = { fileName: 'a.csv', content: csv([product('ZIP-7', ['a.jpg'])]) };
    const before = readdirSync(join(t.config.dataDir, 'catalog-imports'));
    expect(
      await upload({ file, images: { fileName: 'photos.zip', content: 'not a zip' } }),
    ).toMatchObject({ status: 400, body: { code: 'zip_invalid' } });
    expect(
      await upload({ file, images: { fileName: 'photos.rar', content: 'Rar!' } }),
    ).toMatchObject({
      status: 400,
      body: { code: 'import_images_not_zip' },
    });
    expect(
      await upload({ file, images: { fileName: 'p.zip', content: 'x' }, extra: file }),
    ).toMatchObject({ status: 400, body: { code: 'import_parts' } });
    expect(
      await upload({ images: { fileName: 'p.zip', content: await zipOf({ 'a.jpg': 'x' }) } }),
    ).toMatchObject({ status: 400, body: { code: 'import_file_missing' } });
    // Nothing is left behind by a refused upload.
    expect(readdirSync(join(t.config.dataDir, 'catalog-imports'))).toEqual(before);
  });
});

describe('photos by URL', () => {
  let server: Server;
  let base: string;
  const requests: string[] = [];
  beforeAll(async () => {
    const jpeg = await photo(30, 30, '#884400');
    server = createServer((request, response) => {
      requests.push(request.url!);
      if (request.url === '/p.jpg') {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.end(jpeg);
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses URL cells while fetching is off (the default), by row and column', async () => {
    const job = await dryRun(t, cookie, 'urls.csv', csv([product('URL-1', [`${base}/p.jpg`])]));
    expect(job.issues.map((i) => issueText(i))).toEqual([
      `row 2, column image_1: ${base}/p.jpg is a URL, and this server does not fetch images by URL (IMAGE_URL_FETCH is off): put the photo in the zip and name its file here`,
    ]);
    expect(requests).toEqual([]);
  });

  it('keeps a URL the product lists already, fetching or not: an export imported again changes nothing', async () => {
    const doc = product('URL-KEPT', ['https://cdn.example.com/kept.jpg']);
    await t.database.db.transaction((tx) => saveProducts(tx, [doc]));
    const job = await dryRun(t, cookie, 'kept.csv', csv([doc]));
    expect(job.issues).toEqual([]);
    expect(job.dryRun).toMatchObject({ unchanged: 1 });
  });

  it('with IMAGE_URL_FETCH on, the dry run fetches and stores each URL once; the apply fetches nothing', async () => {
    const config = { ...t.config, images: { ...t.config.images, urlFetch: true } };
    // The test's server is on this machine: the importer's test-only override lets it be reached.
    const runner = new ImportRunner(t.database.db, config, undefined, {
      allowPrivateAddresses: true,
    });
    const actor = { staffId: member.id, actor: member.email, ip: null, userAgent: null };
    const upload = (name: string, content: string) =>
      createImportJob(t.database.db, t.config.dataDir, actor, [
        { field: 'file', fileName: name, stream: Readable.from([content]) },
      ]);

    const failing = await upload(
      'urls.csv',
      csv([product('URL-2', [`${base}/p.jpg`]), product('URL-3', [`${base}/gone.jpg`])]),
    );
    await runner.start(failing.id);
    const report: ImportJob = await importJob(t.database.db, failing.id);
    expect(report.issues.map((i) => issueText(i))).toEqual([
      `row 3, column image_1: ${base}/gone.jpg answered 404, not an image`,
    ]);
    expect(report.issues[0]!.code).toBe('image_fetch_failed');

    requests.length = 0;
    const good = await upload(
      'urls.csv',
      csv([product('URL-2', [`${base}/p.jpg`]), product('URL-4', [`${base}/p.jpg`])]),
    );
    await runner.start(good.id);
    expect((await importJob(t.database.db, good.id)).dryRun).toMatchObject({ new: 2, invalid: 0 });
    expect(requests).toEqual(['/p.jpg']);
    await requestApply(t.database.db, actor, good.id);
    await runner.start(good.id);
    expect((await importJob(t.database.db, good.id)).applied).toMatchObject({ new: 2 });
    expect(requests).toEqual(['/p.jpg']);
    const stored = await readProducts(t.database.db, ['URL-2', 'URL-4']);
    const source = stored.get('URL-2')!.document.images[0]!;
    expect(source).toMatch(UPLOAD_SOURCE);
    expect(stored.get('URL-4')!.document.images).toEqual([source]);
    expect(await served(source)).toEqual({ status: 200, type: 'image/jpeg' });
    expect(existsSync(join(t.config.dataDir, 'images', source))).toBe(true);
  });
});
