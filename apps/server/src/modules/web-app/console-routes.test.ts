/**
 * The console's page under /admin (decision 045): its own HTML for every console path, never
 * cached or indexed, under the storefront's security headers; and never the console's HTML
 * for a storefront path, nor the storefront's for a console path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { tempWebDist, type TempWebDist } from '../../test/web-dist.js';

const STOREFRONT = `<!doctype html><html><head><title>Shop</title><meta name="description" content="shop" /></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;
const CONSOLE = `<!doctype html><html><head><title>Console</title><script type="module" crossorigin src="/assets/admin.js"></script></head><body><div id="root"></div></body></html>`;

let t: TestApp;
let web: TempWebDist;
beforeAll(async () => {
  web = tempWebDist({
    'index.html': STOREFRONT,
    'admin.html': CONSOLE,
    'assets/admin.js': 'export {};',
  });
  t = await buildTestApp({ config: { webDist: web.dir } });
});
afterAll(async () => {
  await t.close();
  web.remove();
});

describe('the console page', () => {
  it.each([
    '/admin',
    '/admin/',
    '/admin/login?next=%2Fadmin%2Forders',
    '/admin/setup',
    '/admin/orders?status=PD&sort=oldest',
    '/admin/orders/MKP-20261126-ABC123',
    '/admin/no/such/page',
  ])('%s answers the console, never stored or indexed', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(CONSOLE);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
  });

  it('has the storefront’s security headers: no inline script or style, never framed', async () => {
    const admin = await t.app.inject({ url: '/admin/orders' });
    const shop = await t.app.inject({ url: '/faq' });
    const csp = String(admin.headers['content-security-policy']);
    expect(csp).toBe(shop.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    for (const header of [
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
    ])
      expect(admin.headers[header], header).toBe(shop.headers[header]);
  });

  it('answers HEAD without a body', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/admin' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it.each(['/', '/faq', '/administrator', '/admins/x', '/admin.html', '/no/such/page'])(
    '%s never answers the console',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.body, url).not.toContain('/assets/admin.js');
      expect(response.body, url).toContain('/assets/index.js');
      expect(response.headers['x-robots-tag'], url).toBeUndefined();
    },
  );

  it('the console’s own chunks are served as built assets', async () => {
    const response = await t.app.inject({ url: '/assets/admin.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('says the console is not built, as JSON, when the build has no admin.html', async () => {
    const bare = tempWebDist({ 'index.html': STOREFRONT });
    const other = await buildTestApp({ config: { webDist: bare.dir } });
    try {
      const response = await other.app.inject({ url: '/admin/orders' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: 'The console is not built',
        code: 'web_not_built',
      });
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await other.close();
      bare.remove();
    }
  });
});
