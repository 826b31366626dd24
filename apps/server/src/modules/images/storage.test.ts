import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveImageUrl } from '@storefront/shared/images';
import { loadConfig } from '../../config.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { photo } from '../../test/image-fixtures.js';
import { multipartForm } from '../../test/multipart.js';
import { startS3, type TestS3 } from '../../test/s3-server.js';
import { createStaff, signIn } from '../../test/staff.js';
import { localImageStorage, s3ImageStorage, type ImageStorage } from './storage.js';

let s3: TestS3;
let directory: string;
beforeAll(async () => {
  s3 = await startS3();
  directory = mkdtempSync(join(tmpdir(), 'storefront-images-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(directory, { recursive: true, force: true });
});

const backends: [string, () => ImageStorage][] = [
  ['a directory', () => localImageStorage(directory)],
  ['an S3 bucket (s3rver)', () => s3ImageStorage(s3.settings)],
];

describe.each(backends)('image storage in %s', (_name, make) => {
  it('puts, gets, tells whether a key exists, and deletes', async () => {
    const storage = make();
    const key = 'uploads/0123456789abcdef0123456789abcdef.jpg';
    const bytes = Buffer.from('the stored bytes');
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, bytes, 'image/jpeg');
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.get(key)).toEqual(bytes);
    await storage.put(key, bytes, 'image/jpeg'); // the same object again: no error
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // already gone: no error
  });

  it('keeps keys apart', async () => {
    const storage = make();
    await storage.put('uploads/a.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('uploads/b.jpg', Buffer.from('b'), 'image/jpeg');
    expect(String(await storage.get('uploads/a.jpg'))).toBe('a');
    expect(String(await storage.get('uploads/b.jpg'))).toBe('b');
  });

  it.each([
    '../secrets/jwt-secret',
    '/etc/passwd',
    'uploads/../../x',
    'uploads//x',
    'Uploads/X',
    '',
  ])('refuses the key %j', async (key) => {
    const storage = make();
    await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      'Not an image storage key',
    );
    await expect(storage.get(key)).rejects.toThrow('Not an image storage key');
  });
});

describe('an S3 bucket that does not answer, or refuses', () => {
  it('fails the call instead of answering that nothing is there', async () => {
    const storage = s3ImageStorage({
      ...s3.settings,
      endpoint: 'http://127.0.0.1:9', // the discard port: nothing listens
    });
    await expect(storage.exists('uploads/a.jpg')).rejects.toThrow();
    await expect(storage.get('uploads/a.jpg')).rejects.toThrow();
  });

  it('with an access key the server does not know, is refused', async () => {
    const storage = s3ImageStorage({
      ...s3.settings,
      credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' },
    });
    await expect(storage.put('uploads/a.jpg', Buffer.from('a'), 'image/jpeg')).rejects.toThrow();
  });
});

describe('a server storing images in an S3 bucket (IMAGE_STORAGE=s3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const env = loadConfig({ NODE_ENV: 'test', DATA_DIR: directory, ...s3.env });
    t = await buildTestApp({ config: { images: env.images } });
  });
  afterAll(() => t.close());

  it('stores an upload in the bucket and serves it at full size and every width', async () => {
    const { cookie } = await signIn(t, await createStaff(t, 'catalog'));
    const form = multipartForm([
      { name: 'file', filename: 'p.jpg', contentType: 'image/jpeg', data: await photo(600, 400) },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/catalog/images',
      payload: form.payload,
      headers: { cookie, ...form.headers },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { source, bytes } = response.json();
    const inBucket = await s3ImageStorage(s3.settings).get(source);
    expect(inBucket?.length).toBe(bytes);

    const full = await t.app.inject({ url: resolveImageUrl(source) });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(inBucket!)).toBe(true);
    for (const w of [160, 320, 480]) {
      const resized = await t.app.inject({ url: `${resolveImageUrl(source)}?w=${w}` });
      expect((await sharp(resized.rawPayload).metadata()).width).toBe(w);
    }
  });

  it('answers 404 for an upload the bucket does not hold', async () => {
    const response = await t.app.inject({
      url: `/images/uploads/${'ab'.repeat(16)}.jpg?w=160`,
    });
    expect(response.statusCode).toBe(404);
  });
});
