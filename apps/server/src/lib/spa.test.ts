/**
 * The served pages are compressed like the API (issue 2 "Serving"): the index HTML of the SPA,
 * the product page with its meta, and JSON alike, for clients that accept it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '@storefront/shared/catalog';
import { buildTestApp, type TestApp } from '../test/app.js';

// Over the compression threshold (1 KB), like the real index.html.
const SHELL = `<!doctype html><html><head><title>Shell</title><meta name="description" content="shell" /></head><body><div id="root"></div><!-- ${'padding '.repeat(200)} --></body></html>`;

let t: TestApp;
let webDist: string;
let productId: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDist, 'index.html'), SHELL);
  t = await buildTestApp({ products: 20, config: { webDist } });
  productId = ((await t.app.inject({ url: '/api/products?limit=1' })).json() as ProductListResponse)
    .payload[0]!._id;
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
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

  it('answers HEAD for a page without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/faq' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });
});
