/**
 * The served pages are compressed like the API (issue 2 "Serving"): the index HTML of the SPA,
 * the product page with its meta, and JSON alike, for clients that accept it.
 */
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '@storefront/shared/catalog';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertProducts } from '../../test/catalog-fixtures.js';
import { tempWebDist, type TempWebDist } from '../../test/web-dist.js';

// Over the compression threshold (1 KB), like the real index.html.
const ASSET = `export const chunk = ${JSON.stringify('x'.repeat(4000))};`;
const SHELL = `<!doctype html><html><head><title>Shell</title><meta name="description" content="shell" /></head><body><div id="root"></div><!-- ${'padding '.repeat(200)} --></body></html>`;

let t: TestApp;
let web: TempWebDist;
let productId: string;
beforeAll(async () => {
  web = tempWebDist({
    'index.html': SHELL,
    // As the web build writes each asset (apps/web/build/precompress.ts).
    'assets/chunk-abc.js': ASSET,
    'assets/chunk-abc.js.br': brotliCompressSync(ASSET),
    'assets/chunk-abc.js.gz': gzipSync(ASSET),
  });
  t = await buildTestApp({ products: 20, config: { webDist: web.dir } });
  productId = ((await t.app.inject({ url: '/api/products?limit=1' })).json() as ProductListResponse)
    .payload[0]!._id;
});
afterAll(async () => {
  await t.close();
  web.remove();
});

describe('compression of served pages', () => {
  it.each([
    ['/', 'text/html'],
    ['/products/PRODUCT', 'text/html'],
    ['/no/such/page', 'text/html'],
    ['/api/products?limit=20', 'application/json'],
  ])('%s answers brotli or gzip to a client that accepts it', async (url, type) => {
    const path = url.replace('PRODUCT', productId);
    const plain = await t.app.inject({ url: path });
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await t.app.inject({ url: path, headers: { 'accept-encoding': encoding } });
      expect(response.statusCode, path).toBe(plain.statusCode);
      expect(response.headers['content-type']).toContain(type);
      expect(response.headers['content-encoding'], `${path} ${encoding}`).toBe(encoding);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString()).toBe(plain.body);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends a built asset in the encoding the build wrote for it, never compressing it again', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['identity', undefined, (bytes: Buffer) => bytes],
    ] as const) {
      const response = await t.app.inject({
        url: '/assets/chunk-abc.js',
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      // The stored file, byte for byte: decoding it once gives the asset.
      expect(decode(response.rawPayload).toString(), accept).toBe(ASSET);
    }
  });

  it('still answers unknown API paths and other methods with the JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['GET', '/images'],
      ['POST', '/products/abc'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({
        detail: `No route for ${method} ${url}`,
        code: 'not_found',
      });
    }
  });

  it('answers a page by the route manifest: 200 for a page, 404 for a path naming none', async () => {
    for (const [url, status] of [
      ['/faq', 200],
      ['/verify-email/abc', 200],
      // The link without its token: the page says the token is missing (decision 038).
      ['/verify-email', 200],
      ['/order/abc/payment', 200],
      ['/no/such/page', 404],
      ['/products', 404],
    ] as const) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
  });

  it('answers HEAD for a page without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/faq' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });
});

describe('catalog data written into the page', () => {
  // `$&` (the match), `$'` (what follows it) and `$\`` (what precedes it) are what a
  // String.replace replacement string expands: in a product's name they spliced the shell's
  // head and body into the page.
  const NAME = "$&$'$`";

  it('keeps the page whole when a product’s name and description carry replacement patterns', async () => {
    const [id] = await insertProducts(t, [
      { name: NAME, code: 'DOLLAR-1', spPaise: 100_00, descriptionHtml: `<p>${NAME} $1 $$</p>` },
    ]);
    const response = await t.app.inject({ url: `/products/${id}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const count = (text: string) => html.split(text).length - 1;
    for (const part of ['<head>', '</head>', '<title>', '</title>', '<body>', '<div id="root">'])
      expect(count(part), part).toBe(1);
    const escaped = '$&amp;$&#39;$`';
    expect(html).toContain(`<title>${escaped} | B2B Storefront</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped} | B2B Storefront" />`);
    expect(html).toContain(
      `<meta name="description" content="${escaped} — ₹115.00 per unit incl. GST`,
    );
    expect(html).toContain(`&lt;p&gt;${escaped} $1 $$&lt;/p&gt;" />`);
    // The inlined answer carries the name as JSON (with & written \u0026).
    expect(html).toContain('"name":"$\\u0026$\'$`"');
    expect(html.startsWith('<!doctype html><html><head><title>')).toBe(true);
    expect(html.endsWith('</body></html>')).toBe(true);
  });
});
