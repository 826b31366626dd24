/**
 * Threats: a page of the shop framed by another site (clickjacking), a script or style loaded
 * from elsewhere or injected inline, a response sniffed as another type, the shop reached over
 * plain HTTP, a buyer's data kept by a shared or browser cache, a one-time link leaked in a
 * Referer, and another origin reading the API from a browser (G21, G22 of
 * reliability-and-security.md; ASVS 5.0 3.4.1–3.4.6, 14.3.2; docs/security.md "Headers").
 *
 * Every kind of answer the server gives is listed below and checked for the same set of headers
 * (lib/security-headers.ts): JSON 2xx, each 4xx the API answers, a 5xx, pages (found and not),
 * built scripts and styles, product images, the sandbox gateway's page, stylesheet and redirect,
 * the OpenAPI document, HEAD requests and CORS preflights. Private answers are not stored.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema.js';
import { createUser } from '../modules/users/test-support.js';
import { buildTestApp, type TestApp } from './app.js';
import { createBuyer, shippingAddress, type TestBuyer } from './buyers.js';
import { documentedOperations } from './openapi-operations.js';
import { createStaff, signIn } from './staff.js';

let t: TestApp;
let buyer: TestBuyer;
let productId: string;
let image: string;
let orderId: string;
let gatewayPath: string;
const ALLOWED = 'https://shop.example.in';

beforeAll(async () => {
  t = await buildTestApp({
    products: 10,
    config: { corsOrigins: [ALLOWED] },
    // The sandbox gateway's callbacks are answered here, never sent to a server on PUBLIC_URL.
    payments: { deliverCallback: async () => 200 },
  });
  buyer = await createBuyer(t);
  const [product] = (
    (await t.app.inject({ url: '/api/products?limit=1' })).json() as {
      payload: { _id: string }[];
    }
  ).payload;
  productId = product!._id;
  const rows = await t.database.db.select({ images: products.images }).from(products);
  const key = rows.flatMap((row) => row.images).find((source) => !source.endsWith('-missing'));
  image = `/images/${key!}.png`;
  const headers = buyer.headers;
  await t.app.inject({
    method: 'POST',
    url: `/api/cart/items/${productId}`,
    headers,
    payload: { quantity: 1, source: 'Ex-china' },
  });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers,
    payload: shippingAddress('Meera Iyer'),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  orderId = (placed.json() as { payload: { _id: { $oid: string } } }).payload._id.$oid;
  const pay = await t.app.inject({ url: `/api/payments/pay/${orderId}`, headers });
  expect(pay.statusCode, pay.body).toBe(200);
  gatewayPath = new URL((pay.json() as { paymentUrl: string }).paymentUrl, t.config.publicUrl)
    .pathname;
});
afterAll(() => t.close());

function expectSecurityHeaders(label: string, headers: Record<string, unknown>) {
  expect(headers['strict-transport-security'], label).toBe('max-age=31536000; includeSubDomains');
  const csp = String(headers['content-security-policy']);
  for (const directive of [
    "default-src 'self'",
    "script-src 'self';",
    "style-src 'self';",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ])
    expect(csp, label).toContain(directive);
  expect(csp, label).not.toContain('unsafe-');
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(headers['referrer-policy'], label).toMatch(
    /^(strict-origin-when-cross-origin|no-referrer)$/,
  );
  expect(headers['cross-origin-opener-policy'], label).toBe('same-origin');
  expect(headers['cross-origin-resource-policy'], label).toBe('same-origin');
  expect(headers['x-powered-by'], label).toBeUndefined();
}

interface Kind {
  kind: string;
  request: () => InjectOptions | Promise<InjectOptions>;
  status: number;
  type: RegExp;
  /** The Cache-Control it carries (undefined: none). */
  cache?: string;
}

const asset = (extension: string) => {
  const name = readdirSync(join(t.config.webDist, 'assets')).find((f) => f.endsWith(extension));
  return `/assets/${name!}`;
};
const json = /^application\/json/;
const html = /^text\/html/;

