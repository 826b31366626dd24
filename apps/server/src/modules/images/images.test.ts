import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ products: 60 });
});
afterAll(() => t.close());

describe('the image service', () => {
  it('renders a listed product image as an 800 px PNG, cached immutable', async () => {
    const response = await t.app.inject({ url: '/images/products/HK-000002-1.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 800, 800]);
  });

  it('draws the same picture for the same key every time', async () => {
    const a = await t.app.inject({ url: '/images/products/EL-000001-1.png' });
    const b = await t.app.inject({ url: '/images/products/EL-000001-1.png' });
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
  });

  it('serves a WebP at a listed width', async () => {
    const response = await t.app.inject({ url: '/images/products/HK-000002-1.png?w=320' });
    expect(response.headers['content-type']).toBe('image/webp');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 320]);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ url: '/images/products/HK-000002-1.png' });
    const again = await t.app.inject({
      url: '/images/products/HK-000002-1.png',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a width that is not offered', async () => {
    const response = await t.app.inject({ url: '/images/products/HK-000002-1.png?w=333' });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    'HK-000001-9.png',
    'HK-000001-missing.png',
    'nothing.png',
    '..%2f..%2fetc%2fpasswd',
    'HK-000002-1.gif',
  ])('answers 404 for %s, which no product lists', async (file) => {
    const response = await t.app.inject({ url: `/images/products/${file}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: expect.any(String) });
  });
});
