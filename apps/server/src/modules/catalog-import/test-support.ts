/** Uploading and following catalog imports in tests, as the console does. */
import { buffer } from 'node:stream/consumers';
import yazl from 'yazl';
import { expect } from 'vitest';
import type { ImportJob } from '@storefront/shared/catalog-transfer';
import type { TestApp } from '../../test/app.js';

/** A file of an upload: its name and content. */
export interface UploadFile {
  fileName: string;
  content: string | Buffer;
}

/** A multipart/form-data body of file parts, by field: `file`, and `images` (a zip) if given. */
export function multipartFiles(parts: Record<string, UploadFile>) {
  const boundary = `----storefront${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    ...Object.entries(parts).flatMap(([field, { fileName, content }]) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${fileName.endsWith('.zip') ? 'application/zip' : 'text/csv'}\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body of one file part named `field`. */
export function multipartFile(fileName: string, content: string | Buffer, field = 'file') {
  return multipartFiles({ [field]: { fileName, content } });
}

/** Polls the job until it is no longer running (validating, applying). */
export async function settled(t: TestApp, cookie: string, id: string): Promise<ImportJob> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await t.app.inject({
      url: `/api/staff/catalog/imports/${id}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json() as ImportJob;
    if (job.status !== 'validating' && job.status !== 'applying') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not settle`);
}

/** Uploads a file (with a zip of its photos) and answers its job once the dry run has finished. */
export async function dryRun(
  t: TestApp,
  cookie: string,
  fileName: string,
  content: string | Buffer,
  images?: UploadFile,
): Promise<ImportJob> {
  const { payload, headers } = multipartFiles({
    file: { fileName, content },
    ...(images ? { images } : {}),
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/staff/catalog/imports',
    payload,
    headers: { ...headers, cookie },
  });
  expect(response.statusCode, response.body).toBe(202);
  return settled(t, cookie, (response.json() as ImportJob).id);
}

/** Applies a validated job and answers it once applied. */
export async function apply(t: TestApp, cookie: string, id: string): Promise<ImportJob> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/staff/catalog/imports/${id}/apply`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(202);
  return settled(t, cookie, id);
}

/** A zip of `files` (path in the zip → bytes), as a seller's system makes one. */
export async function zipOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  return buffer(zip.outputStream);
}