const KINDS: Kind[] = [
  {
    kind: 'JSON 200, public and cacheable for a minute',
    request: () => ({ url: '/api/products' }),
    status: 200,
    type: json,
    cache: 'public, max-age=60',
  },
  {
    kind: "JSON 200, a buyer's cart",
    request: () => ({ url: '/api/cart/', headers: buyer.headers }),
    status: 200,
    type: json,
    cache: 'no-store',
  },
  {
    kind: "JSON 200, a buyer's order",
    request: () => ({ url: `/api/orders/order/${orderId}`, headers: buyer.headers }),
    status: 200,
    type: json,
    cache: 'no-store',
  },
  {
    kind: "CSV 200, the order desk's export, a staff member's download",
    request: async () => ({
      url: '/api/staff/orders/export.csv',
      headers: { cookie: (await signIn(t, await createStaff(t, 'owner'))).cookie },
    }),
    status: 200,
    type: /^text\/csv; charset=utf-8$/,
    cache: 'no-store',
  },
  {
    kind: 'JSON 400, invalid query',
    request: () => ({ url: '/api/products?limit=abc' }),
    status: 400,
    type: json,
  },
  {
    kind: 'JSON 400, a URL that does not decode',
    request: () => ({ url: '/api/products/product/%E0%A4%A' }),
    status: 400,
    type: json,
  },
  {
    kind: 'JSON 401, no token',
    request: () => ({ url: '/api/cart/' }),
    status: 401,
    type: json,
  },
  {
    kind: 'JSON 403, an unverified account logging in',
    request: async () => {
      const user = await createUser(t.database.db, { verified: false });
      return {
        method: 'POST',
        url: '/api/user/login',
        payload: { email: user.email, password: user.password },
      };
    },
    status: 403,
    type: json,
    cache: 'no-store',
  },
  {
    kind: 'JSON 404, no such route',
    request: () => ({ url: '/api/nothing-here' }),
    status: 404,
    type: json,
  },
  {
    kind: 'JSON 404, a method the route does not take',
    request: () => ({ method: 'DELETE', url: '/api/products' }),
    status: 404,
    type: json,
  },
  {
    kind: 'JSON 413, a body over 256 KB',
    request: () => ({
      method: 'POST',
      url: '/api/products/multiple-products',
      headers: { 'content-type': 'application/json' },
      payload: `{"pad":"${'x'.repeat(256 * 1024)}"}`,
    }),
    status: 413,
    type: json,
  },
  {
    kind: 'JSON 414, a path parameter over 200 characters',
    request: () => ({
      method: 'POST',
      url: `/api/cart/items/${'a'.repeat(201)}`,
      payload: { quantity: 1, source: 'Ex-china' },
    }),
    status: 414,
    type: json,
  },
  {
    kind: 'JSON 415, a content type the route does not read',
    request: () => ({
      method: 'POST',
      url: '/api/products/multiple-products',
      headers: { 'content-type': 'application/xml' },
      payload: '<ids/>',
    }),
    status: 415,
    type: json,
  },
  {
    kind: 'JSON 400 in the Algolia protocol',
    request: () => ({
      method: 'POST',
      url: '/api/search/1/indexes/*/queries',
      headers: { 'content-type': 'application/json' },
      payload: '{"requests": 1}',
    }),
    status: 400,
    type: json,
  },
  {
    kind: 'the OpenAPI document',
    request: () => ({ url: '/api/openapi.json' }),
    status: 200,
    type: json,
  },
  {
    kind: 'HTML page',
    request: () => ({ url: '/' }),
    status: 200,
    type: html,
    cache: 'no-cache',
  },
  {
    kind: 'HTML page of a product',
    request: () => ({ url: `/products/${productId}` }),
    status: 200,
    type: html,
    cache: 'no-cache',
  },
  {
    kind: 'HTML not-found page',
    request: () => ({ url: '/no/such/page' }),
    status: 404,
    type: html,
    cache: 'no-cache',
  },
  {
    kind: 'HEAD of an HTML page',
    request: () => ({ method: 'HEAD', url: '/' }),
    status: 200,
    type: html,
    cache: 'no-cache',
  },
  {
    kind: 'built script',
    request: () => ({ url: asset('.js') }),
    status: 200,
    type: /^application\/javascript/,
    cache: 'public, max-age=31536000, immutable',
  },
  {
    kind: 'built stylesheet',
    request: () => ({ url: asset('.css') }),
    status: 200,
    type: /^text\/css/,
    cache: 'public, max-age=31536000, immutable',
  },
  {
    kind: 'HEAD of a built script',
    request: () => ({ method: 'HEAD', url: asset('.js') }),
    status: 200,
    type: /^application\/javascript/,
    cache: 'public, max-age=31536000, immutable',
  },
  {
    kind: 'product image (PNG)',
    request: () => ({ url: image }),
    status: 200,
    type: /^image\/png$/,
    cache: 'public, max-age=31536000, immutable',
  },
  {
    kind: 'product image (WebP at a width)',
    request: () => ({ url: `${image}?w=320` }),
    status: 200,
    type: /^image\/webp$/,
    cache: 'public, max-age=31536000, immutable',
  },
  {
    kind: 'HEAD of a product image',
    request: () => ({ method: 'HEAD', url: image }),
    status: 200,
    type: /^image\/png$/,
    cache: 'public, max-age=31536000, immutable',
  },
  {
    kind: 'image not found (JSON 404)',
    request: () => ({ url: '/images/products/nothing.png' }),
    status: 404,
    type: json,
  },
  {
    kind: "the sandbox gateway's page",
    request: () => ({ url: gatewayPath }),
    status: 200,
    type: html,
    cache: 'no-store',
  },
  {
    kind: "the sandbox gateway's stylesheet",
    request: () => ({ url: '/sandbox-pay/gateway.css' }),
    status: 200,
    type: /^text\/css/,
    cache: 'public, max-age=3600',
  },
  {
    kind: 'redirect (the gateway back to the shop)',
    request: () => ({
      method: 'POST',
      url: `${gatewayPath}/decline`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    }),
    status: 303,
    type: /^(text\/plain|$)/,
  },
];

