import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_SOURCE } from '@storefront/shared/catalog-images';
import { resolveImageUrl } from '@storefront/shared/images';
import { staffAuditLog } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { photo, pixelBomb, pngWithAlpha, sidewaysPhoto, SVG } from '../../test/image-fixtures.js';
import { multipartForm, type FormPart } from '../../test/multipart.js';
import { createStaff, signIn, type TestStaff } from '../../test/staff.js';

let t: TestApp;
let member: TestStaff;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  member = await createStaff(t, 'catalog');
  cookie = (await signIn(t, member)).cookie;
});
afterAll(() => t.close());

const URL = '/api/staff/catalog/images';

function upload(parts: FormPart[], headers: Record<string, string> = { cookie }) {
  const form = multipartForm(parts);
  return t.app.inject({
    method: 'POST',
    url: URL,
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
}
const file = (data: Buffer | string, filename = 'photo.jpg', contentType = 'image/jpeg') => ({
  name: 'file',
  filename,
  contentType,
  data,
});

async function auditEntries() {
  return t.database.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.action, 'catalog.image_upload'));
}

describe('uploading a product photo', () => {
  it('stores it upright, without its EXIF, under the hash of what was stored, and logs who did', async () => {
    const response = await upload([file(await sidewaysPhoto(), 'IMG_0042.jpg')]);
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(answer.source).toMatch(UPLOAD_SOURCE);
    expect(answer.source).toMatch(/\.jpg$/);
    // Turned a quarter turn: 40 × 20 as shot, 20 × 40 as seen.
    expect([answer.width, answer.height]).toEqual([20, 40]);

    const stored = await t.app.inject({ url: resolveImageUrl(answer.source) });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    expect(stored.rawPayload.length).toBe(answer.bytes);
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.rawPayload.includes('Secret Traders')).toBe(false);
    expect(stored.rawPayload.includes('Asha Mehta')).toBe(false);
    // The red left half of the sideways shot is now the top.
    const { data } = await sharp(stored.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 20 + x) * 3, (y * 20 + x) * 3 + 3),
    ];
    expect(pixel(10, 5)[0]).toBeGreaterThan(200);
    expect(pixel(10, 5)[2]).toBeLessThan(60);
    expect(pixel(10, 35)[2]).toBeGreaterThan(200);
    expect(pixel(10, 35)[0]).toBeLessThan(60);

    const [entry] = (await auditEntries()).filter((e) => e.targetId === answer.source);
    expect(entry).toMatchObject({
      actor: member.email,
      staffId: member.id,
      targetType: 'image',
      after: { ...answer, fileName: 'IMG_0042.jpg' },
    });
  });

  it('keeps the file in a directory under DATA_DIR', async () => {
    const { source } = (await upload([file(await photo(64, 48))])).json();
    expect(existsSync(join(t.config.dataDir, 'images', source))).toBe(true);
  });

  it('answers the same source for the same photo uploaded twice', async () => {
    const bytes = await photo(50, 50, '#aa8800');
    const first = (await upload([file(bytes)])).json();
    const second = (await upload([file(bytes, 'copy.jpg')])).json();
    expect(second.source).toBe(first.source);
  });

  it('keeps a PNG whose pixels are see-through as PNG, and makes an opaque one a JPEG', async () => {
    const clear = (await upload([file(await pngWithAlpha(true), 'logo.png', 'image/png')])).json();
    expect(clear.source).toMatch(/^uploads\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ url: resolveImageUrl(clear.source) });
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).hasAlpha).toBe(true);
    const solid = (await upload([file(await pngWithAlpha(false), 'box.png', 'image/png')])).json();
    expect(solid.source).toMatch(/\.jpg$/);
  });

  it('reads WebP, GIF and TIFF too', async () => {
    const base = sharp({ create: { width: 24, height: 16, channels: 3, background: '#123456' } });
    for (const [bytes, name] of [
      [await base.clone().webp().toBuffer(), 'a.webp'],
      [await base.clone().gif().toBuffer(), 'a.gif'],
      [await base.clone().tiff().toBuffer(), 'a.tiff'],
    ] as const) {
      const response = await upload([file(bytes, name, 'application/octet-stream')]);
      expect(response.statusCode, name).toBe(201);
      expect(response.json()).toMatchObject({ width: 24, height: 16 });
    }
  });

  it('takes a photo of several megabytes (the API’s 256 KB body limit is not the upload’s)', async () => {
    const noise = randomBytes(1200 * 1200 * 3); // noise: a JPEG of it stays large
    const big = await sharp(noise, { raw: { width: 1200, height: 1200, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const response = await upload([file(big)]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ width: 1200, height: 1200 });
  });

  it('scales a photo larger than 2048 px down to 2048 on its longest side', async () => {
    const { width, height } = (await upload([file(await photo(3000, 1500))])).json();
    expect([width, height]).toEqual([2048, 1024]);
  });

  it.each([
    ['a text file named .jpg', Buffer.from('just some text, not a photo'), 'image_invalid', 400],
    ['an SVG', SVG, 'image_invalid', 400],
    [
      'a PDF',
      Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF'),
      'image_invalid',
      400,
    ],
    ['an empty file', Buffer.alloc(0), 'image_invalid', 400],
    ['a 400-megapixel PNG of 69 bytes', pixelBomb(), 'image_too_many_pixels', 400],
  ])('refuses %s with %s', async (_name, bytes, code, status) => {
    const before = (await auditEntries()).length;
    const response = await upload([file(bytes)]);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, detail: expect.any(String) });
    expect((await auditEntries()).length).toBe(before);
  });

  it('refuses a JPEG cut off halfway', async () => {
    const whole = await photo(400, 300);
    const response = await upload([file(whole.subarray(0, whole.length / 2))]);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('image_invalid');
  });

  it('refuses a file over 10 MB with 413, having read no more of it than the limit', async () => {
    const response = await upload([file(Buffer.alloc(10 * 1024 * 1024 + 1, 0xff))]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'image_too_large',
      detail: 'An image may be at most 10 MB',
    });
  });

  it('refuses two files, a field it does not know, and a form without a file', async () => {
    const image = await photo(10, 10);
    const two = await upload([file(image), { ...file(image), name: 'file2' }]);
    expect([two.statusCode, two.json().code]).toEqual([400, 'too_many_files']);
    const extra = await upload([file(image), { name: 'role', data: 'owner' }]);
    expect([extra.statusCode, extra.json().detail]).toEqual([400, 'Unknown field: role']);
    const none = await upload([{ name: 'note', data: 'hello' }]);
    expect(none.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { cookie },
      payload: { file: 'x' },
    });
    expect([json.statusCode, json.json().code]).toEqual([400, 'invalid_data']);
    const broken = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
    });
    expect([broken.statusCode, broken.json().code]).toEqual([400, 'invalid_multipart']);
  });

  it('is for the catalog role and owners only', async () => {
    const image = await photo(10, 10);
    const owner = (await signIn(t, await createStaff(t, 'owner'))).cookie;
    expect((await upload([file(image)], { cookie: owner })).statusCode).toBe(201);
    for (const role of ['fulfilment', 'finance'] as const) {
      const other = (await signIn(t, await createStaff(t, role))).cookie;
      const response = await upload([file(image)], { cookie: other });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('role_forbidden');
    }
    expect((await upload([file(image)], {})).statusCode).toBe(401);
  });
});

