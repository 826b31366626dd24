import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_SOURCE } from '@storefront/shared/catalog-images';
import { loadConfig, type Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { photo, SVG } from '../../test/image-fixtures.js';
import {
  createImageImporter,
  imagesFromZip,
  isPublicAddress,
  type ImageImporter,
} from './import.js';
import { imageStorage, type ImageStorage } from './storage.js';

let dir: string;
let config: Config;
let storage: ImageStorage;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'storefront-image-import-'));
  config = loadConfig({ NODE_ENV: 'test', DATA_DIR: join(dir, 'data'), IMAGE_URL_FETCH: 'true' });
  storage = imageStorage(config);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let zips = 0;
/** A zip of `files` (name → bytes) written to a temporary file; answers its path. */
async function zipOf(files: Record<string, Buffer | string>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files))
    if (name.endsWith('/')) zip.addEmptyDirectory(name);
    else zip.addBuffer(Buffer.from(data), name);
  zip.end();
  const path = join(dir, `images-${++zips}.zip`);
  await finished(zip.outputStream.pipe(createWriteStream(path)));
  return path;
}

/** The AppError code a call fails with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

describe('images from an uploaded zip', () => {
  it('stores each image and answers its source by its path, and by its bare name when that is unique', async () => {
    const front = await photo(40, 30, '#ff0000');
    const back = await photo(40, 30, '#00ff00');
    const side = await photo(40, 30, '#0000ff');
    const path = await zipOf({
      'shirts/front.jpg': front,
      'shirts/back.jpg': back,
      'mugs/back.jpg': side, // a second back.jpg: no bare-name entry for either
      'top.jpg': front, // the same photo as shirts/front.jpg: the same source
    });
    const { sources, problems } = await imagesFromZip(storage, path);
    expect(problems).toEqual([]);
    expect([...sources.keys()].sort()).toEqual([
      'front.jpg',
      'mugs/back.jpg',
      'shirts/back.jpg',
      'shirts/front.jpg',
      'top.jpg',
    ]);
    for (const source of sources.values()) {
      expect(source).toMatch(UPLOAD_SOURCE);
      expect(await storage.exists(source)).toBe(true);
    }
    expect(sources.get('front.jpg')).toBe(sources.get('shirts/front.jpg'));
    expect(sources.get('top.jpg')).toBe(sources.get('shirts/front.jpg'));
    expect(sources.get('mugs/back.jpg')).not.toBe(sources.get('shirts/back.jpg'));
  });

  it('reports each file that is not an image, and skips the litter of Macs and Windows', async () => {
    const path = await zipOf({
      'a.jpg': await photo(20, 20),
      'notes.txt': 'prices as discussed',
      'logo.svg': SVG,
      'b.jpg': (await photo(400, 300)).subarray(0, 200),
      'big.jpg': Buffer.alloc(10 * 1024 * 1024 + 1),
      '__MACOSX/._a.jpg': 'resource fork',
      '.DS_Store': 'finder',
      'Thumbs.db': 'windows',
      'folder/': '',
    });
    const { sources, problems } = await imagesFromZip(storage, path);
    expect([...sources.keys()]).toEqual(['a.jpg']);
    // Too large is known from the directory, before any file is unpacked; the others after.
    expect(problems).toEqual([
      { file: 'big.jpg', code: 'image_too_large', detail: 'An image may be at most 10 MB' },
      { file: 'notes.txt', code: 'image_invalid', detail: expect.stringContaining('not an image') },
      { file: 'logo.svg', code: 'image_invalid', detail: expect.any(String) },
      { file: 'b.jpg', code: 'image_invalid', detail: expect.any(String) },
    ]);
  });

  it('refuses a zip that names a file outside its folder, unpacking nothing', async () => {
    const uploads = join(config.dataDir, 'images', 'uploads');
    const stored = () => (existsSync(uploads) ? readdirSync(uploads).length : 0);
    // yazl will not write such a name: written as 'xx/evil.jpg', then renamed in the bytes.
    const safe = readFileSync(await zipOf({ 'xx/evil.jpg': await photo(21, 21, '#010203') }));
    const before = stored();
    const path = join(dir, 'evil.zip');
    writeFileSync(
      path,
      Buffer.from(safe.toString('latin1').replaceAll('xx/evil.jpg', '../evil.jpg'), 'latin1'),
    );
    expect(await refusal(imagesFromZip(storage, path))).toBe('zip_unsafe_path');
    const absolute = join(dir, 'absolute.zip');
    writeFileSync(
      absolute,
      Buffer.from(safe.toString('latin1').replaceAll('xx/evil.jpg', '/x/evil.jpg'), 'latin1'),
    );
    expect(await refusal(imagesFromZip(storage, absolute))).toBe('zip_unsafe_path');
    expect(stored()).toBe(before);
  });

  it('refuses a zip of more entries, or more bytes unpacked, than its limits', async () => {
    const many = await zipOf(
      Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`${i}.jpg`, 'x'])),
    );
    expect(await refusal(imagesFromZip(storage, many, { entries: 4, totalBytes: 1e9 }))).toBe(
      'zip_too_many_entries',
    );
    const heavy = await zipOf({ 'a.jpg': Buffer.alloc(3000), 'b.jpg': Buffer.alloc(3000) });
    expect(await refusal(imagesFromZip(storage, heavy, { entries: 10, totalBytes: 5000 }))).toBe(
      'zip_too_large',
    );
  });

  it('refuses a file that is not a zip', async () => {
    const path = join(dir, 'not.zip');
    writeFileSync(path, 'PK but not really a zip');
    expect(await refusal(imagesFromZip(storage, path))).toBe('zip_invalid');
  });
});

describe('an image by URL', () => {
  let server: Server;
  let base: string;
  let requests: string[];
  let importer: ImageImporter;
  let image: Buffer;

  beforeAll(async () => {
    image = await photo(80, 60, '#884422');
    requests = [];
    server = createServer((req, res) => {
      requests.push(req.url!);
      if (req.url === '/photo.jpg')
        return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(image);
      if (req.url === '/moved') return res.writeHead(302, { location: '/photo.jpg' }).end();
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (req.url === '/huge')
        return res.writeHead(200, { 'content-length': String(11 * 1024 * 1024) }).end();
      if (req.url === '/endless') {
        // No length announced: 1 MB at a time until the client stops reading.
        res.writeHead(200);
        const chunk = Buffer.alloc(1024 * 1024);
        const more = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', more);
        };
        return more();
      }
      if (req.url === '/slow') return; // never answers
      if (req.url === '/page')
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    importer = createImageImporter(config, { allowPrivateAddresses: true, timeoutMs: 1000 });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fetches and stores it as an upload, following a redirect', async () => {
    const stored = await importer.fromUrl(`${base}/photo.jpg`);
    expect(stored).toMatchObject({
      source: expect.stringMatching(UPLOAD_SOURCE),
      width: 80,
      height: 60,
    });
    expect(await storage.exists(stored.source)).toBe(true);
    expect((await importer.fromUrl(`${base}/moved`)).source).toBe(stored.source);
  });

  it.each([
    ['/nothing', 'image_fetch_failed'],
    ['/page', 'image_invalid'],
    ['/loop', 'image_fetch_failed'],
    ['/huge', 'image_too_large'],
    ['/endless', 'image_too_large'],
    ['/slow', 'image_fetch_timeout'],
  ])('refuses %s with %s', async (path, code) => {
    expect(await refusal(importer.fromUrl(`${base}${path}`))).toBe(code);
  });

  it('is off unless the operator sets IMAGE_URL_FETCH=true', async () => {
    const off = loadConfig({ NODE_ENV: 'test', DATA_DIR: join(dir, 'data') });
    const before = requests.length;
    const refused = createImageImporter(off, { allowPrivateAddresses: true }).fromUrl(
      `${base}/photo.jpg`,
    );
    expect(await refusal(refused)).toBe('image_fetch_disabled');
    expect(requests.length).toBe(before);
  });

  it.each([
    'ftp://example.com/a.jpg',
    'file:///etc/passwd',
    'data:image/png;base64,iVBORw0KGgo=',
    'http://user:secret@example.com/a.jpg',
    'not a url',
  ])('refuses %s without a request', async (url) => {
    expect(await refusal(importer.fromUrl(url))).toBe('image_url_invalid');
  });

  it('without the test override, reaches no private or loopback address, by number or by name', async () => {
    const strict = createImageImporter(config);
    const before = requests.length;
    for (const url of [
      `${base}/photo.jpg`,
      `http://localhost:${new URL(base).port}/photo.jpg`,
      `http://[::ffff:127.0.0.1]:${new URL(base).port}/photo.jpg`,
      'http://10.1.2.3/a.jpg',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/a.jpg',
      'http://0.0.0.0/a.jpg',
    ])
      expect(await refusal(strict.fromUrl(url)), url).toBe('image_url_private');
    expect(requests.length).toBe(before);
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.0.0.8', false],
    ['172.16.4.1', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::a00:1', false],
    ['2002:a00:1::', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