describe('security headers on every kind of answer (G21)', () => {
  it.each(KINDS.map((k) => [k.kind, k] as const))('%s', async (_kind, k) => {
    const response = await t.app.inject(await k.request());
    expect(response.statusCode, response.body.slice(0, 200)).toBe(k.status);
    expect(String(response.headers['content-type'] ?? '')).toMatch(k.type);
    expect(response.headers['cache-control']).toBe(k.cache);
    expectSecurityHeaders(k.kind, response.headers);
  });

  it('a JSON 429 of a rate limit, with Retry-After', async () => {
    // Resending a verification link is limited per email (a few an hour): ask until refused.
    let response;
    for (let i = 0; i < 200; i++) {
      response = await t.app.inject({
        method: 'POST',
        url: '/api/user/resend-verification',
        payload: { email: 'someone@example.in' },
      });
      if (response.statusCode !== 202) break;
    }
    expect(response!.statusCode).toBe(429);
    expect(response!.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(response!.headers['retry-after'])).toBeGreaterThan(0);
    expectSecurityHeaders('429', response!.headers);
  });

  it('a 5xx, whose body tells nothing of the cause', async () => {
    const broken = await buildTestApp({ products: 0 });
    // A fault of the server's own (a closed or restarting database answers 503, not this).
    await broken.database.db.execute(sql`DROP TABLE categories CASCADE`);
    const response = await broken.app.inject({ url: '/api/products/categories' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error', code: 'internal' });
    expectSecurityHeaders('5xx', response.headers);
    await broken.close();
  });

  it('every documented operation, answering 2xx and 4xx, with and without a token', async () => {
    const operations = await documentedOperations(t.app);
    let checked = 0;
    for (const op of operations) {
      for (const url of [
        op.path.replace(/\{[^}]+\}/g, productId),
        op.path.replace(/\{[^}]+\}/g, 'not-an-id'),
      ]) {
        for (const headers of [{}, buyer.headers]) {
          const response = await t.app.inject({
            method: op.method as 'GET',
            url,
            headers,
            ...(op.method === 'GET' ? {} : { payload: {} }),
          });
          expect(response.statusCode).toBeLessThan(500);
          expectSecurityHeaders(`${op.method} ${url} → ${response.statusCode}`, response.headers);
          checked++;
        }
      }
    }
    expect(checked).toBe(operations.length * 4);
  });

  it('no-store on every answer to a signed-in caller, and on every account answer', async () => {
    const operations = await documentedOperations(t.app);
    const stored: string[] = [];
    const signedIn = operations.filter(
      (op) => op.schemes.length > 0 || op.path.startsWith('/api/user/'),
    );
    for (const op of signedIn) {
      const url = op.path.replace(/\{[^}]+\}/g, op.path.includes('order') ? orderId : productId);
      const response = await t.app.inject({
        method: op.method as 'GET',
        url,
        headers: buyer.headers,
        ...(op.method === 'GET' ? {} : { payload: {} }),
      });
      if (response.headers['cache-control'] !== 'no-store')
        stored.push(
          `${op.method} ${url} → ${response.statusCode} ${response.headers['cache-control']}`,
        );
    }
    expect(signedIn.length).toBeGreaterThan(12);
    expect(stored).toEqual([]);
  });

  it('no-referrer on the email-verification page, whose URL carries a one-time token', async () => {
    const response = await t.app.inject({ url: '/verify-email/abc' });
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expectSecurityHeaders('verify-email', response.headers);
  });

  it.each(['/reset-password/abc', '/change-email/abc'])(
    'no-referrer on %s, whose URL carries a one-time token too (decision 067)',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expectSecurityHeaders(url, response.headers);
    },
  );
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

  it('lets an allowed origin’s preflight carry the refresh-token header, with the security headers', async () => {
    const preflight = await call(ALLOWED, 'OPTIONS', {
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'refresh-token',
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('refresh-token');
    expectSecurityHeaders('preflight', preflight.headers);
  });
});