describe('serving an uploaded photo', () => {
  let source: string;
  beforeAll(async () => {
    source = (await upload([file(await photo(400, 300))])).json().source;
  });

  it('serves WebP at every listed width, never wider than the photo, cached immutable', async () => {
    for (const [w, width] of [
      [160, 160],
      [320, 320],
      [480, 400],
      [960, 400],
    ] as const) {
      const response = await t.app.inject({ url: `${resolveImageUrl(source)}?w=${w}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', width]);
    }
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const url = `${resolveImageUrl(source)}?w=320`;
    const first = await t.app.inject({ url });
    const again = await t.app.inject({
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    '0123456789abcdef0123456789abcdef.jpg',
    `${'f'.repeat(32)}.png`,
    'ABCDEF0123456789abcdef0123456789.jpg',
    '0123456789abcdef.jpg',
    '0123456789abcdef0123456789abcdef.gif',
    '..%2f..%2fsecrets%2fjwt-secret',
  ])('answers 404 for %s, which is not a stored upload', async (name) => {
    const response = await t.app.inject({ url: `/images/uploads/${name}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'image_not_found' });
  });

  it('refuses a width that is not offered', async () => {
    const response = await t.app.inject({ url: `${resolveImageUrl(source)}?w=333` });
    expect(response.statusCode).toBe(400);
  });
});
