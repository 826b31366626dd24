/**
 * Issue 17, "unbounded memory through the response cache": 4,000 requests of
 * `/api/products?query=<16,000 spaces>zzN`, each valid and each a new cache key, grew the server
 * by 72 MB. The query's length is now checked before it is trimmed, unknown parameters are
 * refused, and what valid requests can still fill is bounded in entries and bytes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCache } from '../../lib/response-cache.js';
import { registerStrictInput } from '../../lib/strict-input.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { TaxSetupCache } from '../gst/tax-setup.js';
import { catalogRoutes } from './routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ products: 40 });
});
afterAll(() => t.close());

describe('requests that once minted cache keys without bound', () => {
  it('a query padded past 200 characters with spaces is refused, not trimmed into range', async () => {
    for (let i = 0; i < 20; i++) {
      const response = await t.app.inject({
        url: `/api/products?query=${' '.repeat(16_000)}zz${i}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_data' });
      expect((response.json() as { detail: string }).detail).toMatch(/^query: .*200/);
    }
  });

  it.each([
    '/api/products?query=baby&junk=1',
    '/api/products/categories?junk=2',
    '/api/products/collections?junk=5',
    '/api/products/product/ffffffffffffffffffffffff?junk=3',
    '/api/products/recommend/ffffffffffffffffffffffff?v=4',
  ])('%s is refused: an unknown parameter names no other answer', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(400);
    const name = /[?&](\w+)=\d$/.exec(url)![1];
    expect(response.json()).toEqual({
      detail: `Unknown query parameter: ${name}`,
      code: 'invalid_data',
      fields: { _: `Unknown query parameter: ${name}` },
    });
  });
});

describe('distinct valid requests, thousands of them', () => {
  let app: FastifyInstance;
  // The catalog's own routes twice, each on a cache small enough to fill within the test: one
  // that the number of entries bounds, one that the bytes bound.
  const byEntries = new ResponseCache({ maxEntries: 200, maxBytes: 1024 * 1024 });
  const byBytes = new ResponseCache({ maxEntries: 10_000, maxBytes: 128 * 1024 });

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerStrictInput(app);
    await app.register(catalogRoutes(t.database.db, byEntries, new TaxSetupCache(t.database.db)), {
      prefix: '/entries',
    });
    await app.register(catalogRoutes(t.database.db, byBytes, new TaxSetupCache(t.database.db)), {
      prefix: '/bytes',
    });
    await app.ready();
  });
  afterAll(() => app.close());

  async function fill(cache: ResponseCache, urls: string[]) {
    let peak = { size: 0, bytes: 0 };
    for (const url of urls) {
      expect((await app.inject({ url })).statusCode).toBe(200);
      expect(cache.size).toBeLessThanOrEqual(cache.limits.maxEntries);
      expect(cache.bytes).toBeLessThanOrEqual(cache.limits.maxBytes);
      peak = { size: Math.max(peak.size, cache.size), bytes: Math.max(peak.bytes, cache.bytes) };
    }
    return peak;
  }

  it('of small answers under long keys stay within the entries (and bytes) of the cache', async () => {
    // Queries that name nothing: each a 44-byte empty page under a key of ~230 characters.
    const urls = Array.from(
      { length: 1000 },
      (_, i) => `/entries/api/products?query=${'z'.repeat(190)}${i}&limit=20&page=${1 + (i % 50)}`,
    );
    const peak = await fill(byEntries, urls);
    expect(peak.size).toBe(200);
    expect(byEntries.size).toBe(200);
  }, 600_000);

  it('of large answers stay within the bytes (and entries) of the cache', async () => {
    // Pages of the whole catalog at every page size: answers of 1 to 40 products.
    const urls = Array.from(
      { length: 1000 },
      (_, i) => `/bytes/api/products?limit=${1 + (i % 40)}&page=${1 + Math.floor(i / 40)}`,
    );
    const peak = await fill(byBytes, urls);
    // Filled to within one answer of its budget, then evicting: far fewer entries than requests.
    expect(peak.bytes).toBeGreaterThan(byBytes.limits.maxBytes - 40 * 1024);
    expect(byBytes.size).toBeLessThan(500);
  }, 600_000);
});
