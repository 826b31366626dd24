/**
 * G21 and G22 (reliability-and-security.md): every documented route, answering 2xx, 4xx and 5xx,
 * carries HSTS, a CSP with object-src and base-uri 'none', nosniff and a referrer policy;
 * authenticated answers are not stored; CORS echoes only allowed origins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app.js';
import { createBuyer, type TestBuyer } from './buyers.js';

let t: TestApp;
let buyer: TestBuyer;
let productId: string;
const ALLOWED = 'https://shop.example.in';

beforeAll(async () => {
  t = await buildTestApp({ products: 10, config: { corsOrigins: [ALLOWED] } });
  buyer = await createBuyer(t);
  productId = (
    (await t.app.inject({ url: '/api/products?limit=1' })).json() as { payload: { _id: string }[] }
  ).payload[0]!._id;
});
afterAll(() => t.close());

function expectSecurityHeaders(label: string, headers: Record<string, unknown>) {
  expect(headers['strict-transport-security'], label).toBe('max-age=31536000; includeSubDomains');
  const csp = String(headers['content-security-policy']);
  expect(csp, label).toContain("object-src 'none'");
  expect(csp, label).toContain("base-uri 'none'");
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toMatch(
    /^(strict-origin-when-cross-origin|no-referrer)$/,
  );
}

describe('security headers on every route (G21)', () => {
  it('are present on 2xx and 4xx answers of every documented operation', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const good = path.replace(/\{[^}]+\}/g, productId);
        const bad = path.replace(/\{[^}]+\}/g, 'not-an-id');
        for (const url of [good, bad]) {
          for (const headers of [{}, buyer.headers]) {
            const response = await t.app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              headers,
              ...(method === 'get' ? {} : { payload: {} }),
            });
            expect(response.statusCode).toBeLessThan(500);
            expectSecurityHeaders(`${method} ${url} → ${response.statusCode}`, response.headers);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('are present on the SPA, images and the sandbox gateway pages', async () => {
    for (const url of [
      '/',
      '/products/ffffffffffffffffffffffff',
      '/no/such/page',
      '/images/products/nothing.png',
      '/sandbox-pay/unknown',
      // Malformed percent-encoding: Fastify answers before any hook runs.
      '/api/products/product/%E0%A4%A',
      '/images/products/%E0%A4%A.png',
      '/categories/%ZZ',
    ]) {
      const response = await t.app.inject({ url });
      expectSecurityHeaders(url, response.headers);
    }
  });

  it('keeps authenticated answers out of caches', async () => {
    for (const url of ['/api/cart/', '/api/orders/', '/api/user/me']) {
      const response = await t.app.inject({ url, headers: buyer.headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('sends no-referrer on the email-verification page, whose URL carries a one-time token', async () => {
    const response = await t.app.inject({ url: '/verify-email/abc' });
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('are present on a 5xx too, whose body tells nothing of the cause', async () => {
    const broken = await buildTestApp({ products: 0 });
    await broken.database.close();
    const response = await broken.app.inject({ url: '/api/products/categories' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error', code: 'internal' });
    expectSecurityHeaders('5xx', response.headers);
    await broken.app.close();
  });
});

describe('CORS (G22)', () => {
  const call = (
    origin: string | undefined,
    method: 'GET' | 'OPTIONS' = 'GET',
    extra: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: '/api/products/categories',
      headers: { ...(origin ? { origin } : {}), ...extra },
    });

  it.each([
    'https://evil.example',
    'null',
    'https://shop.example.in.evil.example',
    'http://shop.example.in',
  ])('gives %s no Access-Control-Allow-Origin', async (origin) => {
    const response = await call(origin);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await call(origin, 'OPTIONS', {
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'refresh-token',
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('echoes an allowed origin exactly, with Vary: Origin', async () => {
    const response = await call(ALLOWED);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(response.headers.vary)).toMatch(/Origin/);
  });

  it('lets an allowed origin’s preflight carry the refresh-token header', async () => {
    const preflight = await call(ALLOWED, 'OPTIONS', {
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'refresh-token',
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('refresh-token');
  });
});
